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

    static let fp = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let upload =
        "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    /// A one-statement file granting com.acme.shop with `fingerprint`; `extra` goes inside the target.
    static func links(fingerprint: String = fp, extra: String = "") throws -> URL {
        try Binary.write(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                + #""package_name": "com.acme.shop", "sha256_cert_fingerprints": ["\#(fingerprint)"]\#(extra)}}]"#,
            name: "assetlinks.json")
    }

    /// The fixture file lists the app's certificate: given in lower case without colons, it verifies the host and
    /// the file's dynamic rules apply (gift cards excluded, the rest kept).
    @Test func theRightFingerprintVerifiesTheHostAndItsDynamicRulesApply() async throws {
        let given = Self.fp.replacingOccurrences(of: ":", with: "").lowercased()
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--assetlinks", Self.assetlinks, "--android-fingerprint",
            given, "--json", "https://shop.example.com/products/1", "https://shop.example.com/products/gift-cards",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try Self.json(result.stdout)
        let kept = try #require(entries[0]["android"] as? [String: Any])
        #expect(kept["opens"] as? Bool == true, "\(kept)")
        let steps = try #require(kept["explanation"] as? [String])
        #expect(
            steps.contains(
                "shop.example.com verifies com.acme.shop (\(Self.assetlinks) lists its package and signing "
                    + "certificate); its dynamic rules come from \(Self.assetlinks)."), "\(steps)")
        #expect(
            (kept["notes"] as? [String])?.contains { $0.contains("AOSP") } == false, "both verifiers agree: no note")
        let gift = try #require(entries[1]["android"] as? [String: Any])
        #expect(gift["opens"] as? Bool == false)
        #expect((gift["rule"] as? String)?.contains("dynamic_app_link_components/0") == true, "\(gift)")
    }

    /// The upload key's fingerprint: the host does not verify, and the usual mix-up is explained.
    @Test func aWrongFingerprintDoesNotVerifyAndExplainsTheMixUp() async throws {
        let result = try await Binary.run(
            [
                "match", "--android-manifest", Self.manifest, "--assetlinks", Self.assetlinks, "--android-fingerprint",
                Self.upload, "--expect", "opens-app", "https://shop.example.com/products/1",
            ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "the URL does not open the app: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("com.acme.shop (Android): does not open the app"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "shop.example.com does not verify com.acme.shop, so the URL opens the browser (or asks) instead: "
                    + "\(Self.assetlinks) does not verify it for Google Play services"), "\(result.stdout)")
        #expect(result.stdout.contains("the file lists other certificates for it (\(Self.fp))"), "\(result.stdout)")
        #expect(result.stdout.contains("Play App Signing"), "\(result.stdout)")
        #expect(result.stdout.contains("debug key"), "\(result.stdout)")
    }

    /// A lower-case fingerprint in the file: the device compares upper-case strings, so AOSP never matches it, and
    /// Google skips the statement.
    @Test func aLowerCaseFingerprintInTheFileNeverVerifies() async throws {
        let file = try Self.links(fingerprint: Self.fp.lowercased())
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--assetlinks", file.path, "--android-fingerprint", Self.fp,
            "--json", "https://shop.example.com/products/1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let android = try #require(try Self.json(result.stdout).first?["android"] as? [String: Any])
        #expect(android["opens"] as? Bool == false)
        let steps = (android["explanation"] as? [String] ?? []).joined(separator: "\n")
        #expect(steps.contains("its certificate is listed in lower case"), "\(steps)")
        #expect(steps.contains("Google's verifier (DAL) does not verify com.acme.shop"), "\(steps)")
    }

    /// A number in the target: AOSP's parser throws and fails the host, Google reads the statement: the reference
    /// device opens the URL, and the note says AOSP without Play services does not.
    @Test func aFileAOSPFailsAndGoogleReadsOpensWithANote() async throws {
        let file = try Self.links(extra: #", "version": 2"#)
        let result = try await Binary.run(
            [
                "match", "--android-manifest", Self.manifest, "--assetlinks", file.path, "--android-fingerprint",
                Self.fp, "https://shop.example.com/products/1",
            ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("com.acme.shop (Android): opens the app"), "\(result.stdout)")
        #expect(result.stdout.contains("note: AOSP's verifier fails the whole host for every app"), "\(result.stdout)")
        #expect(
            result.stdout.contains("On Android 12+ without Play services the app opens no URL of this host."),
            "\(result.stdout)")
    }

    /// Without --android-fingerprint the host is assumed verified, and the output names the option that checks it.
    @Test func withoutAFingerprintTheOutputNamesTheOptionThatChecksIt() async throws {
        let result = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--assetlinks", Self.assetlinks,
            "https://shop.example.com/products/1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("its fingerprints are not checked here: --android-fingerprint checks them"),
            "\(result.stdout)")
    }

    /// The fingerprint is validated as `check` validates it; a package given on the command line too.
    @Test func aSHA1OrABadPackageIsAUsageError() async throws {
        let sha1 = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--android-fingerprint",
            "A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:01:12:23:34", "https://shop.example.com/products/1",
        ])
        #expect(sha1.status == 2)
        #expect(sha1.stderr.contains("it is a SHA-1 (20 bytes); give the SHA-256"), "\(sha1.stderr)")
        let package = try await Binary.run([
            "match", "--android-manifest", Self.manifest, "--android-package", "acme", "https://shop.example.com/",
        ])
        #expect(package.status == 2)
        #expect(package.stderr.contains("--android-package acme is not an Android package name"), "\(package.stderr)")
    }
}
