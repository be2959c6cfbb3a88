import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --android-manifest` and `--android-package`/`--android-fingerprint`: the app's own hosts are audited for
/// Android (alone when nothing else names them), and each host says whether it verifies that app.
@Suite struct AndroidManifestAuditTests {
    static let server = FixtureServer.shared
    static let dal = ["--dal-base", "https://dal.aasa.test/v1/statements:list"]
    static let otherKey = "AA:" + String(repeating: "BB:", count: 30) + "CC"

    /// A manifest whose one App Link filter names `hosts` for com.acme.shop (the fixture files' package).
    static func manifest(_ hosts: [String], package: String? = "com.acme.shop") throws -> String {
        let data = hosts.map { "        <data android:host=\"\($0)\" />" }.joined(separator: "\n")
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"\(package.map { " package=\"\($0)\"" } ?? "")>
              <application>
                <activity android:name=".Main" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
            \(data)
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let file = try tempDirectory().appendingPathComponent("AndroidManifest.xml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The run's result and report, the report checked against report.schema.json.
    func audit(_ domains: [String], _ extra: [String]) async throws -> (RunResult, AuditReport) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit"] + domains + Self.server.auditArguments + extra + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", "json",
            ], environment: ["NO_COLOR": "1"])
        let (report, object) = try readReport(out)
        var validator = SchemaValidator()
        validator.validate(object, try RefusedLinesCommandTests.schema("report.schema.json"))
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
        return (result, report)
    }

    /// A host named on the command line gets both audits; one only the manifest names gets Android's alone (no
    /// AASA fetch, no iOS finding), and each entry says which platforms it had.
    @Test func manifestHostsGetTheAndroidAuditAndOnlyThatWhenNothingElseNamesThem() async throws {
        let manifest = try Self.manifest(["android.aasa.test", "*.androidinclude.aasa.test"])
        let (result, report) = try await audit(
            ["android.aasa.test", "good.aasa.test"], ["--android-manifest", manifest] + Self.dal)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        func entry(_ host: String) throws -> DomainReport {
            try #require(report.domains.first { $0.domain == host }, "\(report.domains.map(\.domain))")
        }
        let both = try entry("android.aasa.test")
        #expect(both.platforms == ["ios", "android"])
        #expect(
            both.fetches.contains { $0.location == .wellKnown } && both.fetches.contains { $0.location == .assetLinks })
        // The wildcard host is verified on its apex.
        let androidOnly = try entry("androidinclude.aasa.test")
        #expect(androidOnly.platforms == ["android"])
        #expect(Set(androidOnly.fetches.map(\.location)) == [.assetLinks, .dal], "\(androidOnly.fetches.map(\.url))")
        #expect(androidOnly.android?.apps.first?.package == "com.acme.shop")
        let iosOnly = try entry("good.aasa.test")
        #expect(iosOnly.platforms == ["ios"], "a command-line host the manifest does not name: iOS alone")
        #expect(iosOnly.android == nil && !iosOnly.fetches.contains { $0.location == .assetLinks })
        // With --android every command-line host gets both.
        let (_, all) = try await audit(
            ["good.aasa.test"], ["--android", "--android-manifest", manifest] + Self.dal)
        let both2 = try #require(all.domains.first { $0.domain == "good.aasa.test" })
        #expect(both2.platforms == ["ios", "android"])
        #expect(both2.findings.map(\.id).contains("android-not-found"))
        #expect(all.domains.contains { $0.domain == "androidinclude.aasa.test" && $0.platforms == ["android"] })
        let (_, plain) = try await audit(["good.aasa.test"], [])
        #expect(plain.domains.first?.platforms == nil, "without --android nothing says platforms")
    }

    /// JUnit lists as a domain's cases the checks of the platforms it was audited for: no Android case for a host
    /// audited for iOS alone, no iOS case for one only the manifest names.
    @Test func junitCasesFollowEachDomainsPlatforms() async throws {
        let manifest = try Self.manifest(["android.aasa.test", "androidinclude.aasa.test"])
        let out = try tempDirectory()
        _ = try await Binary.run(
            ["audit", "android.aasa.test", "good.aasa.test"] + Self.server.auditArguments + Self.dal + [
                "--android-manifest", manifest, "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
                "--format", "junit",
            ])
        let junit = try String(contentsOf: out.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        func suite(_ host: String) throws -> String {
            let start = try #require(junit.range(of: #"<testsuite name="\#(host)""#), "\(host): \(junit)")
            let end = try #require(junit.range(of: "</testsuite>", range: start.upperBound..<junit.endIndex))
            return String(junit[start.lowerBound..<end.upperBound])
        }
        let both = try suite("android.aasa.test")
        #expect(both.contains(#"name="android-app-not-verified""#) && both.contains(#"name="tls-untrusted""#))
        let ios = try suite("good.aasa.test")
        #expect(!ios.contains(#"name="android-"#) && ios.contains(#"name="tls-untrusted""#))
        let android = try suite("androidinclude.aasa.test")
        #expect(android.contains(#"name="android-app-not-verified""#) && !android.contains(#"name="tls-untrusted""#))
    }

    /// The app the manifest names is checked on each host: listed with the certificate given, it verifies; listed
    /// with another key, the error names both verifiers' reasons and the usual signing-key mix-up.
    @Test func eachHostSaysWhetherItVerifiesTheAuditedApp() async throws {
        let right = ["--android-fingerprint", ExampleAndroidProbe.fingerprint]
        let (ok, verified) = try await audit(
            ["android.aasa.test"], ["--android", "--android-package", "com.acme.shop"] + right + Self.dal)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let app = try #require(verified.domains.first?.android?.apps.first)
        #expect(app.package == "com.acme.shop" && app.aosp && app.google)
        let (wrong, report) = try await audit(
            ["android.aasa.test"],
            ["--android", "--android-package", "com.acme.shop", "--android-fingerprint", Self.otherKey] + Self.dal)
        #expect(wrong.status == 1)
        let finding = try #require(report.domains.first?.findings.first { $0.id == "android-app-not-verified" })
        #expect(finding.severity == .error)
        #expect(finding.message.contains("Play App Signing") && finding.message.contains("upload key"), "\(finding)")
        let listed = try #require(report.domains.first?.android?.apps.first)
        #expect(listed.package == "com.acme.shop" && !listed.aosp && !listed.google)
        // An app the file does not name at all is listed too, first, with why.
        let (_, other) = try await audit(
            ["android.aasa.test"], ["--android", "--android-package", "com.acme.shop.debug"] + Self.dal)
        let apps = other.domains.first?.android?.apps ?? []
        #expect(apps.map(\.package) == ["com.acme.shop.debug", "com.acme.shop"])
        #expect(apps.first?.googleReason?.contains("no statement it reads names this package") == true)
    }

    /// AOSP fails the host, Google reads the statement: a warning that names AOSP, not an error.
    @Test func aHostOnlyAOSPRejectsIsAWarning() async throws {
        let (result, report) = try await audit(
            ["androidlower.aasa.test"], ["--android", "--android-package", "com.acme.shop"] + Self.dal)
        #expect(result.status == 1)
        let ids = report.domains.first?.findings.map(\.id) ?? []
        #expect(ids.contains("android-app-not-verified") && ids.contains("android-fingerprint-format"), "\(ids)")
    }

    /// Android 11 and lower verify the app as a whole: the failing host's entry says so, the passing one does not.
    @Test func aFailingHostSaysAndroid11AndLowerFailEveryHost() async throws {
        let manifest = try Self.manifest(["android.aasa.test", "androidstatus.aasa.test"])
        let (_, report) = try await audit([], ["--android-manifest", manifest] + Self.dal)
        let failing = report.domains.first { $0.domain == "androidstatus.aasa.test" }?.notes ?? []
        #expect(failing.contains { $0.hasPrefix("Android 11 and lower: com.acme.shop is verified only when all 2") })
        let passing = report.domains.first { $0.domain == "android.aasa.test" }?.notes ?? []
        #expect(!passing.contains { $0.contains("Android 11") }, "\(passing)")
    }

    /// With --crawl every URL gets the Android answer beside the iOS one: by the crawled host's own file (its dynamic
    /// rule keeping /account/ in the browser), a wildcard host by its apex's file, another host of the app by that
    /// host's file (fetched once, whichever domain needs it first), and "no" where no App Link filter takes the URL.
    @Test func everyCrawledURLIsJudgedForAndroidToo() async throws {
        let manifest = try Self.manifest(["shop.aasa.test", "*.shop.aasa.test", "good.aasa.test"])
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "shop.aasa.test"] + Self.server.auditArguments + Self.dal + [
                "--android-manifest", manifest, "--android-fingerprint", ExampleAndroidProbe.fingerprint,
                "--crawl", "--max-pages", "40", "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
                "--format", "json,csv,html",
            ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "good.aasa.test serves no assetlinks.json: \(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let shop = try #require(report.domains.first { $0.domain == "shop.aasa.test" })
        func row(_ url: String) throws -> URLReport { try #require(shop.urls.first { $0.url == url }, "\(url)") }
        let account = try row("https://shop.aasa.test/account/orders")
        #expect(account.opensAndroid == false && account.androidRule?.contains("dynamic rule") == true)
        #expect(account.note?.contains("Android 14 and lower ignore dynamic rules") == true, "\(account.note ?? "")")
        let shoes = try row("https://shop.aasa.test/shoes/new")
        #expect(shoes.opensAndroid == true && shoes.androidPackage == "com.acme.shop")
        #expect(shoes.opensApp != nil, "the iOS answer is still there")
        #expect(try row("https://blog.shop.aasa.test/hats/").opensAndroid == true)
        let good = try row("https://good.aasa.test/shop/1")
        #expect(good.opensAndroid == false && good.androidUnknownReason == nil)
        #expect(good.androidRule?.contains("good.aasa.test/.well-known/assetlinks.json") == true, "\(good)")
        let other = try row("https://other.example.net/")
        #expect(other.opensAndroid == false && other.androidRule == nil)
        let csv = try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8)
        #expect(
            csv.components(separatedBy: .newlines).first?.hasSuffix(
                ",opens_android,android_package,android_rule,content_type") == true)
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<th>Android</th>"), "an Android column in the URL tables")
        // Without the manifest: no Android column anywhere.
        let plain = try tempDirectory()
        _ = try await Binary.run(
            ["audit", "shop.aasa.test"] + Self.server.auditArguments + [
                "--crawl", "--max-pages", "5", "--timeout", FixtureServer.roomyTimeout, "--out", plain.path,
                "--format", "csv",
            ])
        let plainCSV = try String(contentsOf: plain.appendingPathComponent("urls.csv"), encoding: .utf8)
        #expect(!plainCSV.contains("opens_android"))
    }

    @Test(arguments: [
        (["--android-fingerprint", "AA:BB"], "--android-fingerprint requires --android or --android-manifest"),
        (["--android-package", "com.acme.shop"], "--android-package requires --android or --android-manifest"),
        (["--android", "--android-fingerprint", "AA:BB"], "is not a SHA-256 fingerprint"),
        (["--android", "--android-package", "1com"], "is not an Android package name"),
        (["--android-manifest", "/nonexistent/AndroidManifest.xml"], "AndroidManifest.xml"),
    ])
    func badAndroidOptionsAreUsageErrors(_ extra: [String], _ expected: String) async throws {
        let result = try await Binary.run(["audit", "good.aasa.test"] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func aManifestWithoutAPackageNeedsOne() async throws {
        let manifest = try Self.manifest(["android.aasa.test"], package: nil)
        let result = try await Binary.run(["audit", "--android-manifest", manifest])
        #expect(result.status == 2)
        #expect(result.stderr.contains("names no package: give --android-package NAME"), "\(result.stderr)")
    }
}
