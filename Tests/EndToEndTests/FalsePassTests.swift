import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// What a device cannot read is never a pass: the CDN's unreadable copy and out-of-range numbers, end to end.
@Suite struct FalsePassTests {
    static let server = FixtureServer.shared

    /// The site serves a good file; Apple's CDN stand-in answers 200 with an HTML page or half the file.
    @Test(arguments: ["cdnhtml", "cdntruncated"]) func anUnreadableCDNCopyIsAnError(_ host: String) async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            [
                "audit", "\(host).aasa.test", "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format",
                "json",
            ]
                + Self.server.auditArguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let domain = try #require(report.domains.first)
        #expect(domain.findings.map(\.id) == ["cdn-unreadable"], "\(domain.findings.map(\.message))")
        let finding = try #require(domain.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.location.url == "https://cdn.aasa.test/a/v1/\(host).aasa.test")
        #expect(finding.message.contains(host == "cdnhtml" ? "HTML" : "truncated"), "\(finding.message)")
        #expect(domain.verdict == .fail)
        #expect(result.stdout.contains("cdn-unreadable"))
    }

    @Test func checkReportsANumberNoDeviceCanRead() async throws {
        let text =
            "{\"applinks\": {\"details\": [{\"appIDs\": [\"9JA89QQLNQ.com.acme.shop\"], \"paths\": [\"*\"]}]},\n"
            + " \"version\": 1e400}"
        let result = try await Binary.run(["check", try Binary.write(text).path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("error[json-number-out-of-range]"), "\(result.stdout)")
        #expect(result.stdout.contains(":2:13  /version"), "\(result.stdout)")
    }
}
