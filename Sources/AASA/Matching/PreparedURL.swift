/// A URL split once into the byte views every rule compares against, so matching allocates nothing per rule.
///
/// Built for throughput: the common URL (no percent escapes) costs one allocation for the path and, when it
/// has a query, two more; the decoded view exists only when the URL has a `%` escape.
public struct PreparedURL: Sendable {
    struct Item: Sendable {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// One encoding view (as written, or percent-decoded) of path, query and fragment.
    struct View: Sendable {
        /// The path after swcd's normalisation (see `Pattern.normalisePath`).
        var path: [UInt8]
        var query: [UInt8]
        var fragment: [UInt8]
        /// Query items as ranges into `itemBytes`.
        var itemBytes: [UInt8]
        var items: [Item]
    }

    public let url: String
    let raw: View
    /// The percent-decoded view; nil when decoding would change nothing (then `raw` serves both).
    let decodedView: View?

    /// Splits `url`; nil when it is not an http(s) URL or an absolute path.
    public init?(_ url: String, decode: Bool = true) {
        self.url = url
        var utf8 = url.utf8
        guard
            let parts = utf8.withContiguousStorageIfAvailable({ PreparedURL.split($0) })
                ?? {
                    var copy = url
                    copy.makeContiguousUTF8()
                    utf8 = copy.utf8
                    return utf8.withContiguousStorageIfAvailable { PreparedURL.split($0) } ?? nil
                }()
        else { return nil }
        raw = parts.raw
        decodedView = decode && parts.hasEscapes ? PreparedURL.decodedView(of: parts.raw) : nil
    }

    /// The URL's lower-cased scheme ("" for a bare path).
    public var scheme: String {
        guard let colon = url.firstIndex(of: ":"),
            url[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || "+-.".contains($0)) })
        else { return "" }
        return url[..<colon].lowercased()
    }

    /// The URL's lower-cased host without user info or port ("" for a bare path).
    public var host: String {
        guard let range = url.range(of: "://") else { return "" }
        var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if !authority.contains("]"), let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
        return authority.lowercased()
    }

    private static func split(_ b: UnsafeBufferPointer<UInt8>) -> (raw: View, hasEscapes: Bool)? {
        let n = b.count
        var i = 0
        // Scheme: letters, digits, + - . up to ':'; only http and https are universal links.
        var j = 0
        while j < n, b[j] != UInt8(ascii: ":"), b[j] != UInt8(ascii: "/"), b[j] != UInt8(ascii: "?"),
            b[j] != UInt8(ascii: "#")
        {
            j += 1
        }
        if j < n, b[j] == UInt8(ascii: ":") {
            let isHTTP = j == 4 && lower(b[0]) == 104 && lower(b[1]) == 116 && lower(b[2]) == 116 && lower(b[3]) == 112
            let isHTTPS =
                j == 5 && lower(b[0]) == 104 && lower(b[1]) == 116 && lower(b[2]) == 116 && lower(b[3]) == 112
                && lower(b[4]) == 115
            guard isHTTP || isHTTPS, j + 2 < n, b[j + 1] == UInt8(ascii: "/"), b[j + 2] == UInt8(ascii: "/") else {
                return nil
            }
            i = j + 3
            while i < n, b[i] != UInt8(ascii: "/"), b[i] != UInt8(ascii: "?"), b[i] != UInt8(ascii: "#") { i += 1 }
        } else if n == 0 || b[0] != UInt8(ascii: "/") {
            return nil
        }
        var hasEscapes = false
        let pathStart = i
        while i < n, b[i] != UInt8(ascii: "?"), b[i] != UInt8(ascii: "#") {
            if b[i] == UInt8(ascii: "%") { hasEscapes = true }
            i += 1
        }
        let pathEnd = i
        var queryStart = i
        var queryEnd = i
        if i < n, b[i] == UInt8(ascii: "?") {
            queryStart = i + 1
            i += 1
            while i < n, b[i] != UInt8(ascii: "#") {
                if b[i] == UInt8(ascii: "%") { hasEscapes = true }
                i += 1
            }
            queryEnd = i
        }
        var fragment: [UInt8] = []
        if i < n, b[i] == UInt8(ascii: "#") {
            fragment = Array(b[(i + 1)..<n])
            if fragment.contains(UInt8(ascii: "%")) { hasEscapes = true }
        }
        let path = normalisedPath(UnsafeBufferPointer(rebasing: b[pathStart..<pathEnd]))
        let query = queryEnd > queryStart ? Array(b[queryStart..<queryEnd]) : []
        return (View(path: path, query: query, fragment: fragment, itemBytes: query, items: items(query)), hasEscapes)
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { Pattern.lowerASCII(b) }

    /// swcd's path normalisation (`//` → `/`, leading and trailing `/`) in one pass and one allocation.
    static func normalisedPath(_ p: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: p.count + 2) { out, count in
            var k = 0
            if p.first != UInt8(ascii: "/") && p.first != UInt8(ascii: "*") {
                out[0] = UInt8(ascii: "/")
                k = 1
            }
            for byte in p {
                if byte == UInt8(ascii: "/"), k > 0, out[k - 1] == UInt8(ascii: "/") { continue }
                out[k] = byte
                k += 1
            }
            if out[k - 1] != UInt8(ascii: "/") && out[k - 1] != UInt8(ascii: "*") {
                out[k] = UInt8(ascii: "/")
                k += 1
            }
            count = k
        }
    }

    /// Query items split on `&` and the first `=`; an item without `=` has an empty value.
    static func items(_ query: [UInt8]) -> [Item] {
        guard !query.isEmpty else { return [] }
        var items: [Item] = []
        var start = 0
        let n = query.count
        while start <= n {
            var end = start
            var eq = -1
            while end < n, query[end] != UInt8(ascii: "&") {
                if eq < 0, query[end] == UInt8(ascii: "=") { eq = end }
                end += 1
            }
            if end > start {
                items.append(
                    eq < 0
                        ? Item(name: start..<end, value: end..<end) : Item(name: start..<eq, value: (eq + 1)..<end))
            }
            start = end + 1
        }
        return items
    }

    static func decodedView(of raw: View) -> View {
        var path = percentDecode(raw.path[...])
        Pattern.normalisePath(&path, collapseStars: false)
        var itemBytes: [UInt8] = []
        var items: [Item] = []
        for item in raw.items {
            let nameStart = itemBytes.count
            itemBytes += percentDecode(raw.query[item.name])
            let valueStart = itemBytes.count
            itemBytes += percentDecode(raw.query[item.value])
            items.append(Item(name: nameStart..<valueStart, value: valueStart..<itemBytes.count))
        }
        return View(
            path: path, query: percentDecode(raw.query[...]), fragment: percentDecode(raw.fragment[...]),
            itemBytes: itemBytes, items: items)
    }

    /// Decodes `%XX` escapes; malformed escapes stay as written.
    static func percentDecode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return Array(bytes) }
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
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let h = hexValue(bytes[i + 1]),
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
