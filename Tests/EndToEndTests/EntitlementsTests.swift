import AASA
import Audit
import Foundation
import TestSupport
import Testing

@Suite struct EntitlementsTests {
    static let server = FixtureServer.shared
    static let fixtures = Binary.root.appendingPathComponent("Tests/Fixtures/entitlements")

    func audit(_ arguments: [String]) async throws -> (RunResult, AuditReport?) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-ent-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit"] + arguments + Self.server.auditArguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
            ],
            environment: ["NO_COLOR": "1"])
        let data = try? Data(contentsOf: out.appendingPathComponent("report.json"))
        return (result, try data.map(AuditReport.decode))
    }

    @Test func anXMLEntitlementsFileAuditsEveryDomainAndCatchesTheMissingApp() async throws {
        let (result, report) = try await audit([
            "--entitlements", Self.fixtures.appendingPathComponent("App.entitlements").path,
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let r = try #require(report)
        #expect(r.domains.map(\.domain) == ["good.aasa.test", "otherapp.aasa.test", "selfsigned.aasa.test"])
        let entitlements = try #require(r.entitlements)
        #expect(entitlements.appID == "9JA89QQLNQ.com.acme.shop")
        #expect(entitlements.findings.map(\.id) == ["entitlement-entry-format"])
        #expect(entitlements.findings.first?.location.pointer == "/com.apple.developer.associated-domains/6")

        let good = try #require(r.domains.first { $0.domain == "good.aasa.test" })
        #expect(good.findings.isEmpty, "\(good.findings.map(\.message))")
        #expect(
            good.entitlements == [
                "applinks:good.aasa.test", "webcredentials:good.aasa.test", "applinks:*.good.aasa.test",
            ])
        #expect(good.notes.contains { $0.contains("*.good.aasa.test") && $0.contains("every subdomain") })

        let other = try #require(r.domains.first { $0.domain == "otherapp.aasa.test" })
        #expect(
            // Its file's bare "*" also opens another app on unsubscribe and opt-out pages.
            other.findings.map(\.id) == ["entitlement-app-missing", "rule-captures-sensitive"],
            "applinks is missing; webcredentials lists the app"
        )
        #expect(other.findings.first?.location.pointer == "/com.apple.developer.associated-domains/2")
        #expect(other.findings.first?.message.contains("9JA89QQLNQ.com.acme.other") == true)

        let dev = try #require(r.domains.first { $0.domain == "selfsigned.aasa.test" })
        #expect(dev.findings.map(\.id) == ["tls-untrusted"])
        #expect(dev.findings.first?.severity == .warning, "developer mode accepts an untrusted certificate")
        #expect(dev.verdict == .warn)
        #expect(
            dev.apps.map(\.appID) == ["9JA89QQLNQ.com.acme.shop"],
            "the file behind the untrusted certificate is audited")
        #expect(result.stdout.contains("entitlement-entry-format"))
    }

    /// An entry naming an IP address in any spelling a resolver reads (`127.1`, `0x7f.1`, `::1`) is refused as a
    /// domain, as on the command line, and said in a finding: it used to vanish with no domain, finding or error.
    @Test func anIPAddressEntryIsAFinding() async throws {
        let list = try Binary.write(
            "applinks:good.aasa.test\napplinks:127.1\napplinks:0x7f.1\nwebcredentials:::1\n", name: "App.txt")
        let (result, report) = try await audit(["--entitlements", list.path, "--app-id", "9JA89QQLNQ.com.acme.shop"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let r = try #require(report)
        #expect(r.domains.map(\.domain) == ["good.aasa.test"])
        let findings = try #require(r.entitlements?.findings)
        #expect(findings.map(\.id) == Array(repeating: "entitlement-entry-format", count: 3))
        #expect(findings.map(\.location.pointer) == (1...3).map { "/com.apple.developer.associated-domains/\($0)" })
        #expect(findings.allSatisfy { $0.message.contains("an IP address") && $0.severity == .error })
    }

    @Test func aBinaryPlistWithBuildSettingsNeedsTheAppID() async throws {
        let file = Self.fixtures.appendingPathComponent("Binary.entitlements").path
        let (refused, _) = try await audit(["--entitlements", file])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--app-id"))
        let (result, report) = try await audit(["--entitlements", file, "--app-id", "9JA89QQLNQ.com.acme.shop"])
        #expect(result.status == 1)
        let r = try #require(report)
        #expect(r.domains.map(\.domain) == ["good.aasa.test", "otherapp.aasa.test"])
        #expect(r.domains[1].findings.map(\.id) == ["entitlement-app-missing", "rule-captures-sensitive"])
    }

    /// A bundle ID without its Team ID can never be listed: refused before any fetch, not reported as every domain
    /// missing the app.
    @Test func anAppIDWithoutItsTeamIDIsRefused() async throws {
        let file = Self.fixtures.appendingPathComponent("Binary.entitlements").path
        let (result, report) = try await audit(["--entitlements", file, "--app-id", "com.acme.shop"])
        #expect(result.status == 2)
        #expect(report == nil)
        #expect(result.stderr.contains("--app-id com.acme.shop is not an app ID (TEAMID.bundle.id)"))
        #expect(result.stderr.contains("Team ID"))
    }

    @Test func aTextListMergesWithCommandLineDomains() async throws {
        let file = Self.fixtures.appendingPathComponent("domains.txt").path
        let (result, report) = try await audit([
            "--entitlements", file, "--app-id", "9JA89QQLNQ.com.acme.shop", "textplain.aasa.test", "good.aasa.test",
        ])
        #expect(result.status == 1)
        let r = try #require(report)
        #expect(r.domains.map(\.domain) == ["good.aasa.test", "notfound.aasa.test", "textplain.aasa.test"])
        #expect(r.entitlements?.findings.map(\.id) == ["entitlement-entry-format"], "appclips takes no wildcard")
        #expect(r.domains[1].findings.map(\.id) == ["not-found"], "no two-way finding on top of a missing file")
        #expect(r.domains[2].entitlements.isEmpty)
    }

    @Test func unreadableEntitlementsAreUsageErrors() async throws {
        let bad = try Binary.write("<plist><dict><key>x</key></plist>", name: "bad.entitlements")
        let (result, _) = try await audit(["--entitlements", bad.path, "--app-id", "9JA89QQLNQ.a.b"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.entitlements"))
        let (noKey, _) = try await audit([
            "--entitlements",
            try Binary.write("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict></dict></plist>", name: "e.plist")
                .path, "--app-id", "9JA89QQLNQ.a.b",
        ])
        #expect(noKey.status == 2)
        #expect(noKey.stderr.contains("com.apple.developer.associated-domains"))
    }

    @Test func theCDNIsSkippedWithNoCDN() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-ent-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "cdnfail.aasa.test", "--no-cdn", "--out", out.path] + Self.server.arguments)
        #expect(result.status == 0)
        let r = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        #expect(!r.domains[0].fetches.contains { $0.location == .cdn })
    }

    @Test func cdnFailureHeadersAreReportedVerbatim() async throws {
        let (_, report) = try await audit(["cdnfail.aasa.test"])
        let finding = try #require(report?.domains.first?.findings.first { $0.id == "cdn-failure" })
        #expect(finding.message.contains("Apple-Failure-Reason: SWCERR00101 Bad HTTP Response: 404"))
        #expect(finding.message.contains(#"Apple-Failure-Details: {"cause":"<script>alert(1)</script>"}"#))
    }
}
