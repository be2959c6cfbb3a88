import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --android` against the fixture's Android hosts (Tests/Fixtures/android_fixture.py) and its stand-in for
/// Google's Digital Asset Links API: each Android transport check fires on its own scenario and nothing else.
@Suite struct AndroidAuditTests {
    static let server = FixtureServer.shared

    static let scenarios: [Scenario] = [
        Scenario("android", [], 0), Scenario("androidredirect", ["android-redirect"]),
        Scenario("androidtemp", ["android-redirect"]), Scenario("androidtype", ["android-content-type"], 0),
        Scenario("androidstatus", ["android-http-status"]), Scenario("androidbig", ["android-too-large"]),
        Scenario("androidchunked", ["android-too-large"], 0), Scenario("androidslow", ["android-slow"]),
        Scenario("androidstall", ["android-slow"]),
        Scenario("androidrobots", ["android-robots-disallowed"], 0),
        Scenario("androiddalerror", ["android-google-failure"]),
        Scenario("androiddalbad", ["android-google-failure"], 0),
        Scenario("androidstale", ["android-google-mismatch"], 0),
        // The file's statement is in an included file: fetched, so Google's copy matches the site's.
        Scenario("androidinclude", [], 0),
        Scenario("androidlower", ["android-fingerprint-format"]),
        Scenario("androidaosp", ["android-host-failure"], 0),
        // One scenario per file check and dynamic-rule check (Catalogue.androidFileChecks, .dynamicRuleChecks).
        Scenario("androidencoding", ["android-json-encoding"], 0), Scenario("androidbom", ["android-json-bom"], 0),
        Scenario("androidsyntax", ["android-json-syntax"]), Scenario("androidobject", ["android-not-an-array"]),
        Scenario("androidempty", ["android-empty-list"]), Scenario("androidskipped", ["android-statement-skipped"], 0),
        Scenario("androidrelation", ["android-relation-format"]),
        Scenario("androidnohandle", ["android-no-handle-all-urls"], 0),
        Scenario("androidpackage", ["android-package-name"]), Scenario("androidhttpinclude", ["android-include"]),
        Scenario("androiddynkey", ["android-dynamic-unknown-key"], 0),
        Scenario("androiddynbad", ["android-dynamic-malformed"], 0),
        Scenario("androiddynorder", ["android-dynamic-unreachable"], 0),
        // An iOS host with no assetlinks.json: Android's finding only (Google's failure is explained by it).
        Scenario("good", ["android-not-found"]),
    ]

    func audit(
        _ domains: [String], _ extra: [String], html: ((String) throws -> Void)? = nil
    ) async throws -> (RunResult, AuditReport) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit"] + domains + Self.server.auditArguments + extra + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format",
                html == nil ? "json" : "json,html",
            ], environment: ["NO_COLOR": "1"])
        try html?(String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8))
        return (result, try readReport(out).0)
    }

    @Test(arguments: scenarios) func everyAndroidCheckFiresOnItsScenarioAndNothingElse(_ s: Scenario) async throws {
        let (result, report) = try await audit(["\(s.host).aasa.test"], Self.server.androidArguments)
        #expect(result.status == s.status, "\(result.stdout)\(result.stderr)")
        let domain = try #require(report.domains.first)
        #expect(Set(domain.findings.map(\.id)) == Set(s.ids), "\(domain.findings.map(\.message))")
        let file = try #require(domain.fetches.first { $0.location == .assetLinks })
        #expect(file.url == "https://\(s.host).aasa.test/.well-known/assetlinks.json")
        #expect(file.userAgent.hasPrefix("Dalvik/2.1.0 (Linux; U; Android"))
        let google = try #require(domain.fetches.first { $0.location == .dal })
        #expect(
            google.url.hasPrefix("https://dal.aasa.test/v1/statements:list?source.web.site=https%3A%2F%2F\(s.host)"))
    }

    /// Each domain says which apps its file grants and whether each verifier would verify them: a file AOSP fails
    /// (a number in one statement) and Google reads says so; an iOS-only domain has no android object.
    @Test func theAndroidObjectNamesEachAppAndEachVerifier() async throws {
        var page = ""
        let (_, report) = try await audit(
            ["android.aasa.test", "androidaosp.aasa.test", "androidlower.aasa.test", "androidinclude.aasa.test"],
            Self.server.androidArguments
        ) { page = $0 }
        #expect(page.components(separatedBy: "<h3>Android App Links").count == 5, "one section per domain")
        #expect(page.contains("not verified</span> AOSP"), "androidaosp's AOSP reason is shown")
        func android(_ host: String) throws -> AndroidSummary {
            try #require(report.domains.first { $0.domain == "\(host).aasa.test" }?.android, "\(host)")
        }
        let good = try android("android")
        #expect(good.verdict == .pass && good.statements == 1)
        #expect(good.apps.map(\.package) == ["com.acme.shop"] && good.apps.allSatisfy { $0.aosp && $0.google })
        let aosp = try android("androidaosp")
        #expect(aosp.verdict == .warn && aosp.statements == 2)
        let app = try #require(aosp.apps.first)
        #expect(!app.aosp && app.google, "AOSP fails the host, Google reads the good statement")
        #expect(app.aospReason?.contains("number") == true, "\(app.aospReason ?? "")")
        #expect(app.googleReason == nil)
        let lower = try android("androidlower")
        #expect(lower.verdict == .fail)
        #expect(lower.apps.allSatisfy { !$0.aosp && !$0.google }, "\(lower.apps)")
        let included = try android("androidinclude")
        #expect(included.apps.first?.aosp == true && included.apps.first?.google == true, "\(included.apps)")
        let (_, ios) = try await audit(["good.aasa.test"], [])
        #expect(ios.domains.first?.android == nil)
    }

    @Test func theRedirectFindingSaysWhichWayAndroidFails() async throws {
        let (_, report) = try await audit(
            ["androidredirect.aasa.test", "androidtemp.aasa.test"], Self.server.androidArguments)
        let why = report.domains.flatMap(\.findings).filter { $0.id == "android-redirect" }.map(\.why)
        #expect(why.count == 2)
        #expect(why.contains { $0.contains("301") && $0.contains("temporary failure and retries later") })
        #expect(why.contains { $0.contains("307") && $0.contains("final failure") })
    }

    /// Google's view is the fixture's, and `--no-dal` asks nobody: no dal fetch, no Google finding.
    @Test func noDALSkipsGooglesView() async throws {
        let (_, report) = try await audit(
            ["androiddalerror.aasa.test"], ["--android", "--no-dal"])
        let domain = try #require(report.domains.first)
        #expect(!domain.fetches.contains { $0.location == .dal })
        #expect(domain.findings.isEmpty, "\(domain.findings.map(\.message))")
    }

    /// Hosts only the entitlements name are iOS hosts: --android does not audit them for Android.
    @Test func entitlementsHostsGetOnlyTheIOSAudit() async throws {
        let dir = try tempDirectory()
        let file = dir.appendingPathComponent("app.entitlements")
        try "applinks:androidstatus.aasa.test\n".write(to: file, atomically: true, encoding: .utf8)
        let (_, report) = try await audit(
            ["android.aasa.test"],
            Self.server.androidArguments + ["--entitlements", file.path, "--app-id", "9JA89QQLNQ.com.acme.shop"])
        let ios = try #require(report.domains.first { $0.domain == "androidstatus.aasa.test" })
        #expect(!ios.fetches.contains { $0.location == .assetLinks })
        let both = try #require(report.domains.first { $0.domain == "android.aasa.test" })
        #expect(both.fetches.contains { $0.location == .assetLinks })
    }

    /// Android findings are findings like any other: the terminal, the exit status and JUnit (whose domain suites
    /// list the Android checks as cases only in a run with --android) carry them.
    @Test func androidFindingsReachEveryFormat() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "androidredirect.aasa.test"] + Self.server.auditArguments + Self.server.androidArguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", "junit,markdown",
            ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[android-redirect] assetlinks.json answers HTTP 301"), "\(result.stdout)")
        let junit = try String(contentsOf: out.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"name="android-redirect">"#) && junit.contains(#"name="android-slow"/>"#), "\(junit)")
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("android-redirect"), "\(summary)")
        let plain = try tempDirectory()
        _ = try await Binary.run(
            ["audit", "good.aasa.test"] + Self.server.auditArguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", plain.path, "--format", "junit",
            ])
        let iosOnly = try String(contentsOf: plain.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        #expect(!iosOnly.contains("android-"), "without --android no Android case")
    }

    @Test func googlesAPIOptionsNeedAndroid() async throws {
        let result = try await Binary.run(["audit", "good.aasa.test", "--no-dal"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--no-dal") && result.stderr.contains("--android"), "\(result.stderr)")
        let bad = try await Binary.run(["audit", "good.aasa.test", "--android", "--dal-base", "ftp://x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--dal-base takes an http(s) URL"), "\(bad.stderr)")
    }
}
