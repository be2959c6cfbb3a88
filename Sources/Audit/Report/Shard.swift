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

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// "2/4".
    public var name: String { "\(index)/\(count)" }

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
