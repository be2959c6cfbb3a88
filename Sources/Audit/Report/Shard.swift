import AASA

/// One part of a run split over machines or CI jobs (`audit --shard I/N`, numbered from 1 like Playwright's and
/// Jest's `--shard=1/4`): report.json's `shard`. A domain's part depends only on its name, so the same domain
/// lands in the same shard on every machine and run, and `merge` can tell a missing shard from an empty one.
public struct Shard: Codable, Sendable, Equatable {
    /// From 1 to `count`.
    public var index: Int
    public var count: Int
    /// Domains in the whole run before it was split, and the SHA-256 of their names in order, one per line:
    /// shards of one run agree on both, so `merge` refuses shards that were given different lists.
    public var inputs: Int?
    public var inputsSHA256: String?
    /// Each of this shard's domains (audited or not) by its place in the whole run's list, so `merge` lists the
    /// domains in the order a single run would.
    public var positions: [String: Int]?

    /// How many parts a run may be split into: `--shard`'s N, and what `merge` accepts.
    public static let counts = 1...10_000

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// "2/4".
    public var name: String { "\(index)/\(count)" }

    /// Why these numbers cannot be a shard's (report.json's `shard` edited, or not this tool's), as "PATH: VALUE
    /// is …" under `shard`; nil when they can. Checked before `merge` counts shards up to `count` or places a
    /// domain by its position: a count of 0 or −2 trapped, one of 2^62 grew without bound, and a position given
    /// twice let one domain silently replace another.
    public var problem: String? {
        guard Shard.counts.contains(count) else {
            return "count: \(count) is out of range (a run is split into \(Shard.counts.lowerBound) to "
                + "\(Shard.counts.upperBound) shards)"
        }
        guard (1...count).contains(index) else { return "index: \(index) is out of range (from 1 to \(count))" }
        if let inputs, !(0...ReportNumbers.maximum).contains(inputs) {
            return "inputs: \(inputs) is out of range (from 0 to \(ReportNumbers.maximum))"
        }
        guard let positions else { return nil }
        let places = 0..<(inputs ?? ReportNumbers.maximum)
        var taken: [Int: String] = [:]
        for (name, position) in positions.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            let path = "positions[\"\(name)\"]"
            guard places.contains(position) else {
                return "\(path): \(position) is out of range (from 0 to \(places.upperBound - 1): the run's "
                    + "\(places.upperBound) domains)"
            }
            if let other = taken[position] { return "\(path): \(position) is also \(other)'s place" }
            taken[position] = name
            guard contains(name) else {
                return "\(path): \(name) belongs to shard \(Shard.bucket(of: name, count: count) + 1)/\(count), "
                    + "not \(self.name)"
            }
        }
        return nil
    }

    /// Whether `domain` (a lower-cased punycode host name) belongs to this shard.
    public func contains(_ domain: String) -> Bool {
        Shard.bucket(of: domain, count: count) == index - 1
    }

    /// The first 8 bytes of the SHA-256 of the lower-cased name, read big-endian, modulo `count`: from 0.
    public static func bucket(of domain: String, count: Int) -> Int {
        let digest = SHA256.hex(Array(domain.lowercased().utf8))
        let prefix = UInt64(digest.prefix(16), radix: 16) ?? 0
        return Int(prefix % UInt64(max(1, count)))
    }

    /// Records the whole run's list (`names`, in order) this shard was taken from.
    public mutating func record(whole names: [String]) {
        inputs = names.count
        inputsSHA256 = SHA256.hex(Array(names.map { $0 + "\n" }.joined().utf8))
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() where contains(name) { positions[name] = position }
        self.positions = positions
    }
}
