import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// The real binary against a site that answers 503 with Retry-After values no number type holds, asks for a
/// two-minute Crawl-delay and points at sitemaps and links off the site.
@Suite struct HostileCrawlCommandTests {
    static let server = FixtureServer.shared

    @Test func crawlBudgetsOutsideTheirRangeAreUsageErrors() async throws {
        for (option, value) in [("--crawl-time", "inf"), ("--crawl-time", "0"), ("--max-crawl-delay", "nan")] {
            let result = try await Binary.run(["audit", "x.aasa.test", "--crawl", option, value])
            #expect(result.status == 2, "\(option) \(value)")
            #expect(result.stderr.contains(option) && result.stderr.contains(value))
        }
    }
}

/// The hostile crawl's elapsed time, in the wall-clock pass (Scripts/lib.sh `run_tests`): beside the whole suite the
/// shared fixture server answers too slowly for a time bound to mean anything.
@Suite struct HostileCrawlBudgetWallClockTests {
    static let server = FixtureServer.shared

    /// Before, `Retry-After: nan` killed the process with SIGILL and no report was written.
    @Test func aHostileCrawlEndsWithinItsBudgetAndWritesTheReport() async throws {
        let out = try tempDirectory()
        let start = Date()
        let result = try await Binary.run(
            [
                "audit", "crawlhostile.aasa.test", "--crawl", "--max-crawl-delay", "0", "--crawl-time", "4", "--out",
                out.path, "--format", "json",
            ] + Self.server.auditArguments)
        #expect(result.status == 0 || result.status == 1, "\(result.status): \(result.stderr)")
        // --crawl-time plus the fetches in flight (4.5 s alone); beside the whole suite under AddressSanitizer the shared
        // fixture server took 108 s, so this runs in the wall-clock pass.
        #expect(Date().timeIntervalSince(start) < 90)
        let (report, _) = try readReport(out)
        let domain = try #require(report.domains.first)
        let crawl = try #require(domain.crawl)
        #expect(crawl.stoppedBecause == "crawl-time (4 s)")
        #expect(
            domain.notes.contains("robots.txt asks for a Crawl-delay of 120 s; 0 s was honoured (--max-crawl-delay)"))
        #expect(domain.notes.contains { $0.hasPrefix("sitemaps off the audited site") })
        let fetched = domain.urls.filter { $0.httpStatus != nil }.map(\.url)
        #expect(fetched.allSatisfy { $0.hasPrefix("https://crawlhostile.aasa.test/") }, "\(fetched)")
    }
}
