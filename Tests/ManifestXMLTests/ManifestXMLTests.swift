import AASA
import Foundation
import ManifestXML
import Testing

/// The manifest read by the real libxml2 parser, then judged by the Android matcher.
struct ManifestXMLTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/android/AndroidManifest.xml").standardizedFileURL

    static func manifest() throws -> AndroidManifest {
        let bytes = try [UInt8](Data(contentsOf: fixture))
        return AndroidManifest(
            root: try ManifestXML.parse(bytes, name: "AndroidManifest.xml"), file: "AndroidManifest.xml")
    }

    static func verdict(_ url: String, rules: DynamicRules? = nil) throws -> AndroidMatcher.Verdict {
        let parsed = try WebURL.parse(url).get()
        let hostFile: AndroidMatcher.HostFile =
            rules.map { .assumedVerifiedWithRules($0, source: "assetlinks.json") } ?? .assumedVerified
        return AndroidMatcher.match(parsed, manifest: try manifest(), hostFile: hostFile)
    }

    @Test func theFixtureReadsAsAndroidPoolsData() throws {
        let manifest = try Self.manifest()
        #expect(manifest.package == "com.acme.shop")
        #expect(manifest.filters.count == 4)
        #expect(manifest.appLinkFilters.count == 2)
        #expect(manifest.verifiedHosts == ["shop.example.com", "acme.example"])
        let first = manifest.filters[0]
        #expect(first.schemes == ["https"] && first.hosts == ["shop.example.com", "*.acme.example"])
        // `\\.` in the file is `\.` to the matcher: a literal dot.
        #expect(first.paths.map(\.matcher.pattern) == ["/products/", "/sale/.*\\.html", "/p/[0-9]+"])
        #expect(manifest.filters[2].appLinkProblems == ["it lacks android:autoVerify=\"true\""])
    }

    @Test(arguments: [
        ("https://shop.example.com/products/1", true), ("https://a.acme.example/sale/x.html", true),
        ("https://shop.example.com/sale/xyhtml", false), ("https://acme.example/products/1", false),
        ("https://shop.example.com/p/12", true), ("https://shop.example.com/p/12a", false),
        ("https://shop.example.com/products%2F1", true), ("https://shop.example.com/%70roducts/1", true),
        ("https://help.example.com/faq", false), ("http://shop.example.com/products/1", false),
        ("https://shop.example.com/cart", true), ("https://shop.example.com/cart?debug=1", false),
    ])
    func urlsOpenAsTheDeviceDecides(url: String, opens: Bool) throws {
        let verdict = try Self.verdict(url)
        #expect(verdict.opens == opens, "\(verdict.steps)")
        #expect(verdict.package == "com.acme.shop")
    }

    @Test func aFilterWithoutAutoVerifySaysWhy() throws {
        let verdict = try Self.verdict("https://help.example.com/faq")
        #expect(verdict.steps.joined().contains("lacks android:autoVerify"))
        #expect(verdict.rule == "intent-filter AndroidManifest.xml:33")
    }

    @Test func dynamicRulesOnlyNarrowAndTheNoteSaysAndroid14Differs() throws {
        let file = try JSONParser.parse(
            Array(
                #"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/products/gift*", "exclude": true}, {"/": "*"}]}}"#
                    .utf8))
        let rules = DynamicRules.read(file)
        let gift = try Self.verdict("https://shop.example.com/products/gift-card", rules: rules)
        #expect(!gift.opens)
        #expect(
            gift.rule?.contains(
                "dynamic rule assetlinks.json#/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
            ) == true)
        #expect(gift.notes.contains { $0.hasPrefix("Android 14 and lower ignore dynamic rules") })
        #expect(try Self.verdict("https://shop.example.com/products/1", rules: rules).opens)
        // A rule never widens: the manifest has no filter for /about.
        #expect(!(try Self.verdict("https://shop.example.com/about", rules: rules).opens))
    }

    @Test(arguments: [
        ("<!DOCTYPE m [<!ENTITY a \"aaaa\">]><manifest/>", "has a DOCTYPE"),
        ("<manifest><application></manifest>", "not well-formed XML at line 1"),
        ("<resources/>", "root element is not <manifest>"), ("", "is empty"),
        ("\u{FEFF}<?xml version=\"1.0\"?><!DOCTYPE manifest><manifest/>", "has a DOCTYPE"),
    ])
    func unreadableManifestsAreRefusedInOneSentence(text: String, reason: String) {
        #expect {
            _ = try ManifestXML.parse(Array(text.utf8), name: "m.xml")
        } throws: { error in
            (error as? ManifestXML.Refusal)?.reason.contains(reason) == true
        }
    }

    /// In UTF-16 the byte scan cannot see "<!DOCTYPE"; the parsed document's subset is refused instead.
    @Test func aDOCTYPEInUTF16IsRefusedToo() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE m [<!ENTITY a \"b\">]><manifest a=\"&a;\"/>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect {
            _ = try ManifestXML.parse(bytes, name: "m.xml")
        } throws: { error in
            (error as? ManifestXML.Refusal)?.reason == "m.xml has a DOCTYPE, which no AndroidManifest.xml has: not read"
        }
    }

    @Test func placeholdersAndResourceReferencesSayToPassTheMergedManifest() throws {
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${applicationId}">
            <application><activity android:name=".A"><intent-filter android:autoVerify="true">
            <data android:scheme="https" android:host="@string/host" /></intent-filter></activity></application>
            </manifest>
            """
        let manifest = AndroidManifest(root: try ManifestXML.parse(Array(text.utf8), name: "m.xml"), file: "m.xml")
        #expect(manifest.package == nil)
        #expect(manifest.problems.map(\.line) == [1, 3])
        #expect(manifest.problems.allSatisfy { $0.fix.contains("build/intermediates/merged_manifests") })
    }

    @Test func aMalformedAdvancedPatternIsReportedAndItsFilterKeepsTheOtherPaths() throws {
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop">
            <application><activity android:name=".A"><intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="a.example" android:pathAdvancedPattern="/[a-z" />
            <data android:path="/ok" /></intent-filter></activity></application>
            </manifest>
            """
        let manifest = AndroidManifest(root: try ManifestXML.parse(Array(text.utf8), name: "m.xml"), file: "m.xml")
        #expect(manifest.problems.map(\.line) == [6])
        #expect(manifest.problems.first?.message.contains("Set was not terminated!") == true)
        #expect(manifest.filters.first?.paths.map(\.matcher.pattern) == ["/ok"])
    }

    @Test func android11AndLowerVerifyEveryWebHostTogether() throws {
        let manifest = try Self.manifest()
        #expect(manifest.legacyVerifiedHosts == ["shop.example.com", "acme.example", "help.example.com"])
    }

    @Test func aaptUnescapesAttributeValues() {
        #expect(AaptString.unescape(#"/a\\.b"#) == #"/a\.b"#)
        #expect(AaptString.unescape(#"/a\.b"#) == "/a.b")
        #expect(AaptString.unescape(#"\u0041\n"#) == "A\n")
        #expect(AaptString.unescape(#""/a  b" c  d"#) == "/a  b c d")
    }
}
