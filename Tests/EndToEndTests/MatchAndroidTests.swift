import Foundation
import TestSupport
import Testing

/// `match --android-manifest` run through the real binary on the manifest fixture (Tests/Fixtures/android): per URL
/// whether the Android app opens it and what decided, beside iOS when `--file` is given too.
@Suite struct MatchAndroidTests {
    static let fixtures = Binary.root.appendingPathComponent("Tests/Fixtures/android")
    static let manifest = fixtures.appendingPathComponent("AndroidManifest.xml").path
    static let assetlinks = fixtures.appendingPathComponent("assetlinks.json").path

    static func json(_ stdout: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }

    @Test func withoutAssetlinksTheHostIsAssumedVerified() async throws {
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "https://shop.example.com/products/1",
            "https://shop.example.com/sale/a.html", "https://shop.example.com/sale/ahtml",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0 == "com.acme.shop (Android): opens the app" }.count == 2, "\(result.stdout)")
        #expect(lines.contains("com.acme.shop (Android): does not open the app"))
        #expect(result.stdout.contains("shop.example.com is assumed verified (no assetlinks.json was given)"))
        #expect(result.stdout.contains(#"android:pathPrefix="/products/" (<data> line 15)"#))
        #expect(
            result.stderr.contains(
                #":33: Android 12+ does not verify this filter's hosts (help.example.com): it lacks android:autoVerify="true"."#
            ), "\(result.stderr)")
    }

    @Test func theJSONNamesWhatDecidedWithTheDynamicRule() async throws {
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--assetlinks", Self.assetlinks, "--json",
            "https://shop.example.com/products/gift-cards", "https://x.acme.example/p/7",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try Self.json(result.stdout)
        #expect(
            entries.map { $0["url"] as? String } == [
                "https://shop.example.com/products/gift-cards", "https://x.acme.example/p/7",
            ])
        let gift = try #require(entries[0]["android"] as? [String: Any])
        #expect(gift["opens"] as? Bool == false)
        #expect(gift["package"] as? String == "com.acme.shop")
        let rule = try #require(gift["rule"] as? String)
        #expect(rule.hasPrefix("intent-filter \(Self.manifest):8 (.ShopActivity), scheme https, host shop.example.com"))
        #expect(
            rule.hasSuffix(
                "dynamic rule \(Self.assetlinks)#/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
            ))
        let wildcard = try #require(entries[1]["android"] as? [String: Any])
        #expect(wildcard["opens"] as? Bool == true)
    }

    /// Both platforms per URL; `--expect` must hold on each.
    @Test func withAnAASAFileBothPlatformsAreJudgedAndExpectHoldsOnEach() async throws {
        let aasa = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/products/*"}, {"/": "/cart"}]}]}}"#
        )
        let both = try await Binary.run([
            "match", "--file", aasa.path, "--android-manifest", Self.manifest, "--expect", "opens-app",
            "https://shop.example.com/products/1",
        ])
        #expect(both.status == 0, "\(both.stdout)\(both.stderr)")
        #expect(both.stdout.contains("9JA89QQLNQ.com.acme.shop: opens the app"))
        #expect(both.stdout.contains("com.acme.shop (Android): opens the app"))

        // iOS opens /cart?debug=1, Android's relative filter group blocks it: --expect opens-app fails on Android.
        let split = try await Binary.run([
            "match", "--file", aasa.path, "--android-manifest", Self.manifest, "--expect", "opens-app", "--json",
            "https://shop.example.com/cart?debug=1",
        ])
        #expect(split.status == 1, "\(split.stdout)\(split.stderr)")
        #expect(split.stderr.contains("1 of 1 URL(s) open no app"))
        let entry = try #require(try Self.json(split.stdout).first)
        #expect(entry["opensApp"] as? String == "9JA89QQLNQ.com.acme.shop")
        #expect((entry["android"] as? [String: Any])?["opens"] as? Bool == false)
    }

    @Test func aFileThatDoesNotListTheAppMeansTheHostDoesNotVerify() async throws {
        let other = try Binary.write(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.acme.other", "sha256_cert_fingerprints": []}}]"#
        )
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--assetlinks", other.path,
            "https://shop.example.com/products/1",
        ])
        #expect(result.stdout.contains("com.acme.shop (Android): does not open the app"), "\(result.stdout)")
        #expect(result.stdout.contains("has no delegate_permission/common.handle_all_urls statement for com.acme.shop"))
    }

    @Test func anUnreadableManifestIsAUsageErrorNamingTheFile() async throws {
        let bad = try Binary.write("<manifest><application></manifest>")
        let result = try await Binary.run(["match", "--android-manifest", bad.path, "https://a.example/"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(bad.path) is not well-formed XML at line 1"), "\(result.stderr)")
        let placeholder = try Binary.write(
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${applicationId}"/>"#)
        let missing = try await Binary.run(["match", "--android-manifest", placeholder.path, "https://a.example/"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("names no package: give --android-package NAME"), "\(missing.stderr)")
        #expect(missing.stderr.contains("build/intermediates/merged_manifests"), "\(missing.stderr)")
    }
}
