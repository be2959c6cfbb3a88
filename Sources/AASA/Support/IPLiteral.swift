/// Whether a host is written as an IP address, in any form a resolver or URL parser would read as one.
///
/// An associated domain must be a host name (Apple needs a certificate for a name, and an auditor must not be
/// steered to an address), so every spelling counts: IPv4 as `inet_aton` reads it (1 to 4 parts, each decimal,
/// octal with a leading `0` or hexadecimal with `0x`: `127.1`, `0x7f.1`, `0177.0.0.1`, `2130706433`), IPv6
/// (`::1`, bracketed `[::1]`, with a zone `fe80::1%eth0`) and IPv4-mapped IPv6 (`::ffff:127.0.0.1`).
public enum IPLiteral {
    public static func isIPAddress(_ host: String) -> Bool {
        var text = Substring(host)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text.contains(":") { return isIPv6(text) }
        return isIPv4(text)
    }

    /// The crawl's wider test: a bracketed literal, or a last label that is a number (decimal or `0x` hex), which
    /// no DNS name ends with. It takes every spelling `isIPAddress` takes (as a URL's host, where IPv6 is
    /// bracketed) and some that are no address and no name either (`1.2.3.4.5`); the crawler fetches neither.
    package static func looksLikeIPAddress(_ host: String) -> Bool {
        var name = Substring(host)
        if name.hasPrefix("[") { return true }
        if name.hasSuffix(".") { name = name.dropLast() }
        let last = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).last ?? []
        guard let first = last.first else { return false }
        if last.count > 1 && first == UInt8(ascii: "0") && last.dropFirst().first.map(ASCII.lower) == UInt8(ascii: "x")
        {
            return last.dropFirst(2).allSatisfy(isHexDigit)
        }
        return last.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `inet_aton`'s IPv4: 1 to 4 parts; every part but the last is one byte, the last fills the remaining bytes.
    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return false }
        for (index, part) in parts.enumerated() {
            guard let value = number(part) else { return false }
            let bits = index == parts.count - 1 ? 8 * (5 - parts.count) : 8
            guard value >> UInt64(bits) == 0 else { return false }
        }
        return true
    }

    /// One `inet_aton` part: `0x` hexadecimal (at least one digit, as in glibc), `0` octal, else decimal; nil
    /// when it is none of these or does not fit 32 bits.
    static func number(_ part: Substring) -> UInt64? {
        let bytes = Array(part.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        var radix: UInt64 = 10
        var digits = bytes[...]
        if first == UInt8(ascii: "0"), bytes.count > 1 {
            if bytes[1] | 0x20 == UInt8(ascii: "x") {
                radix = 16
                digits = bytes[2...]
                guard !digits.isEmpty else { return nil }
            } else {
                radix = 8
                digits = bytes[1...]
            }
        }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt64((byte | 0x20) - UInt8(ascii: "a") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
            guard value <= UInt64(UInt32.max) else { return nil }
        }
        return value
    }

    /// RFC 4291 §2.2 text: eight groups of 1 to 4 hex digits, one `::` for a run of zero groups, the last two
    /// groups optionally a dotted IPv4 address; a `%zone` suffix is allowed.
    static func isIPv6(_ text: Substring) -> Bool {
        var text = text
        if let percent = text.firstIndex(of: "%") {
            guard text.index(after: percent) < text.endIndex else { return false }
            text = text[..<percent]
        }
        let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let fields = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, field) in fields.enumerated() {
                let isLast = index == halves.count - 1 && position == fields.count - 1
                if isLast, field.contains(".") {
                    guard isDottedQuad(field) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(field.utf8.count), field.utf8.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// The strict dotted quad an IPv6 address may end with: four decimal parts of 0 to 255.
    static func isDottedQuad(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.utf8.count)
                    && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                    && Int(part).map { $0 <= 255 } == true
            }
    }
}
