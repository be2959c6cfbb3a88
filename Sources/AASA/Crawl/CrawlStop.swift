/// Why a site's crawl ended. `description` is the text report.json, the HTML report and the terminal show, and
/// monitoring scripts may read, so each case's text never changes.
public enum CrawlStop: Sendable, Equatable, CustomStringConvertible {
    /// Every URL in scope that the caps and robots.txt allowed was fetched.
    case complete
    /// SIGINT or SIGTERM arrived: what was found so far is kept.
    case interrupted
    /// `--max-pages` pages were fetched with more still queued.
    case maxPages(Int)
    /// `--max-urls` URLs were recorded; `notRecorded` more links were counted but neither recorded nor followed.
    case maxURLs(cap: Int, notRecorded: Int)
    /// `--crawl-time` seconds went by with pages still queued.
    case crawlTime(Int)

    public var description: String {
        switch self {
        case .complete: "complete"
        case .interrupted: "interrupted"
        case .maxPages(let limit): "max-pages (\(limit))"
        case .maxURLs(let cap, let notRecorded):
            "max-urls (\(cap)): \(notRecorded) more links were neither recorded nor followed"
        case .crawlTime(let seconds): "crawl-time (\(seconds) s)"
        }
    }
}
