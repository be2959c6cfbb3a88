import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// A crawl never follows a robots.txt redirect to its www/apex counterpart when that name is this machine
/// (issue 23, item 2): robots.txt is then unavailable there, the crawl goes on without restrictions (DESIGN §8),
/// and the report says why.
@Suite struct CrawlAddressGuardTests {
    static let server = FixtureServer.shared

    @Test func aRobotsRedirectToACounterpartThatIsThisMachineIsNotFollowedAndSaysWhy() async throws {
        // www.robotsapex.localhost (mapped, the user's) redirects its robots.txt to robotsapex.localhost, unmapped:
        // a *.localhost name, which libcurl itself would resolve to 127.0.0.1.
        let out = try tempDirectory()
        let result = try await Binary.run([
            "audit", "www.robotsapex.localhost", "--crawl", "--format", "json", "--out", out.path, "--timeout",
            FixtureServer.roomyTimeout,
            "--connect-to", "www.robotsapex.localhost:443:127.0.0.1:\(Self.server.port)", "--ca-cert",
            Self.server.caPath, "--cdn-base", "https://www.robotsapex.localhost/a/v1/",
        ])
        #expect(result.status == 1, "not-found: \(result.stdout)\(result.stderr)")
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        let domain = try #require(report.domains.first)
        #expect(
            domain.notes.contains(
                "robots.txt redirects to https://robotsapex.localhost/robots.txt, not followed: robotsapex.localhost is "
                    + "a loopback name (this machine); only hosts you name may resolve to such addresses; crawled "
                    + "without restrictions"), "\(domain.notes)")
        #expect(domain.crawl?.pagesFetched == 1, "the home page is crawled: no restrictions")
    }
}
