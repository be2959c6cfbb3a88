import AASA
import Audit
import Fetching
import Foundation
import TestSupport
import Testing

/// What `audit --android` asks the site for, counted by the fixture server itself.
@Suite struct AndroidRequestsTests {
    static let server = FixtureServer.shared

    func audit(_ host: String, _ extra: [String]) async throws -> AuditReport {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-android-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", host] + Self.server.auditArguments + extra + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", "json",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        defer { try? FileManager.default.removeItem(at: out) }
        return try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
    }

    /// Without --android the run makes exactly the requests it made before; with it, two more on the site
    /// (assetlinks.json and robots.txt) and Google's answer from its stand-in.
    @Test func withoutAndroidNoRequestIsAdded() async throws {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 30))
        defer { fetcher.shutdown() }
        let plain = "android--plain\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let asked = "android--asked\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let without = try await audit(plain, [])
        let with = try await audit(asked, Self.server.androidArguments)
        let locations = without.domains.first?.fetches.map(\.location) ?? []
        #expect(locations == [.wellKnown, .root, .wellKnown, .wellKnown, .cdn])
        let before = try #require(await Self.server.connections(of: plain, via: fetcher))
        let after = try #require(await Self.server.connections(of: asked, via: fetcher))
        #expect(after.requests == before.requests + 2, "assetlinks.json and robots.txt: \(before) then \(after)")
        #expect(with.domains.first?.findings.isEmpty == true, "\(with.domains.first?.findings.map(\.message) ?? [])")
        #expect(with.domains.first?.fetches.map(\.location).suffix(2) == [.assetLinks, .dal])
    }

    /// A host only `--android-manifest` names is asked for assetlinks.json and robots.txt, nothing Apple reads.
    @Test func aManifestOnlyHostGetsOnlyAndroidsRequests() async throws {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 30))
        defer { fetcher.shutdown() }
        let only = "android--only\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("AndroidManifest.xml")
        try """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop"><application>
        <activity android:name=".Main"><intent-filter android:autoVerify="true">
        <action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="\(only)" /></intent-filter></activity></application></manifest>
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let report = try await audit(
            "android.aasa.test",
            ["--android-manifest", manifest.path] + Array(Self.server.androidArguments.dropFirst()))
        #expect(report.domains.first { $0.domain == only }?.platforms == ["android"])
        let asked = try #require(await Self.server.connections(of: only, via: fetcher))
        #expect(asked.requests == 2, "assetlinks.json and robots.txt only: \(asked)")
    }
}
