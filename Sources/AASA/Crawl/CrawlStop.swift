/// Why a site's crawl ended. `description` is the text report.json, the HTML report and the terminal show, and
/// monitoring scripts may read, so each case's text never changes.
public enum CrawlStop: Sendable, Hashable, CustomStringConvertible {
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

    /// The reason `text` names, when it is one this version writes: a report read back (a baseline, `--resume`'s
    /// log) compares typed reasons, not strings. Nil for any other text (an older or edited report).
    public init?(description text: String) {
        let numbers = text.split { !($0.isASCII && $0.isNumber) }.map { Int($0) }
        var candidates: [CrawlStop] = [.complete, .interrupted]
        if numbers.count == 1, let n = numbers[0] { candidates += [.maxPages(n), .crawlTime(n)] }
        if numbers.count == 2, let cap = numbers[0], let more = numbers[1] {
            candidates.append(.maxURLs(cap: cap, notRecorded: more))
        }
        // Each case has one spelling: a text is read back only as the reason that writes it exactly.
        guard let stop = candidates.first(where: { $0.description == text }) else { return nil }
        self = stop
    }
}
