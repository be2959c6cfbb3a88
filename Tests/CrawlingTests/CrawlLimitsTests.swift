import AASA
import Fetching
import Foundation
import TestSupport
import Testing

@testable import Crawling

/// Values a site controls, parsed without a trap and within bounds.
@Suite struct RetryAfterTests {
    @Test(
        arguments: [
            ("nan", nil), ("NaN", nil), ("inf", RetryAfter.ceiling), ("1e300", RetryAfter.ceiling), ("-5", 0),
            (String(repeating: "9", count: 400), RetryAfter.ceiling), ("2", 2), (" 7 ", 7), ("soon", nil), ("", nil),
            ("Fri, 31 Dec 9999 23:59:59 GMT", RetryAfter.ceiling), ("Sun, 06 Nov 1994 08:49:37 GMT", 0),
        ] as [(String, Double?)])
    func everyRetryAfterIsFiniteAndBounded(_ header: String, _ seconds: Double?) {
        #expect(RetryAfter.seconds(header) == seconds)
    }

    /// Read by arithmetic: DateFormatter leaked 128 bytes on each malformed date (the robots fuzz target's find;
    /// `Scripts/sanitize address` reports the leak for these without the fix).
    @Test(
        arguments: [
            "Sun, 06 Nov\u{1D}1994 08 :49:37 GMT\u{2A31A}r-agent", "Sun, 06 Nov 1994 08 :49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 0000 08:49:37 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
        ])
    func aMalformedHTTPDateIsRefused(_ header: String) {
        #expect(RetryAfter.httpDate(header) == nil)
        #expect(RetryAfter.seconds(header) == nil)
    }

    @Test func everyMonthOfAnHTTPDateIsRead() {
        for (index, month) in RetryAfter.months.enumerated() {
            let date = RetryAfter.httpDate("Thu, 01 \(month) 2026 00:00:00 GMT")
            #expect(date == utcDate(year: 2026, month: index + 1, day: 1, hour: 0, minute: 0, second: 0))
        }
        #expect(RetryAfter.httpDate("Fri, 31 Dec 9999 23:59:59 GMT")?.timeIntervalSince1970 == 253_402_300_799)
    }

    @Test func anHTTPDateIsSecondsFromNow() {
        let now = Date(timeIntervalSince1970: 784_111_717)  // 08:48:37 on that Sunday
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 60)
    }

    @Test func crawlTimeAndDelaysThatAreNotFiniteFallBackInsteadOfTrapping() {
        #expect(Crawler.finite(.nan, default: 600, upTo: 86_400) == 600)
        #expect(Crawler.finite(.infinity, default: 600, upTo: 86_400) == 600)
        #expect(Crawler.finite(1e300, default: 600, upTo: 86_400) == 86_400)
        #expect(Crawler.finite(-1, default: 600, upTo: 86_400) == 0)
        #expect(Crawler.seconds(1e300) == "1e+300")
        #expect(Crawler.seconds(120) == "120")
    }

    @Test func aCrawlDelayOfNanIsIgnoredAndInfinityIsADay() {
        #expect(Robots(parsing: Array("User-agent: *\nCrawl-delay: nan\n".utf8)).crawlDelay == nil)
        #expect(Robots(parsing: Array("User-agent: *\nCrawl-delay: inf\n".utf8)).crawlDelay == 86_400)
        #expect(Robots(parsing: Array("User-agent: *\nCrawl-delay: 120\n".utf8)).crawlDelay == 120)
    }
}

@Suite struct CrawlScopeRefusalTests {
    let scope = CrawlScope(domain: "shop.test", includeSubdomains: true)

    @Test(
        arguments: [
            ("https://shop.test/a", nil), ("https://shop.test:443/a", nil), ("https://blog.shop.test/", nil),
            ("https://shop.test:8443/", .otherPort("8443")), ("http://shop.test/", .plainHTTP),
            ("https://shop.test@127.0.0.1/", .userInfo), ("https://a:b@shop.test/", .userInfo),
            ("https://127.0.0.1/", .ipAddress), ("https://127.1/", .ipAddress), ("https://0x7f.1/", .ipAddress),
            ("https://2130706433/", .ipAddress), ("https://017700000001/", .ipAddress), ("https://[::1]/", .ipAddress),
            ("https://[::ffff:127.0.0.1]/", .ipAddress), ("https://127.0.0.1./", .ipAddress),
            ("https://other.test/", .otherHost), ("https://%31.shop.test/", .otherHost), ("ftp://shop.test/", .notWeb),
        ] as [(String, CrawlScope.Refusal?)])
    func onlyHTTPSOnPort443ToTheSiteIsFetched(_ url: String, _ refusal: CrawlScope.Refusal?) {
        #expect(scope.refusal(url) == refusal)
    }
}

@Suite struct SitemapLimitsTests {
    static func urlset(_ count: Int) -> [UInt8] {
        var text = "<urlset>"
        for i in 0..<count { text += "<url><loc>https://e.com/p/\(i)</loc></url>" }
        return Array((text + "</urlset>").utf8)
    }

    @Test func moreThan50000LocationsAreCutAtTheLimitAndSaySo() {
        let parsed = Sitemap.parse(Self.urlset(50_001))
        #expect(parsed.locations.count == 50_000)
        #expect(parsed.cut == .locations(50_000))
        #expect(Sitemap.parse(Self.urlset(50_000)).cut == nil)
    }

    @Test func bytesPastFiftyMegabytesAreNotReadAndSaySo() {
        var bytes = Array("<urlset><url><loc>https://e.com/a</loc></url>".utf8)
        bytes += [UInt8](repeating: 0x20, count: Sitemap.maximumBytes - bytes.count)
        bytes += Array("<url><loc>https://e.com/past</loc></url></urlset>".utf8)
        let parsed = Sitemap.parse(bytes)
        #expect(parsed.locations == ["https://e.com/a"])
        #expect(parsed.cut == .bytes(Sitemap.maximumBytes))
    }

    @Test func aStopRequestEndsTheScanBetweenSlices() {
        var asked = 0
        let parsed = Sitemap.parse(Self.urlset(60_000)) {
            asked += 1
            return asked > 1
        }
        #expect(parsed.cut == .stopped)
        #expect(parsed.locations.count < 50_000)
    }

    @Test func tagsSplitAcrossPiecesAndAnyCaseAreFound() {
        var scanner = Sitemap.Scanner()
        let text = Array("<SITEMAPindex><LoC>https://e.com/a</lOc><loc>  </loc><<loc>https://e.com/b</loc>".utf8)
        for byte in text { _ = scanner.feed([byte]) }
        #expect(scanner.isIndex)
        #expect(scanner.locations == ["https://e.com/a", "https://e.com/b"])
    }

    @Test func anUnclosedOrHugeLocationIsSkippedInBoundedMemory() {
        let long = String(repeating: "a", count: 20_000)
        let parsed = Sitemap.parse(Array("<loc>https://e.com/\(long)</loc><loc>https://e.com/b</loc><loc>x".utf8))
        #expect(parsed.locations == ["https://e.com/b"])
    }

    @Test func aGzipSitemapInflatesOnlyJustPastTheLimit() throws {
        let plain = [UInt8](repeating: 0x20, count: 3_000)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.xml")
        try Data(plain).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", file.path]
        try process.run()
        process.waitUntilExit()
        let gz = Array(try Data(contentsOf: dir.appendingPathComponent("s.xml.gz")))
        #expect(Sitemap.gunzipped(gz, limit: 1_001)?.count == 1_001)
    }

    /// Linear: four times the locations take at most about four times as long (the old scan took 49 s on 50,000).
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func parsingTimeIsLinearInTheFileSize() {
        let small = Self.urlset(10_000)
        let large = Self.urlset(40_000)
        // Best of three each: one run of each swung 14× on a loaded machine.
        let t1 = Timing.bestOfThree { _ = Sitemap.parse(small) }
        let t4 = Timing.bestOfThree { _ = Sitemap.parse(large) }
        #expect(t4 < t1 * 8 + 0.05, "\(t1) s for n, \(t4) s for 4n")
    }
}

@Suite struct CrawlOptionsLimitsTests {
    @Test func aURLCapSetFromCodeNeverOverflowsTheFrontiersRowNumbers() {
        var options = CrawlOptions()
        options.maxPages = .max
        #expect(options.urlCap == Int(Int32.max))
        options.maxURLs = .max
        #expect(options.urlCap == Int(Int32.max))
        options.maxURLs = 12
        #expect(options.urlCap == 12)
        options.maxURLs = nil
        options.maxPages = 10
        #expect(options.urlCap == 100_000)
    }
}

@Suite struct CrawlStopChecksTests {
    struct NoFetcher: HTTPFetching {
        func fetch(_ request: FetchRequest) async -> Exchange {
            Exchange(location: request.location, url: request.url, userAgent: "t")
        }
    }

    /// A page of many links stops being read once the crawl is cancelled or out of time.
    @Test func aPagesLinksStopBeingTakenInWhenTheCrawlMustStop() {
        let html = "<html><body>" + (0..<2_000).map { "<a href=\"/p/\($0)\">x</a>" }.joined() + "</body></html>"
        let exchange = Exchange(
            location: .page, url: "https://shop.test/", userAgent: "t", httpStatus: 200,
            contentType: "text/html", body: Array(html.utf8))
        for (stop, rows) in [(false, 2_001), (true, 256)] {
            var frontier = CrawlFrontier(domain: "shop.test", options: CrawlOptions(), robots: .allowAll)
            frontier.add(
                LinkResolver.resolve("https://shop.test/", against: "https://shop.test/"), foundOn: nil, depth: 0)
            let job = frontier.next()!
            var result = CrawlResult()
            _ = Crawler(fetcher: NoFetcher()).take(job, exchange, into: &frontier, &result) { stop }
            #expect(frontier.urls.count == rows, "stop: \(stop)")
        }
    }

    @Test func aRobotsRuleEditedAfterParsingMatchesItsNewPattern() {
        var robots = Robots(parsing: Array("User-agent: *\nDisallow: /a\n".utf8))
        #expect(!robots.allows("/a/1"))
        robots.rules[0].pattern = "/b"
        #expect(robots.allows("/a/1") && !robots.allows("/b"))
    }
}

@Suite struct SitemapStreamTests {
    static func stream(_ bytes: [UInt8], pieces: Int) -> SitemapStream.Outcome? {
        let stream = SitemapStream()
        var start = 0
        // A one-byte first piece, then even pieces: tags and the gzip magic may straddle them.
        for end in [1] + stride(from: 1 + pieces, to: bytes.count, by: pieces) + [bytes.count] where end > start {
            bytes[start..<end].withUnsafeBufferPointer { stream.consume($0) }
            start = end
        }
        return stream.finish()
    }

    @Test func aPlainSitemapIsScannedPieceByPiece() {
        let bytes = SitemapLimitsTests.urlset(3)
        guard case .parsed(let parsed) = Self.stream(bytes, pieces: 7) else {
            Issue.record("not parsed")
            return
        }
        #expect(parsed == Sitemap.parse(bytes))
        #expect(parsed.locations.count == 3 && parsed.cut == nil)
    }

    @Test func moreThan50000LocationsAreCutWhileStreaming() {
        guard case .parsed(let parsed) = Self.stream(SitemapLimitsTests.urlset(50_001), pieces: 65_536) else {
            Issue.record("not parsed")
            return
        }
        #expect(parsed.locations.count == 50_000 && parsed.cut == .locations(50_000))
    }

    @Test func aGzipSitemapIsKeptCompressedForLater() {
        let bytes: [UInt8] = [0x1F, 0x8B, 8, 0, 1, 2, 3]
        guard case .gzip(let kept) = Self.stream(bytes, pieces: 2) else {
            Issue.record("not kept as gzip")
            return
        }
        #expect(kept == bytes)
    }

    @Test func aOneByteFileIsAnEmptySitemap() {
        guard case .parsed(let parsed) = Self.stream([0x3C], pieces: 1) else {
            Issue.record("not parsed")
            return
        }
        #expect(parsed.locations.isEmpty && !parsed.isIndex)
    }
}

@Suite struct RobotsDisallowAllTests {
    struct Canned: HTTPFetching {
        func fetch(_ request: FetchRequest) async -> Exchange {
            let path = request.url.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            let body: String
            switch path {
            case "robots.txt": body = "User-agent: *\nDisallow: /\n"
            case "sitemap.xml": body = "<urlset><url><loc>https://shop.test/in-sitemap</loc></url></urlset>"
            default: body = ""
            }
            return Exchange(
                location: request.location, url: request.url, userAgent: "t", httpStatus: 200, body: Array(body.utf8))
        }
    }

    /// A robots.txt that disallows everything is not an unavailable one: its sitemap pages are still recorded.
    @Test func aSiteDisallowingEverythingStillHasItsSitemapPagesRecorded() async {
        let result = await Crawler(fetcher: Canned()).crawl("shop.test")
        let row = result.urls.first { $0.url == "https://shop.test/in-sitemap" }
        #expect(row?.note == "not crawled: robots.txt disallows it")
        #expect(result.pagesFetched == 0)
    }
}
