import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// robots.txt as Google reads it, through the real binary: robotsbom.aasa.test's robots.txt starts with a byte order
/// mark, names us as "aasa-audit/2.0" and has a Sitemap line between that and the next user-agent line, whose
/// Disallow is therefore ours (Tests/Fixtures/server.py).
@Suite struct RobotsCrawlCommandTests {
    static let server = FixtureServer.shared

    func crawl(_ arguments: [String] = []) async throws -> DomainReport {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-robots-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "robotsbom.aasa.test", "--crawl", "--out", out.path, "--format", "json"] + arguments
                + Self.server.auditArguments)
        #expect([0, 1].contains(result.status), "\(result.stdout)\(result.stderr)")
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        return try #require(report.domains.first)
    }

    @Test func ourGroupAfterAByteOrderMarkDisallowsAPathAndItIsNotFetched() async throws {
        let domain = try await crawl()
        let disallowed = try #require(domain.urls.first { $0.url == "https://robotsbom.aasa.test/private" })
        #expect(disallowed.httpStatus == nil && disallowed.note == "not crawled: robots.txt disallows it")
        let open = domain.urls.first { $0.url == "https://robotsbom.aasa.test/open" }
        #expect(open?.httpStatus == 200, "the * group, which disallows everything, is not ours")
    }

    @Test func theUserAgentOptionsLeadingTokenChoosesTheGroup() async throws {
        let domain = try await crawl(["--user-agent", "probe-bot/3 (+https://probe.example)"])
        let disallowed = try #require(domain.urls.first { $0.url == "https://robotsbom.aasa.test/open" })
        #expect(disallowed.httpStatus == nil && disallowed.note == "not crawled: robots.txt disallows it")
        #expect(domain.urls.first { $0.url == "https://robotsbom.aasa.test/private" }?.httpStatus == 200)
    }
}
