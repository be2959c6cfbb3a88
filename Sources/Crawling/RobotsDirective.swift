/// One robots.txt line read as a `key: value` pair the way Google's reference parser reads it (robots.cc
/// `GetKeyAndValueFrom` and `ParsedRobotsKey`), mistakes it forgives included: a missing colon when whitespace
/// separates exactly two words ("Disallow /x"), keys that only start with the name ("Allowed:"), the typos
/// "useragent", "user agent", "dissallow", "dissalow", "disalow", "diasllow" and "disallaw", and "site-map".
struct RobotsDirective {
    enum Kind: Equatable {
        case userAgent, allow, disallow, sitemap
        /// Not read by Google's parser; kept from RFC 9309's "other records" because the crawl honours it.
        case crawlDelay
        case other
    }

    let kind: Kind
    /// The value with surrounding whitespace removed, before any escaping.
    let value: ArraySlice<UInt8>

    /// Nil for a line that holds no directive: blank, a comment, no separator, or an empty key.
    init?(_ line: ArraySlice<UInt8>) {
        var text = line
        if let comment = text.firstIndex(of: UInt8(ascii: "#")) { text = text[..<comment] }
        text = Self.stripped(text)
        var separator = text.firstIndex(of: UInt8(ascii: ":"))
        if separator == nil {
            // Google: "Disallow /x" means "Disallow: /x", but only when the line is exactly two words.
            guard let blank = text.firstIndex(where: Self.isBlank) else { return nil }
            if text[blank...].drop(while: Self.isBlank).contains(where: Self.isBlank) { return nil }
            separator = blank
        }
        guard let separator else { return nil }
        let key = Self.stripped(text[..<separator])
        guard !key.isEmpty else { return nil }
        kind = Self.kind(of: key)
        value = Self.stripped(text[(separator + 1)...])
    }

    /// robots.cc's key tests, in its order; each key is a case-insensitive prefix of what the line says.
    private static let names: [(Kind, [String])] = [
        (.userAgent, ["user-agent", "useragent", "user agent"]),
        (.allow, ["allow"]),
        (.disallow, ["disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"]),
        (.sitemap, ["sitemap", "site-map"]),
    ]

    private static func kind(of key: ArraySlice<UInt8>) -> Kind {
        for (kind, spellings) in names where spellings.contains(where: { startsIgnoringCase(key, with: $0) }) {
            return kind
        }
        return key.count == 11 && startsIgnoringCase(key, with: "crawl-delay") ? .crawlDelay : .other
    }

    static func startsIgnoringCase(_ bytes: ArraySlice<UInt8>, with prefix: String) -> Bool {
        var index = bytes.startIndex
        for expected in prefix.utf8 {
            guard index < bytes.endIndex, lowercased(bytes[index]) == expected else { return false }
            index += 1
        }
        return true
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The separator Google accepts in place of a colon.
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// ASCII whitespace as absl::StripAsciiWhitespace sees it: space, tab, LF, VT, FF, CR.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func stripped(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
