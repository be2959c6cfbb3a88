import Foundation

/// A keyed digest of a line of the run's log (Swift's `Hasher`, SipHash with a seed drawn for each process): a line
/// read back with the digest its entry kept is the line this process wrote, byte for byte, so its text can stand
/// for the domain's JSON as it is. A line an earlier run wrote (`--resume`), or one changed on disk since, has no
/// digest or another, and is decoded and written again like any value.
struct LineDigest {
    private var hasher = Hasher()

    /// The next bytes of the line, as they are written (the digest does not depend on how the line is cut).
    mutating func add(_ data: Data) {
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    var value: Int { hasher.finalize() }

    static func of(_ bytes: [UInt8]) -> Int {
        var digest = LineDigest()
        bytes.withUnsafeBytes { digest.hasher.combine(bytes: $0) }
        return digest.value
    }
}
