import AASA
import Fetching
import Foundation
import TestSupport
import Testing

@testable import Crawling

/// The real crawler against sites that try to steer, stall or crash it (the crawlhostile and robots* hosts of
/// Tests/Fixtures/server.py).
@Suite struct HostileCrawlTests {
    static let server = FixtureServer.shared

    func crawl(_ host: String, _ configure: (inout CrawlOptions) -> Void = { _ in }) async -> CrawlResult {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 20))
        defer { fetcher.shutdown() }
        var options = CrawlOptions()
        options.maxRetryAfter = 1
        options.maxCrawlDelay = 0
        configure(&options)
        return await Crawler(fetcher: fetcher, options: options).crawl(host)
    }

    /// Retry-After of nan, inf, a 400-digit number, -5 and a date in 9999 are waited on at most the cap, and noted;
    /// before, nan trapped the process (Duration.seconds(nan)).
    @Test func unrepresentableRetryAfterValuesArePausedWithinTheCap() async {
        let result = await crawl("crawlhostile.aasa.test")
        for path in ["/nan", "/inf", "/huge", "/negative", "/date"] {
            let row = result.urls.first { $0.url == "https://crawlhostile.aasa.test\(path)" }
            #expect(row?.httpStatus == 503, "\(path) was fetched twice and stayed busy")
        }
        #expect(result.notes.contains { $0.contains("Retry-After") && $0.contains("at most 1 s") }, "\(result.notes)")
    }

    @Test func linksOffTheSiteByPortSchemeAddressOrUserInfoAreRecordedNotFetched() async {
        let result = await crawl("crawlhostile.aasa.test")
        let expected = [
            "https://crawlhostile.aasa.test:8443/other-port": "other port (8443)",
            "http://crawlhostile.aasa.test/plain-http": "http, not https",
            "https://127.0.0.1/ip": "IP address",  // libcurl writes the link to 0x7f.1 as 127.0.0.1.
            "https://127.0.0.1/ip-hex": "IP address",
            "https://[::1]/ip6": "IP address",
            "https://crawlhostile.aasa.test@127.0.0.1/userinfo": "user name in the URL",
            "https://x@crawlhostile.aasa.test/userinfo2": "user name in the URL",
            "https://crawlhostile.aasa.test:8443/redirected": "other port (8443)",
        ]
        for (url, note) in expected {
            let row = result.urls.first { $0.url == url }
            #expect(row != nil, "\(url) is recorded: \(result.urls.map(\.url))")
            #expect(row?.httpStatus == nil, "\(url) is not fetched")
            #expect(row?.note?.contains(note) == true, "\(url): \(row?.note ?? "no note")")
        }
        #expect(result.urls.first { $0.url == "https://crawlhostile.aasa.test/ok" }?.httpStatus == 200)
    }

    @Test func sitemapsOnOtherHostsOrPortsAreNamedNotFetched() async {
        let result = await crawl("crawlhostile.aasa.test")
        #expect(
            result.urls.first { $0.url == "https://crawlhostile.aasa.test/from-sitemap" }?.httpStatus == 200,
            "the in-scope sitemap named by the in-scope index is read")
        #expect(!result.urls.contains { $0.url.hasSuffix("/from-far") }, "no off-site sitemap was fetched")
        #expect(!result.urls.contains { $0.url.hasPrefix("https://shop.aasa.test/") }, "nor the other host's")
        let note = result.notes.first { $0.hasPrefix("sitemaps off the audited site") } ?? ""
        for url in [
            "https://crawlhostile.aasa.test:8443/far.xml", "https://other.aasa.test/far.xml",
            "https://127.0.0.1/far.xml", "https://shop.aasa.test/sitemap.xml",
        ] {
            #expect(note.contains(url), "\(url) in \(note)")
        }
    }

    @Test func aLongCrawlDelayIsCappedAndNoted() async {
        let result = await crawl("crawlhostile.aasa.test")
        #expect(
            result.notes.contains("robots.txt asks for a Crawl-delay of 120 s; 0 s was honoured (--max-crawl-delay)"))
    }

    @Test func aRobotsTxtAnswering5xxDisallowsTheWholeSite() async {
        let result = await crawl("robotsdown.aasa.test")
        #expect(result.pagesFetched == 0)
        // Said as what happened, not as a robots.txt rule the site may not even have.
        #expect(
            result.urls.first?.note
                == "not crawled: robots.txt answered 500, read as a complete disallow (RFC 9309)")
        #expect(result.notes.contains { $0.contains("robots.txt answered 500") })
    }

    @Test func anUnreachableRobotsTxtDisallowsTheWholeSite() async {
        let result = await crawl("refused.aasa.test")
        #expect(result.pagesFetched == 0)
        #expect(result.notes.contains { $0.hasPrefix("robots.txt could not be fetched") })
        let note = result.urls.first?.note ?? ""
        #expect(
            note.hasPrefix("not crawled: robots.txt could not be fetched (")
                && note.hasSuffix("), read as a complete disallow (RFC 9309)"), "\(note)")
    }

    @Test func aRobotsTxtRedirectOffTheSiteIsNotFollowedAndRestrictsNothing() async {
        let result = await crawl("robotsaway.aasa.test")
        #expect(result.urls.first { $0.url == "https://robotsaway.aasa.test/private" }?.httpStatus == 200)
        #expect(result.notes.contains { $0.contains("redirects to https://127.0.0.1/robots.txt, off the site") })
    }

    @Test func robotsTxtRedirectsOnTheSiteAreFollowed() async {
        let result = await crawl("robotshop.aasa.test")
        let row = result.urls.first { $0.url == "https://robotshop.aasa.test/private" }
        #expect(row?.note == "not crawled: robots.txt disallows it")
        #expect(result.urls.first { $0.url == "https://robotshop.aasa.test/open" }?.httpStatus == 200)
    }
}

/// robots.txt redirects on canned exchanges: the www counterpart is followed, five redirects at most.
@Suite struct RobotsRedirectTests {
    struct Canned: HTTPFetching {
        let answers: [String: (Int, String?, String)]
        let asked = Locked([String]())

        func fetch(_ request: FetchRequest) async -> Exchange {
            asked.withLock { $0.append(request.url) }
            let (status, location, body) = answers[request.url] ?? (404, nil, "")
            return Exchange(
                location: request.location, url: request.url, userAgent: "t", httpStatus: status,
                redirectTo: location, body: Array(body.utf8))
        }
    }

    @Test func aRedirectToTheWwwCounterpartIsFollowed() async {
        let fetcher = Canned(answers: [
            "https://example.test/robots.txt": (301, "https://www.example.test/robots.txt", ""),
            "https://www.example.test/robots.txt": (200, nil, "User-agent: *\nDisallow: /\n"),
        ])
        let (robots, note) = await Crawler(fetcher: fetcher).readRobots(domain: "example.test")
        #expect(!robots.allows("/a") && note == nil)
    }

    @Test func theApexCounterpartOfAWwwSiteIsFollowedButNotAnotherPort() async {
        let fetcher = Canned(answers: [
            "https://www.example.test/robots.txt": (301, "https://example.test/robots.txt", ""),
            "https://example.test/robots.txt": (302, "https://example.test:8443/robots.txt", ""),
            "https://example.test:8443/robots.txt": (200, nil, "User-agent: *\nDisallow: /\n"),
        ])
        let (robots, note) = await Crawler(fetcher: fetcher).readRobots(domain: "www.example.test")
        #expect(robots.allows("/a"))
        #expect(note?.contains("off the site") == true)
        #expect(fetcher.asked.withLock { $0 }.count == 2)
    }

    @Test func moreThanFiveRedirectsCountAsNoRobotsTxt() async {
        var answers: [String: (Int, String?, String)] = [:]
        for i in 0..<10 {
            answers["https://example.test/r\(i)"] = (302, "https://example.test/r\(i + 1)", "")
        }
        answers["https://example.test/robots.txt"] = (302, "https://example.test/r0", "")
        let fetcher = Canned(answers: answers)
        let (robots, note) = await Crawler(fetcher: fetcher).readRobots(domain: "example.test")
        #expect(robots == .allowAll)
        #expect(note?.contains("more than 5 redirects") == true)
        #expect(fetcher.asked.withLock { $0 }.count == 6)
    }
}
