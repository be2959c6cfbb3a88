/// A URL split once into the byte views every rule compares against, so matching allocates nothing per rule.
///
/// Built for throughput: the common URL (no percent escapes) costs one allocation for the path and, when it
/// has a query, two more; the decoded view exists only when the URL has a `%` escape.
public struct PreparedURL: Sendable {
    struct Item: Sendable {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// One encoding view (as written, or percent-decoded): path, query, fragment and query items as ranges of
    /// one byte buffer, so a URL costs one buffer and one item list whatever it contains.
    struct View: Sendable {
        var bytes: [UInt8]
        /// The path after swcd's normalisation (see `Pattern.normalisePath`).
        var path: Range<Int>
        var query: Range<Int>
        var fragment: Range<Int>
        var items: [Item]
    }

    public let url: String
    let raw: View
    /// The percent-decoded view; nil when decoding would change nothing (then `raw` serves both).
    let decodedView: View?

    /// Splits `url`; nil when it is not an http(s) URL or an absolute path.
    public init?(_ url: String, decode: Bool = true) {
        // Nothing is stored before the split succeeds: a field set earlier made the optimiser build the value aside
        // and copy it out, a retain and a release per reference per URL.
        var text = url
        guard let parts = text.withUTF8({ PreparedURL.split($0) }) else { return nil }
        self.url = url
        raw = parts.raw
        decodedView = decode && parts.hasEscapes ? PreparedURL.decodedView(of: parts.raw) : nil
    }

    /// The URL's lower-cased scheme ("" for a bare path).
    public var scheme: String { authorityPart { URLAuthority.lowercased($0, $1.scheme) } }

    /// The URL's lower-cased host without user info or port ("" for a bare path).
    public var host: String { authorityPart { URLAuthority.lowercased($0, $1.host) } }

    private func authorityPart(_ part: (UnsafeBufferPointer<UInt8>, URLAuthority) -> String) -> String {
        var url = url
        return url.withUTF8 { bytes in URLAuthority(bytes).map { part(bytes, $0) } ?? "" }
    }

    /// The lower-cased host of an http(s) URL, read off its bytes without preparing the rest: crawl reports ask
    /// it of every URL several times.
    public static func host(of url: String) -> String? { URLAuthority.httpHost(of: url) }

    private static func split(_ b: UnsafeBufferPointer<UInt8>) -> (raw: View, hasEscapes: Bool)? {
        let n = b.count
        var i = 0
        // Only http and https URLs are universal links; a bare path is matched as it is.
        if let authority = URLAuthority(b) {
            guard authority.isHTTP(b) else { return nil }
            i = authority.end
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
        var fragmentStart = n
        if i < n, b[i] == UInt8(ascii: "#") {
            fragmentStart = i + 1
            for k in fragmentStart..<n where b[k] == UInt8(ascii: "%") { hasEscapes = true }
        }
        let pathCount = pathEnd - pathStart
        let queryCount = queryEnd - queryStart
        let fragmentCount = n - fragmentStart
        var path = 0..<0
        let bytes = [UInt8](unsafeUninitializedCapacity: pathCount + 2 + queryCount + fragmentCount) { out, count in
            let k = normalisePath(UnsafeBufferPointer(rebasing: b[pathStart..<pathEnd]), into: out)
            path = 0..<k
            var w = k
            for j in queryStart..<queryEnd {
                out[w] = b[j]
                w += 1
            }
            for j in fragmentStart..<n {
                out[w] = b[j]
                w += 1
            }
            count = w
        }
        let query = path.upperBound..<(path.upperBound + queryCount)
        let fragment = query.upperBound..<(query.upperBound + fragmentCount)
        return (
            View(bytes: bytes, path: path, query: query, fragment: fragment, items: items(bytes, query)), hasEscapes
        )
    }

    /// swcd's path normalisation (`//` → `/`, leading and trailing `/`) written into `out`; returns the length.
    /// `out` must have room for two more bytes than `p`.
    static func normalisePath(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
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
        return k
    }

    /// Query items split on `&` and the first `=`; an item without `=` has an empty value.
    static func items(_ bytes: [UInt8], _ query: Range<Int>) -> [Item] {
        guard !query.isEmpty else { return [] }
        var items: [Item] = []
        var start = query.lowerBound
        let n = query.upperBound
        while start <= n {
            var end = start
            var eq = -1
            while end < n, bytes[end] != UInt8(ascii: "&") {
                if eq < 0, bytes[end] == UInt8(ascii: "=") { eq = end }
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
        var path = percentDecode(raw.bytes[raw.path])
        Pattern.normalisePath(&path, collapseStars: false)
        var bytes = path
        let query = percentDecode(raw.bytes[raw.query])
        let queryRange = bytes.count..<(bytes.count + query.count)
        bytes += query
        let fragment = percentDecode(raw.bytes[raw.fragment])
        let fragmentRange = bytes.count..<(bytes.count + fragment.count)
        bytes += fragment
        // Items are decoded one by one: a decoded %26 is data, not a separator.
        var items: [Item] = []
        for item in raw.items {
            let nameStart = bytes.count
            bytes += percentDecode(raw.bytes[item.name])
            let valueStart = bytes.count
            bytes += percentDecode(raw.bytes[item.value])
            items.append(Item(name: nameStart..<valueStart, value: valueStart..<bytes.count))
        }
        return View(bytes: bytes, path: 0..<path.count, query: queryRange, fragment: fragmentRange, items: items)
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
