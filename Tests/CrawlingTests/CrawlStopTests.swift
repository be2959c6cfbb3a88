import AASA
import Testing

/// The stop reasons' text is what report.json, the HTML report and the terminal have always shown.
@Suite struct CrawlStopTests {
    @Test func theStopReasonsReadAsReportsHaveAlwaysShownThem() {
        #expect(CrawlStop.complete.description == "complete")
        #expect(CrawlStop.interrupted.description == "interrupted")
        #expect(CrawlStop.maxPages(10_000).description == "max-pages (10000)")
        #expect(
            CrawlStop.maxURLs(cap: 12, notRecorded: 7).description
                == "max-urls (12): 7 more links were neither recorded nor followed")
        #expect(CrawlStop.crawlTime(600).description == "crawl-time (600 s)")
    }
}
