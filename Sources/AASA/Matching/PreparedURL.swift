/// A URL split once into the byte views every rule compares against, so matching allocates nothing per rule.
public struct PreparedURL: Sendable {
    struct Item: Sendable {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// One encoding view (as written, or percent-decoded) of path, query and fragment.
    struct View: Sendable {
        var path: [UInt8]
        var query: [UInt8]
        var fragment: [UInt8]
        /// Query items, ranges into `itemBytes`.
        var itemBytes: [UInt8]
        var items: [Item]
    }

    public let url: String
    public let scheme: String
    public let host: String
    let raw: View
    let decoded: View?

    /// Splits `url`; nil when it is not an http(s) URL or an absolute path.
    public init?(_ url: String, decode: Bool = true) {
        self.url = url
        let bytes = Array(url.utf8)
        var rest = bytes[...]
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes[..<colon].allSatisfy({
                $0 < 0x80
                    && (Pattern.lowerASCII($0) >= 97 && Pattern.lowerASCII($0) <= 122 || $0 == 43 || $0 == 45
                        || $0 == 46)
            })
        {
            let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
            guard scheme == "https" || scheme == "http" else { return nil }
            self.scheme = scheme
            rest = bytes[(colon + 1)...]
            guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return nil }
            rest = rest.dropFirst(2)
            let authorityEnd =
                rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                )
                ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            if let portColon = authority.lastIndex(of: UInt8(ascii: ":")), !authority.contains(UInt8(ascii: "]")) {
                authority = authority[..<portColon]
            }
            host = String(decoding: authority, as: UTF8.self).lowercased()
            rest = rest[authorityEnd...]
        } else {
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            scheme = ""
            host = ""
        }
        let fragmentStart = rest.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = rest[..<(fragmentStart ?? rest.endIndex)]
        let fragment = fragmentStart.map { Array(rest[($0 + 1)...]) } ?? []
        let queryStart = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
        let path = Array(beforeFragment[..<(queryStart ?? beforeFragment.endIndex)])
        let query = queryStart.map { Array(beforeFragment[($0 + 1)...]) } ?? []
        raw = PreparedURL.view(path: path, query: query, fragment: fragment, decode: false)
        decoded = decode ? PreparedURL.view(path: path, query: query, fragment: fragment, decode: true) : nil
    }

    static func view(path: [UInt8], query: [UInt8], fragment: [UInt8], decode: Bool) -> View {
        var p = decode ? percentDecode(path) : path
        Pattern.normalisePath(&p, collapseStars: false)
        var itemBytes: [UInt8] = []
        var items: [Item] = []
        if !query.isEmpty {
            for part in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let eq = part.firstIndex(of: UInt8(ascii: "="))
                let name = Array(part[..<(eq ?? part.endIndex)])
                let value = eq.map { Array(part[($0 + 1)...]) } ?? []
                let n = decode ? percentDecode(name) : name
                let v = decode ? percentDecode(value) : value
                let nameStart = itemBytes.count
                itemBytes += n
                let valueStart = itemBytes.count
                itemBytes += v
                items.append(Item(name: nameStart..<valueStart, value: valueStart..<itemBytes.count))
            }
        }
        return View(
            path: p, query: decode ? percentDecode(query) : query,
            fragment: decode ? percentDecode(fragment) : fragment,
            itemBytes: itemBytes, items: items)
    }

    /// Decodes `%XX` escapes; malformed escapes stay as written.
    static func percentDecode(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        func hexValue(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: b - 48
            case 65...70: b - 55
            case 97...102: b - 87
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hexValue(bytes[i + 1]),
                let l = hexValue(bytes[i + 2])
            {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
