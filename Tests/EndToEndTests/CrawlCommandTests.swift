import AASA
import Audit
import Foundation
import TestSupport
import Testing

@Suite struct CrawlCommandTests {
    static let server = FixtureServer.shared

    /// SIGINT in the middle of a (slowed) crawl: out within 2 s, with the pages crawled so far in every report.
    @Test func anInterruptedCrawlStillReportsWhatItFound() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "shop.aasa.test", "--crawl", "--delay", "0.2", "--out", out.path, "--format", "json,csv"]
                + Self.server.auditArguments, interrupt: (SIGINT, after: 6))
        let elapsed = result.exitedAt.timeIntervalSince(try #require(result.signalledAt))
        #expect(elapsed < 2, "exited \(elapsed) s after SIGINT")
        #expect(result.status == 130)
        let (report, _) = try readReport(out)
        #expect(report.interrupted)
        let crawl = try #require(report.domains.first?.crawl)
        #expect(crawl.stoppedBecause == "interrupted")
        // The domain was reported (with its partial crawl), so no domain is "not audited": the summary says whose
        // crawl was cut short instead of printing an empty list.
        #expect(report.notAudited.isEmpty)
        #expect(
            result.stdout.contains(
                "interrupted: 1 crawl(s) cut short (reported with the pages crawled so far): shop.aasa.test"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("not audited: \n"))
        // How far the crawl got in 6 s depends on the machine's load (none in 2 s on a loaded machine, about 30 on an
        // idle one of its ~170 pages at --delay 0.2); that it was cut short is `stoppedBecause`. What it found must be in the report.
        #expect(crawl.pagesFetched >= 1 && !report.domains[0].urls.isEmpty, "\(crawl.pagesFetched) pages")
        let csv = try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8)
        #expect(csv.components(separatedBy: "\r\n").count - 2 == report.domains[0].urls.count)
    }

    @Test func aCrawlGivesEveryURLItsVerdictAndTheDecidingRule() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-crawl-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "shop.aasa.test", "--crawl", "--crawl-concurrency", "3", "--out", out.path]
                + Self.server.auditArguments,
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("stopped: complete"))
        let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let report = try AuditReport.decode(data)
        let domain = try #require(report.domains.first)
        #expect(
            Set(domain.findings.map(\.id)) == [
                "banner-argument", "banner-malformed", "crawl-page-error", "rule-unused", "link-custom-scheme",
            ])
        #expect(domain.findings.first { $0.id == "rule-unused" }?.message.contains("/legacy/*") == true)
        #expect(domain.findings.first { $0.id == "banner-argument" }?.location.url == "https://shop.aasa.test/about")
        let byURL = Dictionary(domain.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        let expected: [(String, MatchResult, Int?)] = [
            ("/shoes/", .match, 2), ("/hats/sitemap-only", .match, 2), ("/product/view?id=3", .match, 3),
            ("/search?q=red", .match, 4), ("/en/help/faq", .match, 5), ("/account/orders", .exclude, 1),
            ("/shoes/#nolink", .exclude, 0), ("/about", .noMatch, nil), ("/blog/post/7", .noMatch, nil),
        ]
        for (path, result, rule) in expected {
            let url = try #require(byURL["https://shop.aasa.test\(path)"], "\(path)")
            #expect(url.verdicts.first?.result == result, "\(path)")
            #expect(url.verdicts.first?.rule?.ruleIndex == rule, "\(path)")
            #expect((url.opensApp != nil) == (result == .match))
        }
        #expect(byURL["https://shop.aasa.test/shoes/"]?.note?.contains("stays in Safari") == true)
        let crawl = try #require(domain.crawl)
        #expect(crawl.stoppedBecause == "complete")
        #expect(crawl.ruleHits.count == 7)
        #expect(crawl.ruleHits.first { $0.rule.rule.contains("legacy") }?.hits == 0)
        #expect(report.summary.urlsOpeningApp == domain.urls.filter { $0.opensApp != nil }.count)
        #expect(report.summary.urlsOpeningApp > 50)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let urls = try #require((object["domains"] as? [[String: Any]])?.first?["urls"] as? [[String: Any]])
        for key in ["url", "foundOn", "httpStatus", "verdicts", "opensApp"] {
            #expect(urls[0].keys.contains(key), "urls.\(key)")
        }
    }
}

@Suite struct CrawlScopeTests {
    static let server = FixtureServer.shared

    func audit(_ arguments: [String]) async throws -> AuditReport {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-scope-\(UUID().uuidString)")
        _ = try await Binary.run(
            ["audit"] + arguments + ["--crawl", "--out", out.path, "--format", "json"] + Self.server.auditArguments)
        return try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
    }

    @Test func linksToAnotherAuditedSiteGetThatSitesVerdicts() async throws {
        let report = try await audit(["shop.aasa.test", "good.aasa.test"])
        let shop = try #require(report.domains.first { $0.domain == "shop.aasa.test" })
        let link = try #require(shop.urls.first { $0.url == "https://good.aasa.test/shop/1" })
        #expect(link.note?.contains("other host") == true, "recorded, not crawled from the shop")
        #expect(link.verdicts.first?.result == .match, "judged by good.aasa.test's own file")
        #expect(link.verdicts.first?.rule?.ruleIndex == 1)
        let sub = try #require(shop.urls.first { $0.url == "https://blog.shop.aasa.test/hats/" })
        #expect(sub.httpStatus == nil && sub.verdicts.isEmpty, "a subdomain is out of scope by default")
    }

    @Test func includeSubdomainsWidensTheScope() async throws {
        let report = try await audit(["shop.aasa.test", "--include-subdomains"])
        let shop = try #require(report.domains.first)
        #expect(shop.urls.first { $0.url == "https://blog.shop.aasa.test/hats/" }?.httpStatus == 200)
        #expect(shop.urls.contains { $0.url.hasPrefix("https://blog.shop.aasa.test/product/") })
    }
}
