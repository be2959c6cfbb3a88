import AASA
import Fetching
import Foundation
import TestSupport
import Testing

@testable import Crawling

/// The crawl budget (--crawl-time) against a robots.txt asking for a two-minute delay, a page taking 90 s, and a
/// robots.txt or sitemap that takes two minutes to arrive.
/// Their assertions are about wall-clock time, so Scripts/test runs suites named *WallClockTests in a pass of their
/// own: beside the whole suite each await of the crawl waits behind hundreds of tests for one of the two pool threads
/// (81 s was seen on CI for a 2 s budget).
@Suite struct CrawlBudgetWallClockTests {
    static let server = FixtureServer.shared

    /// robots.txt's Crawl-delay of 120 s, allowed in full, is cut short by a 2 s crawl budget.
    @Test func theCrawlTimeBudgetEndsALongDelay() async {
        let start = ContinuousClock.now
        let result = await HostileCrawlTests().crawl("crawlhostile.aasa.test") {
            $0.maxCrawlDelay = 3_600
            $0.crawlTime = 2
        }
        // Far below the 120 s asked for; the fetches before the budget ran out (robots.txt, three sitemaps, the home
        // page) take a moment each.
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(result.stoppedBecause == .crawlTime(2))
        #expect(result.pagesFetched <= 1)
        #expect(result.notes.contains { $0.contains("Crawl-delay of 120 s") } == false, "120 s was honoured")
    }

    /// A page still downloading when the budget runs out is cancelled, not waited for (it takes 90 s).
    @Test func theCrawlTimeBudgetCutsAPageInFlight() async {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 60))
        defer { fetcher.shutdown() }
        var options = CrawlOptions()
        options.crawlTime = 3
        let start = ContinuousClock.now
        let result = await Crawler(fetcher: fetcher, options: options).crawl("crawlslow.aasa.test")
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(result.stoppedBecause == .crawlTime(3))
        #expect(result.urls.first { $0.url.hasSuffix("/slow") }?.httpStatus == nil)
        // Usually / is fetched and /slow is cut in flight; on a loaded machine the budget may run out on / itself.
        // Either way every page not fetched says why.
        for row in result.urls where row.httpStatus == nil {
            #expect(row.note == "not crawled: crawl-time (3 s)", "\(row.url)")
        }
    }

    /// The fetch of robots.txt or the sitemap begins within the budget and the note names the file still arriving
    /// when the budget ran out. Alone the fetch begins at once; in this pass, beside the other suites, a 5 s budget
    /// once ran out before the sitemap's began, so the budget here is 15 s.
    @Test(arguments: [
        ("/robots.txt", "robots.txt was still arriving when --crawl-time ran out"),
        ("/sitemap.xml", "sitemap https://shop.test/sitemap.xml was still arriving when --crawl-time ran out"),
    ])
    func aSlowCrawlFileIsNamedWhenTheBudgetRunsOut(_ slow: String, _ note: String) async {
        let (result, began) = await CrawlBudgetTests().crawl(slow: slow, budget: 15)
        #expect(began, "the fetch of \(slow) began within the budget")
        #expect(result.stoppedBecause == .crawlTime(15))
        #expect(result.notes.contains(note), "\(result.notes)")
    }
}
