import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// The real binary against sites whose robots.txt or sitemap arrives a line a second for two minutes: a small
/// --crawl-time ends the crawl, though --timeout would allow the whole transfer. Timed, so it runs in Scripts/test's
/// pass for *WallClockTests, away from the rest of the suite.
@Suite struct CrawlBudgetCommandWallClockTests {
    static let server = FixtureServer.shared

    @Test(arguments: [
        ("robotsdrip", "robots.txt was still arriving when --crawl-time ran out"),
        (
            "sitemapdrip",
            "sitemap https://sitemapdrip.aasa.test/sitemap.xml was still arriving when --crawl-time ran out"
        ),
    ])
    func aDrippingCrawlFileIsCutByTheCrawlBudget(host: String, note: String) async throws {
        let out = try tempDirectory()
        let start = Date()
        let result = try await Binary.run(
            [
                "audit", "\(host).aasa.test", "--crawl", "--crawl-time", "3", "--timeout", "300", "--out", out.path,
                "--format", "json",
            ] + Self.server.auditArguments)
        #expect(result.status == 0 || result.status == 1, "\(result.status): \(result.stderr)")
        // The drip lasts 120 s, so a crawl that waited for it would take at least that long; alone the run takes
        // 3.5 s (debug).
        #expect(Date().timeIntervalSince(start) < 60)
        let (report, _) = try readReport(out)
        let domain = try #require(report.domains.first)
        #expect(domain.crawl?.stoppedBecause == "crawl-time (3 s)")
        #expect(domain.notes.contains(note), "\(domain.notes)")
        #expect(domain.crawl?.pagesFetched == 0)
    }
}
