/// A URL split once into the byte views every rule compares against, so matching allocates nothing per rule.
///
/// Built for throughput: a URL costs one allocation (`PreparedURLStorage`) whatever it contains; the decoded view
/// exists only when the URL has a `%` escape and some rule compares decoded text.
public struct PreparedURL: Sendable {
    struct Item: Sendable {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// One encoding view (as written, or percent-decoded), borrowed from the storage: path, query, fragment and query
    /// items as ranges of `bytes`. Valid only inside `withViews`.
    struct View {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The path after swcd's normalisation (see `Pattern.normalisePath`).
        let path: Range<Int>
        let query: Range<Int>
        let fragment: Range<Int>
        let itemCount: Int
        private let items: UnsafeRawPointer

        init(bytes: UnsafeBufferPointer<UInt8>, _ layout: PreparedURLStorage.ViewLayout, items: UnsafeRawPointer) {
            self.bytes = bytes
            path = layout.path
            query = layout.query
            fragment = layout.fragment
            itemCount = layout.itemCount
            self.items = items + layout.items
        }

        @inline(__always) func item(_ k: Int) -> Item {
            items.loadUnaligned(fromByteOffset: k &* MemoryLayout<Item>.stride, as: Item.self)
        }
    }

    public let url: String
    /// Written once in `init` and only read after: safe to share. (`ManagedBuffer`, its superclass, is not
    /// `Sendable`, so the storage cannot say so itself.)
    nonisolated(unsafe) let storage: PreparedURLStorage

    /// Splits `url`; nil when it is not an http(s) URL or an absolute path.
    public init?(_ url: String, decode: Bool = true) {
        var text = url
        guard let storage = text.withUTF8({ PreparedURLStorage.make($0, decode: decode) }) else { return nil }
        self.url = url
        self.storage = storage
    }

    /// The view as written and the view rules with `percentEncoded: false` compare (the same one when the URL has
    /// no escape), valid only inside `body`.
    @inline(__always) func withViews<R>(_ body: (View, View) -> R) -> R { storage.withViews(body) }

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

    /// Calls `body` with each query item, split on `&` and the first `=`; an item without `=` has an empty value.
    @inline(__always) static func forEachItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>, _ body: (Item) -> Void
    ) {
        guard !query.isEmpty else { return }
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
                body(eq < 0 ? Item(name: start..<end, value: end..<end) : Item(name: start..<eq, value: (eq + 1)..<end))
            }
            start = end + 1
        }
    }

    /// Decodes `%XX` escapes into `out` (room for `bytes.count`); malformed escapes stay as written. Returns the
    /// length.
    static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        func hexValue(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: b - 48
            case 65...70: b - 55
            case 97...102: b - 87
            default: nil
            }
        }
        var w = 0
        var i = 0
        let n = bytes.count
        while i < n {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < n, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2])
            {
                out[w] = h << 4 | l
                i += 3
            } else {
                out[w] = bytes[i]
                i += 1
            }
            w += 1
        }
        return w
    }
}
