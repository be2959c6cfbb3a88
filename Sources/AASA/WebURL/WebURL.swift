/// A URL as the WHATWG URL Standard's basic URL parser reads it: the one URL model every command judges links by.
///
/// The value is its serialization (`href`, always ASCII) plus the offsets of its components, so parsing a link
/// makes one string and the getters slice it. Two URLs are equal when their serializations are, as the
/// Standard's URL equivalence says.
/// - SeeAlso: https://url.spec.whatwg.org/#concept-basic-url-parser
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// Why an input is no URL: one sentence a person understands.
    public struct Failure: Error, Sendable, Equatable {
        public var reason: String

        public init(reason: String) { self.reason = reason }
    }

    public enum Host: Sendable, Hashable {
        /// An ASCII domain, lower-cased (IDNA-mapped for a special URL).
        case domain(String)
        case ipv4(UInt32)
        /// The eight 16-bit pieces.
        case ipv6([UInt16])
        /// A non-special URL's host, percent-encoded as written.
        case opaque(String)
        /// `file:///…` and `sc:///…`: an authority with nothing in it.
        case empty
    }

    /// The serialization.
    public let href: String
    let layout: Layout

    /// Where each component sits in `href` (UTF-8 offsets; -1 = absent), and what the parser learnt on the way.
    struct Layout: Sendable, Equatable {
        /// The offset of the `:` after the scheme.
        var schemeEnd: Int32
        var hostStart: Int32 = -1
        var hostEnd: Int32 = -1
        /// After the authority and after the `/.` that keeps a host-less path starting with `//` from reading as one.
        var pathStart: Int32
        /// The offset of the `?`.
        var queryStart: Int32 = -1
        /// The offset of the `#`.
        var fragmentStart: Int32 = -1
        /// -1 when there is none or it is the scheme's default.
        var port: Int32 = -1
        var ipv4: UInt32 = 0
        var scheme: SchemeKind
        var hostKind: HostKind = .none
        var opaquePath = false
    }

    /// The special schemes, whose URLs have hosts, default ports and hierarchical paths.
    enum SchemeKind: UInt8, Sendable {
        case http, https, ws, wss, ftp, file, other

        init(_ scheme: UnsafeBufferPointer<UInt8>) {
            switch scheme.count {
            case 2 where scheme[0] == UInt8(ascii: "w") && scheme[1] == UInt8(ascii: "s"): self = .ws
            case 3 where scheme.elementsEqual("wss".utf8): self = .wss
            case 3 where scheme.elementsEqual("ftp".utf8): self = .ftp
            case 4 where scheme.elementsEqual("http".utf8): self = .http
            case 4 where scheme.elementsEqual("file".utf8): self = .file
            case 5 where scheme.elementsEqual("https".utf8): self = .https
            default: self = .other
            }
        }

        var defaultPort: Int {
            switch self {
            case .http, .ws: 80
            case .https, .wss: 443
            case .ftp: 21
            case .file, .other: -1
            }
        }
    }

    enum HostKind: UInt8, Sendable {
        case none, domain, ipv4, ipv6, opaque, empty
    }

    init(href: String, layout: Layout) {
        self.href = href
        self.layout = layout
    }

    /// Parses `input` as the Standard's basic URL parser does, against `base` if given. `queryEncoding`: the
    /// page's encoding for the query (the Standard's "encoding"); nil = UTF-8. It is called with runs of the
    /// query's non-ASCII text (ASCII is the same in every encoding a page may declare) and returns their bytes in
    /// that encoding, a character it cannot represent written as `&#NNN;` (which the parser writes as
    /// `%26%23NNN%3B`, as the Standard does); the parser percent-encodes those bytes with the special-query
    /// encode set. Per the Standard it is used only for special, non-ws/wss URLs.
    public static func parse(
        _ input: String, base: WebURL? = nil, queryEncoding: (@Sendable (Substring) -> [UInt8])? = nil
    ) -> Result<WebURL, Failure> {
        if let url = FastPath.absolute(input) { return .success(url) }
        if let base, let url = FastPath.relative(input, against: base) { return .success(url) }
        return URLParser.parse(input, base: base, queryEncoding: queryEncoding)
    }

    public init?(_ input: String, base: WebURL? = nil) {
        guard case .success(let url) = WebURL.parse(input, base: base) else { return nil }
        self = url
    }

    // MARK: Equality is the serialization's

    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.href == rhs.href }
    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    // MARK: Components

    public var description: String { href }

    /// Lower case, no ":".
    public var scheme: String { slice(0, Int(layout.schemeEnd)) }
    public var isSpecial: Bool { layout.scheme != .other }
    public var isHTTP: Bool { layout.scheme == .http || layout.scheme == .https }
    public var hasOpaquePath: Bool { layout.opaquePath }

    /// Percent-encoded as the Standard writes it.
    public var username: String {
        guard let userinfo = userinfoRange else { return "" }
        let colon = firstIndex(of: UInt8(ascii: ":"), in: userinfo) ?? userinfo.upperBound
        return slice(userinfo.lowerBound, colon)
    }

    public var password: String {
        guard let userinfo = userinfoRange, let colon = firstIndex(of: UInt8(ascii: ":"), in: userinfo) else {
            return ""
        }
        return slice(colon + 1, userinfo.upperBound)
    }

    public var host: Host? {
        switch layout.hostKind {
        case .none: nil
        case .empty: .empty
        case .domain: .domain(hostname)
        case .opaque: .opaque(hostname)
        case .ipv4: .ipv4(layout.ipv4)
        case .ipv6:
            // Read back from the serialization, which the parser wrote from these pieces.
            Array(hostname.utf8.dropFirst().dropLast()).withUnsafeBufferPointer {
                if case .success(let pieces) = HostParser.parseIPv6($0) { return Host.ipv6(pieces) }
                return nil
            }
        }
    }

    /// The serialized host ("" when none), IPv6 in brackets.
    public var hostname: String {
        layout.hostKind == .none ? "" : slice(Int(layout.hostStart), Int(layout.hostEnd))
    }

    /// Nil when there is none or it is the scheme's default.
    public var port: Int? { layout.port < 0 ? nil : Int(layout.port) }

    /// The serialized path: opaque paths as they are.
    public var pathname: String { slice(Int(layout.pathStart), pathEnd) }

    /// Without "?"; nil when there is none (an empty query is "").
    public var query: String? {
        layout.queryStart < 0 ? nil : slice(Int(layout.queryStart) + 1, queryEnd)
    }

    /// Without "#".
    public var fragment: String? {
        layout.fragmentStart < 0 ? nil : slice(Int(layout.fragmentStart) + 1, href.utf8.count)
    }

    /// What is fetched, and the key URLs that differ only by fragment share.
    public var hrefWithoutFragment: String { layout.fragmentStart < 0 ? href : slice(0, queryEnd) }

    /// The path and "?" + query when present: what robots.txt judges.
    public var pathAndQuery: String { slice(Int(layout.pathStart), queryEnd) }

    // MARK: Offsets

    /// Where the path ends: at the query, the fragment or the end.
    var pathEnd: Int { layout.queryStart >= 0 ? Int(layout.queryStart) : queryEnd }

    /// Where the query ends: at the fragment or the end.
    var queryEnd: Int { layout.fragmentStart >= 0 ? Int(layout.fragmentStart) : href.utf8.count }

    /// Where the authority (`//userinfo@host:port`) ends; just after the scheme when there is none.
    var authorityEnd: Int { layout.hostKind == .none ? Int(layout.schemeEnd) + 1 : Int(layout.pathStart) }

    /// The user name and password with their `:`, without the `@`; nil when there are none.
    var userinfoRange: Range<Int>? {
        let start = Int(layout.schemeEnd) + 3
        guard layout.hostKind != .none, Int(layout.hostStart) > start else { return nil }
        return start..<(Int(layout.hostStart) - 1)
    }

    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        let utf8 = href.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        for offset in range {
            if utf8[index] == byte { return offset }
            index = utf8.index(after: index)
        }
        return nil
    }

    func slice(_ start: Int, _ end: Int) -> String {
        let utf8 = href.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(from, offsetBy: end - start)
        return String(href[from..<to])
    }
}

extension WebURL.Failure {
    init(_ reason: String) { self.init(reason: reason) }
}
