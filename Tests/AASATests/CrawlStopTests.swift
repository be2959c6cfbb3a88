import AASA
import Testing

/// A crawl's stop reason is written as text (report.json's `stoppedBecause`) and compared typed when read back.
@Suite struct CrawlStopTests {
    static let every: [CrawlStop] = [
        .complete, .interrupted, .maxPages(10), .maxURLs(cap: 12, notRecorded: 3), .crawlTime(600),
        .maxURLs(cap: 100_000, notRecorded: 0), .crawlTime(0),
    ]

    @Test(arguments: every) func eachReasonReadsBackFromItsText(_ stop: CrawlStop) {
        #expect(CrawlStop(description: stop.description) == stop)
    }

    /// Another version's text, an edited report, a near miss: no reason, never a wrong one.
    @Test(arguments: [
        "", "done", "Interrupted", "max-pages", "max-pages (x)", "max-pages (3) ", "crawl-time (4)",
        "max-urls (12): 3 more links", "page cap <script>", "max-pages (99999999999999999999)",
    ])
    func otherTextsAreNoReason(_ text: String) {
        #expect(CrawlStop(description: text) == nil)
    }
}
