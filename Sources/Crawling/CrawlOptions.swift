import AASA
import Synchronization

/// Limits and politeness for one site's crawl.
public struct CrawlOptions: Sendable {
    public var maxPages = 10_000
    /// URLs recorded per site (each costs about 200 bytes until the report is written); links past it are
    /// counted, not kept. Nil: `urlsPerPage` per page of `maxPages`, at least `leastURLCap`.
    public var maxURLs: Int?
    /// At most Int32.max: the frontier numbers rows with Int32, and a cap set from code must not overflow or trap.
    public var urlCap: Int {
        let derived = maxPages.multipliedReportingOverflow(by: CrawlOptions.urlsPerPage)
        let cap = maxURLs ?? max(CrawlOptions.leastURLCap, derived.overflow ? Int.max : derived.partialValue)
        return min(max(cap, 0), Int(Int32.max))
    }
    public var maxDepth: Int?
    public var perHostConcurrency = 8
    /// Seconds between requests; robots.txt's Crawl-delay applies when larger.
    public var delay: Double = 0
    /// Longest robots.txt Crawl-delay honoured, in seconds; a site asking for more is crawled at this pace and the
    /// report says so (a Crawl-delay of 60 on a 10,000-page site would be a week).
    public var maxCrawlDelay: Double = 10
    /// Seconds one site's crawl may take, sitemaps included; past it no new page is started and the crawl stops
    /// with `crawl-time`.
    public var crawlTime: Double = 600
    /// Longest Retry-After pause honoured, in seconds.
    public var maxRetryAfter: Double = 30
    public var includeSubdomains = false
    /// Other hosts the crawl links to whose file is fetched to judge those links (`--judge-linked-hosts`), for
    /// the whole run; 0: links to hosts the run does not audit are unknown.
    public var judgeLinkedHosts = 0
    public var maxURLLength = 2_048
    public var maxRedirects = 5
    /// Decoded bytes kept per page; the rest of a bigger page is not scanned.
    public var pageBytes = 5 * 1024 * 1024
    /// Page bytes a crawl may have downloaded and not yet scanned (its scan queue's backlog); past it the fetch
    /// loop waits for the scanner. With 64 KiB pieces per page in flight, a crawl holds about 2.5 MiB at most.
    public var scanBacklogBytes = 2 * 1024 * 1024
    /// A page of one URL pattern found more than this many links below the first page of that pattern is a trap
    /// (calendars, endless ?page=); a 40-post "next" chain stays well inside it.
    public var chainLimit = 60
    /// Faceted navigation: a path found with more than four times this many distinct query strings is a trap.
    public var parameterCombinations = 25
    /// Sent with every crawl request; its leading token ("aasa-audit") is the product token robots.txt is read for.
    public var userAgent = "aasa-audit/0.1 (+https://github.com/aasa-audit; Universal Links audit)"
    /// Counts pages across every crawl of a run, for the progress line.
    public var progress: CrawlProgress?
    /// Where every crawl of the run spools its pages' links for inlinks.csv; nil keeps none.
    public var inlinks: InlinkSpool?

    public init() {}

    /// The defaults, as a library caller gets them: `audit --crawl`'s options declare theirs from these, so the
    /// help, the man page and a crawl without the option agree.
    public static let standard = CrawlOptions()
    /// Without `maxURLs`: URLs recorded per page of `maxPages`, and never fewer than `leastURLCap` in all.
    public static let urlsPerPage = 10
    public static let leastURLCap = 100_000
}

/// Pages fetched so far by all crawls of a run; read by the terminal's progress line. An atomic: ThreadSanitizer
/// cannot see `Mutex`'s futex ordering on Linux and reported this counter as a race.
public final class CrawlProgress: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    func pageDone() { count.add(1, ordering: .relaxed) }

    public var pages: Int { count.load(ordering: .relaxed) }
}
