/// The custom-scheme links (`myapp://…`) a crawl found, each once with the pages that carry it: a crawl only counted
/// them by scheme before, and nobody could say which page still links to a scheme any app may claim.
///
/// Capped like everything a site controls: distinct links, pages kept per link, and the length of a link.
public struct SchemeLinks: Sendable, Codable, Equatable {
    /// One distinct link, with the pages it was found on and, once judged, the verdict a report shows.
    public struct Link: Sendable, Codable, Equatable {
        public var link: String
        /// Lower-cased.
        public var scheme: String
        /// The first pages it was found on (at most `pagesKept`).
        public var pages: [String]
        /// Every page it was found on, counted.
        public var pageCount: Int
        /// "declared", "not declared", "not checkable" or "unknown" (no `--info-plist`); nil until judged.
        public var declared: String?
        /// The Universal Link that would replace it, when the entitlements' domains give one.
        public var replacement: SchemeReplacement.Replacement?

        public init(link: String, scheme: String, pages: [String], pageCount: Int) {
            self.link = link
            self.scheme = scheme
            self.pages = pages
            self.pageCount = pageCount
        }
    }

    public static let linkCap = 200
    public static let pagesKept = 5
    /// Longer links are cut to this many bytes (with "…"): a data blob in an href is no app link.
    public static let maxLength = 2_048

    /// Schemes that name no app of the site's: mail, phone, script, data, and the system's own (the App Store's
    /// `itms-apps:` among them). Counted, not listed.
    public static let systemSchemes: Set<String> = [
        "mailto", "tel", "sms", "mms", "javascript", "data", "ftp", "ftps", "file", "about", "blob", "facetime",
        "facetime-audio", "geo", "webcal", "fax", "news", "nntp", "urn", "callto", "cid", "mid", "ws", "wss", "itms",
        "itms-apps", "itms-appss", "itms-services", "itms-beta",
    ]

    public private(set) var links: [Link] = []
    /// Distinct app-scheme links found after `linkCap` was reached: counted, not listed.
    public private(set) var notRecorded = 0
    private var index: [String: Int] = [:]

    enum CodingKeys: String, CodingKey { case links, notRecorded }

    public init() {}

    public var isEmpty: Bool { links.isEmpty && notRecorded == 0 }

    /// Whether `scheme` (lower-cased) may name an app.
    public static func isAppScheme(_ scheme: String) -> Bool { !systemSchemes.contains(scheme) }

    /// Records `reference` (an href whose scheme is `scheme`) found on `page`; system schemes are ignored.
    public mutating func record(_ reference: String, scheme: String, page: String) {
        let scheme = scheme.lowercased()
        guard Self.isAppScheme(scheme) else { return }
        var link = reference.trimmingASCIIWhitespace()
        if link.utf8.count > Self.maxLength {
            link = String(decoding: link.utf8.prefix(Self.maxLength), as: UTF8.self) + "…"
        }
        if let i = index[link] {
            links[i].pageCount += 1
            if links[i].pages.count < Self.pagesKept, !links[i].pages.contains(page) { links[i].pages.append(page) }
            return
        }
        guard links.count < Self.linkCap else {
            notRecorded += 1
            return
        }
        index[link] = links.count
        links.append(Link(link: link, scheme: scheme, pages: [page], pageCount: 1))
    }

    /// Sets the verdict of link `i`.
    public mutating func judge(_ i: Int, declared: String, replacement: SchemeReplacement.Replacement?) {
        links[i].declared = declared
        links[i].replacement = replacement
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decode([Link].self, forKey: .links)
        notRecorded = try container.decodeIfPresent(Int.self, forKey: .notRecorded) ?? 0
        for (i, link) in links.enumerated() { index[link.link] = i }
    }
}

extension String {
    /// Without leading and trailing ASCII spaces, tabs and line breaks (as browsers strip an href).
    fileprivate func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
