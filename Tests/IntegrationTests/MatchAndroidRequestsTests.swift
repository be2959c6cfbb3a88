import AASA
import Fetching
import Foundation
import TestSupport
import Testing

/// What `match --domain` asks the site for, counted by the fixture server itself.
@Suite struct MatchAndroidRequestsTests {
    static let server = FixtureServer.shared

    /// With --android-manifest, one request for each file (apple-app-site-association, assetlinks.json); without it,
    /// the one it made before.
    @Test func matchDomainFetchesEachPlatformsFileOnce() async throws {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 30))
        defer { fetcher.shutdown() }
        let plain = "android--mplain\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let asked = "android--masked\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let manifest = try Binary.write(
            #"""
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop">
              <application><activity android:name=".Shop"><intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="\#(asked)" />
              </intent-filter></activity></application>
            </manifest>
            """#, name: "AndroidManifest.xml")
        let network = Self.server.arguments + ["--timeout", FixtureServer.roomyTimeout]
        let without = try await Binary.run(["match", "--domain", plain, "https://\(plain)/shop/1"] + network)
        #expect(without.status == 0, "\(without.stdout)\(without.stderr)")
        let with = try await Binary.run(
            ["match", "--domain", asked, "--android-manifest", manifest.path, "https://\(asked)/shop/1"] + network)
        #expect(with.status == 0, "\(with.stdout)\(with.stderr)")
        #expect(with.stdout.contains("\(asked) verifies") == false, "no fingerprint given: assumed, not checked")
        #expect(with.stdout.contains("has a handle_all_urls statement for com.acme.shop"), "\(with.stdout)")
        let before = try #require(await Self.server.connections(of: plain, via: fetcher))
        let after = try #require(await Self.server.connections(of: asked, via: fetcher))
        #expect(before.requests == 1, "\(before)")
        #expect(after.requests == 2, "the apple-app-site-association and assetlinks.json: \(after)")
    }
}
