import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// The manifest's own problems (`audit --android-manifest`): a `${…}` host, a pattern Android refuses and a web
/// filter without autoVerify are findings of the report's `androidManifest` entry, in every format, counted in the
/// exit status, silenced by `--ignore` and kept once by `merge`, as the entitlements file's findings are.
@Suite struct AndroidManifestFindingsTests {
    static let server = FixtureServer.shared

    /// Line 11: a placeholder host; line 12: an unterminated set; line 14: a web filter without autoVerify.
    static func manifest() throws -> String {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop">
              <application>
                <activity android:name=".Main" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="android.aasa.test" />
                    <data android:host="${applinksHost}" />
                    <data android:pathAdvancedPattern="/item/[0-9" />
                  </intent-filter>
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" android:host="m.aasa.test" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let file = try tempDirectory().appendingPathComponent("AndroidManifest.xml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static let dal = ["--dal-base", "https://dal.aasa.test/v1/statements:list"]

    func run(_ extra: [String], formats: String = "json,html,csv,junit,markdown") async throws -> (RunResult, URL) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit"] + Self.server.auditArguments + Self.dal + extra + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", formats,
            ], environment: ["NO_COLOR": "1"])
        return (result, out)
    }

    func text(_ out: URL, _ name: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theManifestsProblemsAreFindingsOfItsOwnEntryInEveryFormat() async throws {
        let manifest = try Self.manifest()
        let (result, out) = try await run(["--android-manifest", manifest])
        #expect(result.status == 1, "the malformed pattern is an error: \(result.stdout)\(result.stderr)")
        let (report, object) = try readReport(out)
        var validator = SchemaValidator()
        validator.validate(object, SchemaTests.schema)
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
        let entry = try #require(report.androidManifest, "\(object.keys.sorted())")
        #expect(entry.file == manifest && entry.package == "com.acme.shop")
        #expect(entry.hosts == ["android.aasa.test"], "the placeholder host is no audited host")
        let found = entry.findings.map { "\($0.id)@\($0.location.line ?? 0):\($0.severity.rawValue)" }
        #expect(
            found.sorted()
                == [
                    "android-filter-not-verified@14:warning", "android-manifest-pattern@12:error",
                    "android-manifest-unresolved@11:warning",
                ], "\(found)")
        #expect(entry.findings.allSatisfy { $0.location.url == manifest })
        let unverified = try #require(entry.findings.first { $0.id == "android-filter-not-verified" })
        #expect(unverified.message.contains("m.aasa.test") && unverified.message.contains("autoVerify"))
        // The domain passes: the errors and warnings counted are the manifest's.
        #expect(report.domains.map(\.verdict) == [.pass], "\(report.domains.map(\.findings))")
        #expect(report.summary.errors == 1 && report.summary.warnings == 2, "\(report.summary)")
        #expect(report.headline.contains("Android manifest failing"), "\(report.headline)")

        #expect(
            result.stdout.contains("fail  android manifest \(manifest) (com.acme.shop): 1 App Link host"),
            "\(result.stdout)")
        for id in ["android-manifest-pattern", "android-manifest-unresolved", "android-filter-not-verified"] {
            #expect(result.stdout.contains(id), "terminal: \(id)")
            #expect(try text(out, "report.html").contains(id), "html: \(id)")
            #expect(try text(out, "findings.csv").contains("(android manifest),\(id)"), "csv: \(id)")
            #expect(try text(out, "report.junit.xml").contains(id), "junit: \(id)")
        }
        #expect(try text(out, "report.html").contains("Android manifest: "))
        let markdown = try text(out, "summary.md")
        #expect(markdown.contains("| Android manifest `") && markdown.contains("❌ fail"), "\(markdown)")
        #expect(markdown.contains("android-manifest-pattern"), "\(markdown)")
        let junit = try text(out, "report.junit.xml")
        #expect(junit.contains(#"<testsuite name="android manifest \#(manifest)""#), "\(junit)")
        #expect(junit.contains(#"type="android-manifest-pattern""#) || junit.contains("android-manifest-pattern"))

        // Without the manifest nothing of it is written.
        let (plain, plainOut) = try await run(["android.aasa.test", "--android"], formats: "json,csv")
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(!(try text(plainOut, "report.json")).contains("androidManifest"))
        #expect(!(try text(plainOut, "findings.csv")).contains("(android manifest)"))
        #expect(!plain.stdout.contains("android manifest"))
    }

    @Test func ignoreSilencesAManifestFindingAndItsExitStatus() async throws {
        let manifest = try Self.manifest()
        let (result, out) = try await run(
            ["--android-manifest", manifest, "--ignore", "android-manifest-pattern"], formats: "json")
        #expect(result.status == 0, "only warnings are left: \(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let pattern = try #require(report.androidManifest?.findings.first { $0.id == "android-manifest-pattern" })
        #expect(pattern.isSuppressed)
        #expect(report.summary.errors == 0 && report.summary.suppressed == 1, "\(report.summary)")
        #expect(report.unusedIgnores == nil, "the entry matched")
    }

    @Test func mergeKeepsTheManifestEntryOnce() async throws {
        let manifest = try Self.manifest()
        let work = try tempDirectory()
        var folders: [URL] = []
        for index in 1...2 {
            let out = work.appendingPathComponent("s\(index)")
            folders.append(out)
            let shard = try await Binary.run(
                [
                    "audit", "good.aasa.test", "--android-manifest", manifest, "--shard", "\(index)/2", "--out",
                    out.path, "--format", "json",
                ] + Self.server.auditArguments + Self.dal + ["--timeout", FixtureServer.roomyTimeout])
            #expect(shard.status == 1, "each shard fails on the manifest's error: \(shard.stderr)")
            #expect(try readReport(out).0.androidManifest?.findings.count == 3)
        }
        let merged = work.appendingPathComponent("merged")
        let result = try await Binary.run(
            ["merge"] + folders.map(\.path) + ["--out", merged.path, "--format", "json,csv"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(merged)
        let entry = try #require(report.androidManifest)
        #expect(entry.findings.count == 3 && entry.hosts == ["android.aasa.test"])
        #expect(report.summary.errors == 1, "\(report.summary)")
        let csv = try text(merged, "findings.csv")
        let rows = csv.components(separatedBy: .newlines).filter { $0.hasPrefix("(android manifest),") }
        #expect(rows.count == 3, "\(csv)")
    }
}
