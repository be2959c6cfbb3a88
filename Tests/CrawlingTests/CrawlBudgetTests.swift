import AASA
import Foundation
import Testing

@testable import Crawling

/// The crawl budget bounds robots.txt and the sitemaps, not only the pages. Whether the slow fetch began within the
/// budget depends on how busy the machine is: these tests assert what holds either way, and
/// `CrawlBudgetWallClockTests` that it began and is named.
@Suite struct CrawlBudgetTests {
    /// Answers robots.txt or the sitemap (whichever is `slow`) only after 120 s, unless cancelled first; the rest at once.
    struct Slow: HTTPFetching {
        let slow: String
        /// Whether the slow fetch began: on a busy test pool the budget may run out before it does.
        let began = Locked(false)

        func fetch(_ request: FetchRequest) async -> Exchange {
            if request.url.hasSuffix(slow) {
                began.withLock { $0 = true }
                do {
                    try await Task.sleep(for: .seconds(120))
                } catch {
                    return Exchange(location: .page, url: request.url, userAgent: "t", failure: .cancelled)
                }
            }
            let body = request.url.hasSuffix("robots.txt") ? "User-agent: *\nAllow: /\n" : "<urlset></urlset>"
            return Exchange(
                location: .page, url: request.url, userAgent: "t", httpStatus: 200, contentType: "text/plain",
                body: Array(body.utf8))
        }
    }

    /// The crawl with a budget of `budget` seconds, and whether the slow fetch began before the budget ran out.
    func crawl(slow: String, budget: Double = 5) async -> (CrawlResult, Bool) {
        var options = CrawlOptions()
        options.crawlTime = budget
        let fetcher = Slow(slow: slow)
        let result = await Crawler(fetcher: fetcher, options: options).crawl("shop.test")
        return (result, fetcher.began.withLock { $0 })
    }

    /// Before, robots.txt was waited for in full (120 s here, up to --timeout on the network) and then the crawl ran.
    @Test func aRobotsTxtStillArrivingAtTheDeadlineEndsTheCrawlWithCrawlTime() async {
        let (result, began) = await crawl(slow: "/robots.txt")
        #expect(result.stoppedBecause == .crawlTime(5))
        if began {
            #expect(
                result.notes.contains("robots.txt was still arriving when --crawl-time ran out"), "\(result.notes)")
        }
        #expect(result.pagesFetched == 0)
        #expect(result.urls.first { $0.url == "https://shop.test/" }?.note == "not crawled: crawl-time (5 s)")
    }

    @Test func aSitemapStillArrivingAtTheDeadlineEndsTheCrawlWithCrawlTime() async {
        let (result, began) = await crawl(slow: "/sitemap.xml")
        #expect(result.stoppedBecause == .crawlTime(5))
        if began {
            #expect(
                result.notes.contains(
                    "sitemap https://shop.test/sitemap.xml was still arriving when --crawl-time ran out"),
                "\(result.notes)")
        }
        #expect(result.pagesFetched == 0)
    }

    /// A fetch that ends before the deadline is returned as it came; cancelling the caller still cancels it.
    @Test func aFetchBeforeTheDeadlineIsUntouchedAndCancellationStillActs() async {
        let request = FetchRequest(
            url: "https://shop.test/robots.txt", location: .page,
            policy: .crawlFile(userAgent: "t", maxBytes: 1_000))
        let quick = await Slow(slow: "never").fetch(request, before: .now + .seconds(60))
        #expect(quick.httpStatus == 200 && quick.failure == nil)
        let task = Task { await Slow(slow: "robots.txt").fetch(request, before: .now + .seconds(60)) }
        try? await Task.sleep(for: .milliseconds(100))
        task.cancel()
        #expect(await task.value.failure == .cancelled)
    }
}
