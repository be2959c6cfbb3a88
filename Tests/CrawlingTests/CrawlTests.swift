import AASA
import Crawling
import Fetching
import Foundation
import TestSupport
import Testing

/// The real crawler, libcurl and libxml2 against the fixture shop (Tests/Fixtures/server.py).
@Suite struct CrawlTests {
    static let server = FixtureServer.shared

    func crawl(
        _ host: String = "shop.aasa.test", _ configure: (inout CrawlOptions) -> Void = { _ in }
    ) async -> CrawlResult {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 20))
        defer { fetcher.shutdown() }
        var options = CrawlOptions()
        configure(&options)
        return await Crawler(fetcher: fetcher, options: options).crawl(host)
    }

    /// With the default scan backlog, and with one so small that the fetch loop waits for the scanner every time.
    @Test(arguments: [2 * 1024 * 1024, 1])
    func everyLinkedAndSitemapPageIsFoundAndRobotsIsObeyed(scanBacklogBytes: Int) async throws {
        let result = await crawl { $0.scanBacklogBytes = scanBacklogBytes }
        let byURL = Dictionary(result.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(result.stoppedBecause == .complete)
        for path in [
            "/", "/shoes/", "/hats/", "/bags/", "/shoes/new", "/hats/sitemap-only", "/about", "/help-center",
            "/en/help/faq",
        ] {
            #expect(byURL["https://shop.aasa.test\(path)"]?.httpStatus == 200, "\(path)")
        }
        #expect(
            (1...30).allSatisfy { byURL["https://shop.aasa.test/product/view?id=\($0)&src=map"]?.httpStatus == 200 })
        let secret = try #require(byURL["https://shop.aasa.test/private/secret"])
        #expect(secret.httpStatus == nil && secret.note?.contains("robots.txt") == true, "never fetched")
        #expect(result.robotsDisallowed == 1)
        #expect(byURL["https://shop.aasa.test/moved"]?.redirectTo == "https://shop.aasa.test/shoes/")
        #expect(byURL["https://shop.aasa.test/moved"]?.note == nil, "the target has its own column")
        #expect(byURL["https://shop.aasa.test/broken"]?.httpStatus == 404)
        #expect(result.pageErrors.map(\.url) == ["https://shop.aasa.test/broken"])
        #expect(byURL["https://shop.aasa.test/image.png"]?.note?.contains("not HTML") == true)
        #expect(byURL["https://other.example.net/"]?.note?.contains("other host") == true)
        #expect(byURL["https://shop.aasa.test/in-script"] == nil, "links inside <script> are not links")
        #expect(result.otherSchemes == ["mailto": 1, "tel": 1, "javascript": 1, "acmeshop": 1])
        #expect(result.banners.count == 2)
    }

    /// The real fetcher, with the crawl's fetches in flight counted on their way in and out.
    final class CountingFetcher: HTTPFetching {
        let inner: CurlFetcher
        let state = Locked((now: 0, peak: 0))

        init(_ inner: CurlFetcher) { self.inner = inner }

        func fetch(_ request: FetchRequest) async -> Exchange { await inner.fetch(request) }

        func start(_ request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void) -> FetchHandle {
            state.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
            return inner.start(request) { [state] exchange in
                state.withLock { $0.now -= 1 }
                completion(exchange)
            }
        }
    }

    @Test(arguments: [1, 3, 8])
    func perHostConcurrencyBoundsTheFetchesInFlight(limit: Int) async {
        let counting = CountingFetcher(
            CurlFetcher(
                configuration: FetcherConfiguration(
                    connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 20)))
        defer { counting.inner.shutdown() }
        var options = CrawlOptions()
        options.perHostConcurrency = limit
        let result = await Crawler(fetcher: counting, options: options).crawl("shop.aasa.test")
        #expect(result.stoppedBecause == .complete && result.pagesFetched > 40)
        let peak = counting.state.withLock { $0.peak }
        #expect(peak <= limit, "peak \(peak)")
        // The frontier holds dozens of sitemap pages from the start: a limit above one is used.
        #expect(limit == 1 || peak > 1, "peak \(peak)")
    }

    @Test func aGzippedSitemapIsRead() async {
        let result = await crawl()
        let page = result.urls.first { $0.url == "https://shop.aasa.test/bags/gzip-only" }
        #expect(page?.httpStatus == 200)
        #expect(page?.foundOn == "sitemap https://shop.aasa.test/sitemap-extra.xml.gz")
    }

    /// The pause itself is `CrawlWallClockTests`' concern.
    @Test func a503WithRetryAfterIsRetriedAfterThePause() async {
        let result = await crawl("busy.aasa.test")
        #expect(
            result.urls.first { $0.url == "https://busy.aasa.test/busy" }?.httpStatus == 200,
            "retried after Retry-After")
        #expect(!result.pageErrors.contains { $0.url.hasSuffix("/busy") })
    }

    /// The spacing itself is `CrawlWallClockTests`' concern.
    @Test func aDelayedCrawlFetchesItsPages() async {
        let result = await crawl("shop.aasa.test", Self.delayed)
        #expect(result.pagesFetched == 6)
    }

    /// Six pages, 0.25 s apart.
    static func delayed(_ options: inout CrawlOptions) {
        options.maxPages = 6
        options.delay = 0.25
    }

    @Test func aFortyPostChainIsFollowedButACalendarTrapIsCut() async {
        let result = await crawl()
        let posts = result.urls.filter { $0.url.contains("/blog/post/") && $0.httpStatus == 200 }
        #expect(posts.count == 40)
        let months = result.urls.filter { $0.url.contains("/calendar") }
        let fetched = months.filter { $0.httpStatus != nil }
        #expect(fetched.count <= CrawlOptions().chainLimit + 2, "\(fetched.count) calendar pages")
        #expect(months.contains { $0.note?.contains("crawl trap") == true })
        #expect(
            result.urls.first { $0.url.hasSuffix("/a/b/a/b/a/b/a") }?.note?.contains("repeating path segments") == true)
        #expect(result.pagesFetched < 250)
    }

    @Test func maxPagesStopsTheCrawlAndSaysWhy() async {
        let result = await crawl { $0.maxPages = 10 }
        #expect(result.pagesFetched == 10)
        #expect(result.stoppedBecause == .maxPages(10))
        #expect(result.stoppedBecause.description == "max-pages (10)")
        #expect(result.urls.contains { $0.note == "not crawled: max-pages (10)" })
    }

    @Test func theURLCapBoundsWhatIsRecordedAndSaysWhy() async {
        let result = await crawl { $0.maxURLs = 12 }
        #expect(result.urls.count == 12)
        #expect(result.urlsNotRecorded > 0)
        #expect(result.stoppedBecause == .maxURLs(cap: 12, notRecorded: result.urlsNotRecorded))
        #expect(result.stoppedBecause.description.hasPrefix("max-urls (12): \(result.urlsNotRecorded) more links"))
        #expect(result.pagesFetched <= 12, "a link not recorded is not followed either")
    }

    @Test func maxDepthLimitsHowFarLinksAreFollowed() async {
        let result = await crawl { $0.maxDepth = 1 }
        #expect(!result.urls.contains { $0.url.hasSuffix("/blog/post/3") && $0.httpStatus != nil })
        #expect(result.urls.contains { $0.note?.contains("--max-depth 1") == true })
    }

    @Test func fragmentsAreKeptForVerdictsButFetchedOnce() async {
        let result = await crawl()
        let variant = result.urls.first { $0.url == "https://shop.aasa.test/shoes/#nolink" }
        #expect(variant?.note?.contains("another fragment") == true)
        #expect(variant?.httpStatus == 200)
        #expect(
            result.urls.filter { $0.url.hasPrefix("https://shop.aasa.test/shoes/") && !$0.url.contains("new") }.count
                == 2)
    }

    @Test func inlinksCountDistinctCrawledPagesNotLinksOrSitemaps() async throws {
        let result = await crawl("seo.aasa.test")
        let byURL = Dictionary(result.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        func inlinks(_ path: String) -> Int? { byURL["https://seo.aasa.test\(path)"]?.inlinks ?? nil }
        // The start page links /shop/1 twice and /shop/2 twice more; the sitemap does not count.
        #expect(inlinks("/shop/1") == 2)
        #expect(inlinks("/shop/6") == 2, "the start page and /shop/1")
        #expect(inlinks("/shop/deeper") == 1)
        #expect(inlinks("/shop/sitemap-only") == 0, "only a sitemap names it")
        #expect(inlinks("/shop/7?q=%22a,b%22") == 0, "a redirect is not a link")
        // Every crawled page but /shop/1's siblings without links points home.
        let home = result.urls.filter { $0.httpStatus == 200 && $0.url.hasPrefix("https://seo.aasa.test/shop/") }
        let linkingHome = home.filter {
            !["/shop/2", "/shop/deep", "/shop/sitemap-only"].contains($0.url.dropFirst(21))
        }
        #expect(inlinks("/") == linkingHome.count, "\(home.map(\.url))")
    }

    @Test func redirectsRecordTheirTargetAsFollowed() async throws {
        let result = await crawl("seo.aasa.test")
        let go = try #require(result.urls.first { $0.url == "https://seo.aasa.test/go" })
        #expect(go.httpStatus == 302)
        #expect(go.redirectTo == "https://seo.aasa.test/shop/7?q=%22a,b%22")
        #expect(result.urls.contains { $0.url == go.redirectTo && $0.httpStatus == 200 })
        let hostile = try #require(result.urls.first { $0.url == "https://seo.aasa.test/go-ctl" })
        #expect(hostile.redirectTo == "https://seo.aasa.test/=cmd|'%20/C%20calc'!A0/%1B[31m", "resolved as followed")
        let app = try #require(result.urls.first { $0.url == "https://seo.aasa.test/go-app" })
        #expect(app.redirectTo == "acmeshop://open/\u{1B}[31m=x", "no web URL: kept as sent")
        #expect(result.otherSchemes["acmeshop"] == 1)
        #expect(result.urls.first { $0.url == "https://seo.aasa.test/shop/1" }?.redirectTo == nil)
    }

    @Test func anchorTextIsTheFirstNonEmptyTextCollapsedAndCapped() async throws {
        let result = await crawl("seo.aasa.test")
        let byURL = Dictionary(result.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        func text(_ path: String) -> String? { byURL["https://seo.aasa.test\(path)"]?.anchorText ?? nil }
        #expect(text("/shop/1") == "=cmd|' /C calc'!A0")
        #expect(text("/shop/2") == "Say \"hi\", there")
        #expect(text("/shop/3") == "ctl[31mred end")
        #expect(text("/shop/4") == "Shop logo")
        #expect(text("/shop/5") == "Nested bold & entity text")
        #expect(text("/shop/6") == "Six from one", "the start page's link to it is empty")
        #expect(text("/shop/area") == "Area alt")
        let long = String(("Long " + String(repeating: "word ", count: 80)).prefix(200))
        #expect(text("/shop/long") == long.trimmingCharacters(in: .whitespaces), "200 characters, no trailing space")
        #expect(text("/shop/sitemap-only") == nil)
    }
}

/// The crawl's pauses, in the wall-clock pass (Scripts/lib.sh `run_tests`): lower bounds, which a loaded machine
/// cannot break, but elapsed time all the same.
@Suite struct CrawlWallClockTests {
    @Test func a503WithRetryAfterIsRetriedAfterThePause() async {
        // A host of its own: the server counts each host's turns apart, so the main pass's test never shares them.
        let elapsed = await ContinuousClock().measure { _ = await CrawlTests().crawl("busy--wall.aasa.test") }
        #expect(elapsed >= .seconds(1), "the crawl waited the second it was asked to")
    }

    @Test func aDelaySpacesRequestsOut() async {
        let elapsed = await ContinuousClock().measure {
            _ = await CrawlTests().crawl("shop.aasa.test", CrawlTests.delayed)
        }
        #expect(elapsed >= .milliseconds(1_250), "one request at a time, 0.25 s apart")
    }
}
