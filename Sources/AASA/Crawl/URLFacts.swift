import Foundation

/// What a crawl records about one URL, declared once: a `URLReport` holds it (its members read as the row's own), and
/// a `URLTable` keeps it as each row is, so a new fact is one property here plus its line in `URLReport.jsonFields`,
/// and the table keeps, returns and copies it untouched. A 100,000-URL crawl keeps one of these per URL, so the
/// numbers are kept without an `Optional`'s padding (a row read back keeps the number as written, which the report
/// reader checks is in range). Not here: the URL and its href, which the table packs into bytes, and a redirect's
/// target, which it keeps apart since few rows have one.
public struct URLFacts: Sendable, Equatable {
    /// The page that first linked it; shares the storage of that page's URL string, so a row costs no copy.
    public var foundOn: String?
    /// Why it was not fetched, or what happened when it was: one typed note each.
    public var notes: [URLNote] = []
    /// The first non-empty text of a link to it, whitespace collapsed, at most 200 characters.
    public var anchorText: String?
    /// The Content-Type of the response the crawler got, as sent (control characters removed, at most 200
    /// characters); nil when it fetched nothing or no type came, and in reports written before crawls recorded it.
    public var contentType: String?
    /// 0 when not fetched.
    private var status = 0
    /// `Int.min` when unknown.
    private var linkDepth = Int.min
    /// `Int.min` when unknown.
    private var linkingPages = Int.min

    public init(
        foundOn: String? = nil, httpStatus: Int? = nil, notes: [URLNote] = [], depth: Int? = nil, inlinks: Int? = nil,
        anchorText: String? = nil
    ) {
        self.foundOn = foundOn
        self.notes = notes
        self.anchorText = anchorText
        self.httpStatus = httpStatus
        self.depth = depth
        self.inlinks = inlinks
    }

    /// The status of the response the crawler got; nil when it fetched nothing (a status of 0 reads as none).
    public var httpStatus: Int? {
        get { status == 0 ? nil : status }
        set { status = newValue ?? 0 }
    }

    /// Links from the start page to here (0 for the start page); nil for a URL known only from a sitemap, and in
    /// reports written before crawls recorded it.
    public var depth: Int? {
        get { linkDepth == .min ? nil : linkDepth }
        set { linkDepth = newValue ?? .min }
    }

    /// Crawled pages that link to it, each counted once; nil in reports written before crawls counted them.
    public var inlinks: Int? {
        get { linkingPages == .min ? nil : linkingPages }
        set { linkingPages = newValue ?? .min }
    }
}
