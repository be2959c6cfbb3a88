import Foundation
import TestSupport
import Testing

/// `match --android-manifest --domain HOST` through the real binary against the fixture's Android hosts
/// (Tests/Fixtures/android_fixture.py): the host's assetlinks.json fetched as Android's verifier fetches it, beside its
/// apple-app-site-association, each URL judged for both platforms.
@Suite struct MatchAndroidDomainTests {
    static let server = FixtureServer.shared
    static let fp = MatchAndroidTests.fp

    /// An App Link filter for /shop/ on each fixture host a test asks about.
    static func manifest() throws -> String {
        let hosts = [
            "android", "androidlower", "androidaosp", "androidstatus", "androidredirect", "androidinclude",
            "androidchunked", "androidbig",
        ]
        let data = hosts.map { #"<data android:host="\#($0).aasa.test" />"# }.joined(separator: "\n")
        return try Binary.write(
            #"""
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop">
              <application>
                <activity android:name=".Shop" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    \#(data)
                    <data android:pathPrefix="/shop/" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """#, name: "AndroidManifest.xml"
        ).path
    }

    func match(_ host: String, _ extra: [String], urls: [String]) async throws -> RunResult {
        try await Binary.run(
            ["match", "--domain", "\(host).aasa.test", "--android-manifest", try Self.manifest()] + extra + urls
                + Self.server.arguments + ["--timeout", FixtureServer.roomyTimeout], environment: ["NO_COLOR": "1"])
    }

    static func json(_ stdout: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }

    /// The live files verify the app: both platforms open the URL, --expect holds on each, and the JSON entry has
    /// the iOS fields and the android object.
    @Test func aHostWhoseFileListsTheAppOpensItOnBothPlatforms() async throws {
        let result = try await match(
            "android", ["--android-fingerprint", Self.fp, "--expect", "opens-app", "--json"],
            urls: ["https://android.aasa.test/shop/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let entry = try #require(try Self.json(result.stdout).first)
        #expect(entry["opensApp"] as? String == "9JA89QQLNQ.com.acme.shop", "\(entry)")
        let android = try #require(entry["android"] as? [String: Any])
        #expect(android["opens"] as? Bool == true)
        #expect(android["package"] as? String == "com.acme.shop")
        let url = "https://android.aasa.test/.well-known/assetlinks.json"
        #expect(
            (android["explanation"] as? [String])?.contains(
                "android.aasa.test verifies com.acme.shop (\(url) lists its package and signing certificate); its "
                    + "dynamic rules come from \(url).") == true, "\(android)")
    }

    /// The host's statement is in an included file: followed, as Android's verifiers follow it.
    @Test func anIncludedFileIsFollowed() async throws {
        let result = try await match(
            "androidinclude", ["--android-fingerprint", Self.fp], urls: ["https://androidinclude.aasa.test/shop/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("com.acme.shop (Android): opens the app"), "\(result.stdout)")
    }

    /// A lower-case fingerprint on the live host: iOS opens the URL, Android does not, so --expect opens-app fails.
    @Test func aHostThatDoesNotVerifyFailsExpectOnAndroidOnly() async throws {
        let result = try await match(
            "androidlower", ["--android-fingerprint", Self.fp, "--expect", "opens-app"],
            urls: ["https://androidlower.aasa.test/shop/1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("9JA89QQLNQ.com.acme.shop: opens the app"), "\(result.stdout)")
        #expect(result.stdout.contains("com.acme.shop (Android): does not open the app"), "\(result.stdout)")
        #expect(result.stdout.contains("its certificate is listed in lower case"), "\(result.stdout)")
        #expect(result.stderr.contains("1 of 1 URL(s) open no app"), "\(result.stderr)")
    }

    /// AOSP fails the live host (a number in a statement), Google reads it: opens, with the note.
    @Test func aHostAOSPFailsAndGoogleReadsOpensWithANote() async throws {
        let result = try await match(
            "androidaosp", ["--android-fingerprint", Self.fp], urls: ["https://androidaosp.aasa.test/shop/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("com.acme.shop (Android): opens the app"), "\(result.stdout)")
        #expect(result.stdout.contains("note: AOSP's verifier fails the whole host for every app"), "\(result.stdout)")
    }

    /// A 503, a 301 and a declared length over 1 MiB: one line on stderr for the host, its URLs do not open the app, and the run exits 1 as for an
    /// apple-app-site-association that cannot be matched against; the iOS verdicts are still printed.
    @Test(arguments: [("androidstatus", "503"), ("androidredirect", "redirect"), ("androidbig", "2000000 bytes")])
    func aFileThatCannotBeReadIsOneLineAndTheHostDoesNotVerify(_ host: String, _ word: String) async throws {
        let result = try await match(host, [], urls: ["https://\(host).aasa.test/shop/1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let url = "https://\(host).aasa.test/.well-known/assetlinks.json"
        let lines = result.stderr.split(separator: "\n").filter { $0.contains(url) }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("aasa-audit match: \(url) cannot be read: ") == true, "\(result.stderr)")
        #expect(lines.first?.contains(word) == true, "\(result.stderr)")
        #expect(lines.first?.hasSuffix("No URL of \(host).aasa.test opens the Android app.") == true)
        #expect(result.stdout.contains("9JA89QQLNQ.com.acme.shop: opens the app"), "\(result.stdout)")
        #expect(result.stdout.contains("com.acme.shop (Android): does not open the app"), "\(result.stdout)")
        #expect(result.stdout.contains("\(host).aasa.test does not verify com.acme.shop"), "\(result.stdout)")
    }

    /// Only the domain's own URLs are judged with its file: another host's are assumed verified, and say why.
    @Test func anotherHostsURLIsAssumedVerifiedAndSaysSo() async throws {
        let result = try await match(
            "androidlower", ["--android-fingerprint", Self.fp, "--json"],
            urls: ["https://androidlower.aasa.test/shop/1", "https://android.aasa.test/shop/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let entries = try Self.json(result.stdout)
        let own = try #require(entries[0]["android"] as? [String: Any])
        #expect(own["opens"] as? Bool == false)
        let other = try #require(entries[1]["android"] as? [String: Any])
        #expect(other["opens"] as? Bool == true)
        #expect(
            (other["explanation"] as? [String])?.contains(
                "android.aasa.test is assumed verified (--domain fetched only androidlower.aasa.test's "
                    + "assetlinks.json); no dynamic rules apply.") == true, "\(other)")
    }

    /// --assetlinks beside --domain: the local file decides Android (for every host), the domain gives iOS.
    @Test func aLocalAssetlinksFileOutranksTheDomainsOwn() async throws {
        let result = try await match(
            "androidlower",
            ["--assetlinks", MatchAndroidTests.assetlinks, "--android-fingerprint", Self.fp, "--expect", "opens-app"],
            urls: ["https://androidlower.aasa.test/shop/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("androidlower.aasa.test verifies com.acme.shop (\(MatchAndroidTests.assetlinks) "),
            "\(result.stdout)")
    }

    /// An apple-app-site-association that cannot be matched against leaves the Android verdicts standing: they are
    /// printed, and the run exits 1 for the iOS file.
    @Test func anIOSFileThatCannotBeMatchedLeavesTheAndroidVerdicts() async throws {
        let broken = try Binary.write("{not json")
        let result = try await Binary.run(
            [
                "match", "--file", broken.path, "--android-manifest", try Self.manifest(), "--json",
                "https://android.aasa.test/shop/1",
            ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cannot be matched against"), "\(result.stderr)")
        let entry = try #require(try Self.json(result.stdout).first)
        #expect(entry["url"] as? String == "https://android.aasa.test/shop/1")
        #expect((entry["android"] as? [String: Any])?["opens"] as? Bool == true, "\(entry)")
    }

    /// Over 1 MiB with no Content-Length: Android's verifier reads it whole, match stops at the limit, so the host is
    /// assumed verified (one line says why) and the run exits 1 as for a file it cannot read.
    @Test func aChunkedFileOverTheLimitLeavesTheHostAssumedVerified() async throws {
        let result = try await match(
            "androidchunked", ["--android-fingerprint", Self.fp], urls: ["https://androidchunked.aasa.test/shop/1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "over 1 MiB with no Content-Length, which Android's verifier reads whole and match does not: "
                    + "androidchunked.aasa.test is assumed verified."), "\(result.stderr)")
        #expect(result.stdout.contains("com.acme.shop (Android): opens the app"), "\(result.stdout)")
    }
}
