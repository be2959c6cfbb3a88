import AASA
import Foundation
import Testing

@testable import Crawling

/// Which of a crawl's fetches guard their addresses: only the audited host is the user's; its www/apex counterpart
/// (named by a robots.txt redirect) and its subdomains (named by its pages) are the site's.
@Suite struct CrawlRequestGuardTests {
    /// Answers from a table, recording each request's URL and whether it guarded its addresses.
    struct Recording: HTTPFetching {
        let answers: [String: Exchange]
        let asked = Locked([(String, Bool)]())

        func fetch(_ request: FetchRequest) async -> Exchange {
            asked.withLock { $0.append((request.url, request.policy.guardsAddresses)) }
            return answers[request.url]
                ?? Exchange(location: request.location, url: request.url, userAgent: "t", httpStatus: 404)
        }
    }

    @Test func aRobotsRedirectToTheCounterpartIsGuardedAndItsRefusalReadsAsNoRestrictions() async {
        let refusal =
            "www.example.test resolves to 10.0.0.7, a private address; only hosts you name may resolve to such addresses"
        let fetcher = Recording(answers: [
            "https://example.test/robots.txt": Exchange(
                location: .page, url: "https://example.test/robots.txt", userAgent: "t", httpStatus: 301,
                redirectTo: "https://www.example.test/robots.txt"),
            "https://www.example.test/robots.txt": Exchange(
                location: .page, url: "https://www.example.test/robots.txt", userAgent: "t", failure: .refused,
                error: refusal),
        ])
        let (robots, note) = await Crawler(fetcher: fetcher).readRobots(domain: "example.test")
        #expect(robots.allows("/a"))
        #expect(
            note == "robots.txt redirects to https://www.example.test/robots.txt, not followed: \(refusal); "
                + "crawled without restrictions")
        let asked = fetcher.asked.withLock { $0 }
        #expect(asked.map(\.0) == ["https://example.test/robots.txt", "https://www.example.test/robots.txt"])
        #expect(asked.map(\.1) == [false, true])
    }

    @Test func onlyTheAuditedHostIsUnguarded() {
        #expect(!Crawler.guards("https://shop.example/a", domain: "shop.example"))
        #expect(!Crawler.guards("https://SHOP.example/a", domain: "shop.example"))
        #expect(Crawler.guards("https://blog.shop.example/a", domain: "shop.example"))
        #expect(Crawler.guards("https://www.shop.example/robots.txt", domain: "shop.example"))
        #expect(Crawler.guards("https://shop.example/robots.txt", domain: "www.shop.example"))
    }
}
