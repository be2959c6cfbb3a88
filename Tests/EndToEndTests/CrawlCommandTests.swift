import AASA
import Audit
import Foundation
import TestSupport
import Testing

@Suite struct CrawlCommandTests {
    static let server = FixtureServer.shared

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
