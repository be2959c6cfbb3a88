import Foundation
import TestSupport
import Testing

/// `check FILE` on an assetlinks.json: recognised by its top-level array (or `--android`), the android- checks
/// offline in every format, and with `--android-package` and `--android-fingerprint` each verifier's verdict.
@Suite struct CheckAndroidTests {
    static let fp = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let upload =
        "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    static func app(fingerprint: String = fp, extra: String = "") -> String {
        #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
            + #""package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(fingerprint)"]\#(extra)}}"#
    }

    /// AOSP rejects it (a number in the target), Google accepts it.
    static let aospRejects = "[\n  " + app(extra: #", "version": 2"#) + "\n]\n"

    @Test func anArrayIsCheckedAsAssetLinksWithLineAndColumn() async throws {
        let file = try Binary.write(Self.aospRejects, name: "assetlinks.json")
        let result = try await Binary.run(["check", file.path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "a warning does not fail by default: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("warning[android-host-failure]"), "\(result.stdout)")
        #expect(result.stdout.contains("assetlinks.json:2:"), "\(result.stdout)")
        #expect(result.stdout.contains("AOSP fails the whole host; DAL ignores this value"), "\(result.stdout)")
        #expect(!result.stdout.contains("not-an-object"), "not read as an apple-app-site-association")
        let strict = try await Binary.run(["check", file.path, "--fail-on", "warning"])
        #expect(strict.status == 1)
    }

    @Test func theVerdictSaysAOSPRejectsAndGoogleAcceptsInEveryFormat() async throws {
        let file = try Binary.write(Self.aospRejects, name: "assetlinks.json")
        let app = ["--android-package", "com.example.app", "--android-fingerprint", Self.fp.lowercased()]
        let text = try await Binary.run(["check", file.path] + app, environment: ["NO_COLOR": "1"])
        #expect(text.status == 0, "Google verifies; AOSP alone counts as a warning: \(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("Google (Play services, the reference device): verified"), "\(text.stdout)")
        #expect(text.stdout.contains("AOSP (Android 12+ without Play services): NOT verified"), "\(text.stdout)")
        #expect(text.stdout.contains("FAILURE_UNKNOWN"), "\(text.stdout)")

        let json = try await Binary.run(["check", file.path, "--format", "json"] + app)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let android = try #require(object["android"] as? [String: Any])
        #expect(android["statements"] as? Int == 1)
        let verdict = try #require((android["apps"] as? [[String: Any]])?.first)
        #expect(verdict["aosp"] as? Bool == false && verdict["google"] as? Bool == true, "\(verdict)")
        #expect(verdict["fingerprints"] as? [String] == [Self.fp])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let location = try #require(findings.first?["location"] as? [String: Any])
        #expect(location["pointer"] as? String == "/0/target/version" && location["line"] as? Int == 2)

        let sarif = try await Binary.run(["check", file.path, "--format", "sarif"] + app)
        #expect(
            sarif.stdout.contains("\"ruleId\" : \"android-host-failure\"")
                || sarif.stdout.contains("\"ruleId\":\"android-host-failure\""), "\(sarif.stdout)")
        #expect(sarif.stdout.contains("\"startLine\""), "\(sarif.stdout)")
    }

    @Test func anUploadKeyFingerprintIsExplainedAndFails() async throws {
        let file = try Binary.write("[" + Self.app(fingerprint: Self.upload) + "]", name: "assetlinks.json")
        let result = try await Binary.run(
            ["check", file.path, "--android-package", "com.example.app", "--android-fingerprint", Self.fp],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Play App Signing"), "\(result.stdout)")
        #expect(result.stdout.contains("upload key"), "\(result.stdout)")
    }

    @Test func aLowerCaseFingerprintGetsTheCorrectedString() async throws {
        let file = try Binary.write("[" + Self.app(fingerprint: Self.fp.lowercased()) + "]", name: "assetlinks.json")
        let result = try await Binary.run(["check", file.path, "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("android-fingerprint-format"), "\(result.stdout)")
        #expect(result.stdout.contains("Write it as \\\"\(Self.fp)\\\""), "\(result.stdout)")
    }

    @Test func androidReadsAnObjectAsAStatementListThatIsNotOne() async throws {
        let file = try Binary.write(Self.app(), name: "assetlinks.json")
        let result = try await Binary.run(["check", file.path, "--android", "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("android-not-an-array"), "\(result.stdout)")
    }

    @Test func aSHA1FingerprintOnTheCommandLineIsAUsageError() async throws {
        let file = try Binary.write("[" + Self.app() + "]", name: "assetlinks.json")
        let sha1 = String(repeating: "AB:", count: 19) + "AB"
        let result = try await Binary.run(
            ["check", file.path, "--android-package", "com.example.app", "--android-fingerprint", sha1])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("is a SHA-1 (20 bytes)"), "\(result.stderr)")
        let alone = try await Binary.run(["check", file.path, "--android-fingerprint", Self.fp])
        #expect(alone.status == 2 && alone.stderr.contains("requires --android-package"), "\(alone.stderr)")
    }

    @Test func anIgnoreEntrySilencesAnAndroidFindingAndStdinIsRecognised() async throws {
        let result = try await Binary.run(
            ["check", "-", "--fail-on", "warning", "--ignore", "android-host-failure", "--format", "json"],
            stdin: Data(Self.aospRejects.utf8))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\"suppressed\" : true") || result.stdout.contains("\"suppressed\":true"))
        #expect(result.stdout.contains("\"android\""), "read as an assetlinks.json: \(result.stdout)")
    }
}
