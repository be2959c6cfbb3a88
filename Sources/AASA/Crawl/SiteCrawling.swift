/// Crawls one site; `Audit` sees a crawler only through this, so its unit tests need no C library and the
/// executable hands in the libcurl and libxml2 crawler.
public protocol SiteCrawling: Sendable {
    /// Everything the crawl of `domain` found; a cancelled crawl returns what it had.
    func crawl(_ domain: String) async -> CrawlResult
}

/// What one site's crawl found.
public struct CrawlResult: Sendable {
    public init() {}

    public var pagesFetched = 0
    public var stoppedBecause = CrawlStop.complete
    /// Every URL found, as linked (for matching), with where it was found and what fetching it gave.
    public var urls = URLTable()
    public var pageErrors: [PageError] = []
    public var banners: [BannerSighting] = []
    public var otherSchemes: [String: Int] = [:]
    /// The app-scheme links found, each with the pages that carry it.
    public var schemeLinks = SchemeLinks()
    public var robotsDisallowed = 0
    public var trapsSkipped = 0
    /// New URLs found after the URL cap was reached: counted, not recorded.
    public var urlsNotRecorded = 0
    /// Every link of the crawled pages, for inlinks.csv (spooled to disk when the run keeps them).
    public var inlinks = InlinkRecorder(spool: nil, site: "")
    /// What the report should say about the crawl as a whole: a sitemap cut at a protocol limit, a Crawl-delay or
    /// Retry-After longer than honoured, an unreadable robots.txt, sitemaps elsewhere that were not fetched.
    public var notes: [String] = []
}
