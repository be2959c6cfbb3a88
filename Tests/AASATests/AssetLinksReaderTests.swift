import AASA
import Foundation
import TestSupport
import Testing

/// assetlinks.json read as each Android verifier reads it: AOSP's StatementService fails the whole host where
/// Google's DAL skips one statement, and the verdict for an app says why, per verifier.
@Suite struct AssetLinksReaderTests {
    static let fp = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let other = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    static func app(_ package: String = "com.example.app", fingerprint: String = fp, extra: String = "") -> String {
        #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
            + #""package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]\#(extra)}}"#
    }

    static func verdict(
        _ json: String, resolve: AssetLinksFile.IncludeResolver? = nil
    )
        -> (aosp: VerifierVerdict, google: VerifierVerdict)
    {
        AssetLinks.read(Data(json.utf8)).verdict(package: "com.example.app", fingerprints: [fp], resolve: resolve)
    }

    @Test func aValidFileVerifiesOnBoth() {
        let v = Self.verdict("[\(Self.app())]")
        #expect(v.aosp.verified && v.google.verified, "\(v)")
    }

    @Test func aNumberAnywhereFailsTheHostOnAOSPOnly() {
        let v = Self.verdict("[\(Self.app(extra: #", "version": 2"#))]")
        #expect(!v.aosp.verified && v.aosp.hostFails, "\(v.aosp)")
        #expect(v.aosp.reason.contains("/0/target/version"), "\(v.aosp.reason)")
        #expect(v.google.verified, "\(v.google)")
    }

    @Test func anUnknownNamespaceInAnotherStatementFailsTheHostForEveryApp() {
        let json = "[\(Self.app()), {\"relation\": [\"a/b\"], \"target\": {\"namespace\": \"ios_app\"}}]"
        let v = Self.verdict(json)
        #expect(v.aosp.hostFails && !v.aosp.verified, "\(v.aosp)")
        #expect(v.google.verified)
    }

    @Test func aStatementWithoutTargetIsSkippedByBoth() {
        let v = Self.verdict("[{\"relation\": [\"a/b\"]}, \(Self.app())]")
        #expect(v.aosp.verified && v.google.verified, "\(v)")
    }

    @Test func aLowerCaseFingerprintNeverMatches() {
        let v = Self.verdict("[\(Self.app(fingerprint: Self.fp.lowercased()))]")
        #expect(!v.aosp.verified && !v.aosp.hostFails, "\(v.aosp)")
        #expect(v.aosp.reason.contains("lower case"), "\(v.aosp.reason)")
        #expect(!v.google.verified, "DAL skips the statement (comptest2312)")
        #expect(v.google.reason.contains("the statement naming it is not read"), "\(v.google.reason)")
        #expect(v.google.reason.contains("malformed"), "\(v.google.reason)")
    }

    @Test func aRelationThatIsAnObjectIsReportedOnce() {
        let json = "[\(Self.app())]".replacingOccurrences(
            of: #"["delegate_permission/common.handle_all_urls"]"#, with: "[{}]")
        let ids = Catalogue.check(AssetLinks.read(Data(json.utf8))).map(\.id)
        #expect(
            ids.filter { $0 == "android-relation-format" || $0 == "android-host-failure" } == [
                "android-relation-format"
            ], "\(ids)")
    }

    @Test func otherFingerprintsExplainTheSigningKeyMixUp() {
        let v = Self.verdict("[\(Self.app(fingerprint: Self.other))]")
        #expect(!v.aosp.verified && !v.google.verified)
        #expect(v.google.reason.contains("Play App Signing") && v.google.reason.contains("upload key"))
        #expect(v.google.reason.contains(Self.other))
    }

    @Test func aSiteWithASlashIsReadByAOSPAndSkippedByDAL() {
        let file = AssetLinks.read(
            Data(#"[{"relation": ["a/b"], "target": {"namespace": "web", "site": "https://Example.com/"}}]"#.utf8))
        #expect(file.read(by: .aosp).statements.first?.target == .web(site: "https://example.com"))
        #expect(file.read(by: .google).statements.isEmpty)
    }

    @Test func aByteOrderMarkFailsTheHostOnAOSP() {
        let file = AssetLinksFile(bytes: [0xEF, 0xBB, 0xBF] + Array("[\(Self.app())]".utf8))
        let v = file.verdict(package: "com.example.app", fingerprints: [Self.fp])
        #expect(v.aosp.hostFails)
        #expect(v.google.verified)
    }

    @Test func anHTTPIncludeFailsTheHostOnAOSPAndIsDroppedByDAL() {
        let v = Self.verdict(
            #"[{"include": "http://example.com/more.json"}]"#, resolve: { _ in Array("[\(Self.app())]".utf8) })
        #expect(v.aosp.hostFails, "\(v.aosp)")
        #expect(!v.google.verified, "\(v.google)")
    }

    @Test func anHTTPSIncludeIsFollowedThroughTheResolver() {
        let main = #"[{"include": "https://example.com/more.json"}]"#
        let v = Self.verdict(
            main, resolve: { $0 == "https://example.com/more.json" ? Array("[\(Self.app())]".utf8) : nil })
        #expect(v.aosp.verified && v.google.verified, "\(v)")
        let offline = Self.verdict(main)
        #expect(!offline.google.verified && offline.google.reason.contains("not followed"), "\(offline.google)")
    }

    @Test func aMalformedIncludedFileFailsTheHostOnAOSPButOnlyDropsTheIncludeOnDAL() {
        let main = #"[{"include": "https://example.com/more.json"}, "# + Self.app() + "]"
        let v = Self.verdict(main, resolve: { _ in Array("[{".utf8) })
        #expect(v.aosp.hostFails, "\(v.aosp)")
        #expect(v.google.verified, "\(v.google)")
    }

    @Test func aospFollowsOneLevelOfIncludes() {
        let files = [
            "https://example.com/a.json": #"[{"include": "https://example.com/b.json"}]"#,
            "https://example.com/b.json": "[\(Self.app())]",
        ]
        let v = Self.verdict(
            #"[{"include": "https://example.com/a.json"}]"#, resolve: { files[$0].map { Array($0.utf8) } })
        #expect(!v.aosp.verified && !v.aosp.hostFails, "\(v.aosp)")
        #expect(v.google.verified, "DAL follows includes recursively (comptest5005)")
    }

    @Test func fingerprintsAreNormalisedFromWhatPeoplePaste() {
        #expect(
            CertificateFingerprint.normalized(Self.fp.lowercased().replacingOccurrences(of: ":", with: "")) == Self.fp)
        #expect(CertificateFingerprint.normalized("DA:39:A3:EE") == nil)
        #expect(CertificateFingerprint.byteCount(String(repeating: "AB:", count: 19) + "AB") == 20)
    }

    @Test func theStatementKeepsItsRelationExtensions() {
        let file = AssetLinks.read(
            Data(
                "[\(Self.app(extra: ""))]".replacingOccurrences(
                    of: #""target""#, with: #""relation_extensions": {"x": {}}, "target""#
                ).utf8))
        #expect(file.statements.first?.relationExtensions?.pointer == "/0/relation_extensions")
    }

    /// Google's DAL compatibility tests (2000 and 5000 series) as data: every check test's verdict, Google's
    /// reading, agrees.
    @Test(
        .enabled(if: dalCompat != nil, "the DAL compatibility data (conformance/android/dal-compat.json) is not here"))
    func googlesCompatibilityCheckTestsAgree() throws {
        let data = try Data(contentsOf: try #require(Self.dalCompat))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let groups = try #require(object["groups"] as? [[String: Any]])
        var checked = 0
        for group in groups where group["stub_environment_only"] as? Bool != true {
            let bodies = Dictionary(
                ((group["web_content"] as? [[String: Any]]) ?? []).compactMap { item -> (String, [UInt8])? in
                    guard let url = item["url"] as? String, let body = item["body"] as? String else { return nil }
                    return (url, Array(body.utf8))
                }, uniquingKeysWith: { a, _ in a })
            for test in (group["check_statements_tests"] as? [[String: Any]]) ?? [] {
                let request = try #require(test["request"] as? [String: Any])
                // App Links verify https hosts only (the conformance suite runs the http ones too).
                guard let site = ((request["source"] as? [String: Any])?["web"] as? [String: Any])?["site"] as? String,
                    site.hasPrefix("https:"), let body = bodies[site + AssetLinks.wellKnownPath],
                    let app = (request["target"] as? [String: Any])?["android_app"] as? [String: Any],
                    let package = app["package_name"] as? String,
                    let fp = (app["certificate"] as? [String: Any])?["sha256_fingerprint"] as? String,
                    request["relation"] as? String == AssetLinks.handleAllURLs
                else { continue }
                let expected = (test["response"] as? [Bool])?.first ?? false
                let verdict = AssetLinksFile(bytes: body).verdict(
                    package: package, fingerprints: [fp], resolve: { [bodies] in bodies[$0] })
                #expect(verdict.google.verified == expected, "\(group["name"] ?? "?"): \(verdict.google.reason)")
                checked += 1
            }
        }
        #expect(checked >= 5)
    }

    /// `android/dal-compat.json` in the conformance folder, when it is there.
    static let dalCompat: URL? = conformanceFolder.map { $0.appendingPathComponent("android/dal-compat.json") }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
}
