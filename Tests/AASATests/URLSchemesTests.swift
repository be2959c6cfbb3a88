import AASA
import Foundation
import TestSupport
import Testing

@Suite struct URLSchemesTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Binary.root.appendingPathComponent("Tests/Fixtures/infoplist/\(name)"))
    }

    @Test(arguments: ["Info.plist", "Info-binary.plist"])
    func xmlAndBinaryInfoPlistsGiveTheSameSchemes(_ name: String) throws {
        let schemes = try URLSchemes.read(try Self.fixture(name), file: name)
        #expect(schemes.schemes == ["acmeshop", "acmeshop-dev", "fb1234567890"])
        #expect(schemes.unresolved.isEmpty)
        #expect(schemes.declares("ACMESHOP") == .declared)
        #expect(schemes.declares("othershop") == .notDeclared)
    }

    @Test func buildSettingsAreNotCheckableAndJunkEntriesAreSkipped() throws {
        let schemes = try URLSchemes.read(try Self.fixture("Info-buildsetting.plist"), file: "Info.plist")
        #expect(schemes.unresolved == ["$(PRODUCT_BUNDLE_IDENTIFIER)", "${APP_SCHEME}"])
        // A number, "my app://" and "" are no schemes; a lone string instead of an array is read as one.
        #expect(schemes.schemes == ["fb1234567890", "acmeshop"])
        #expect(schemes.declares("acmeshop") == .declared)
        #expect(schemes.declares("othershop") == .notCheckable)
    }

    @Test(arguments: [
        ("Info-junk.plist", "is not a readable property list"),
        ("Info-array.plist", "top level is not a dictionary"),
    ])
    func unreadableFilesAreRefusedWithASentence(_ name: String, _ reason: String) throws {
        #expect {
            try URLSchemes.read(try Self.fixture(name), file: name)
        } throws: { error in
            (error as? Entitlements.ReadError)?.description.contains(reason) == true
        }
    }

    @Test func truncatedBinaryPlistIsRefused() throws {
        let data = try Self.fixture("Info-binary.plist")
        #expect(throws: Entitlements.ReadError.self) { try URLSchemes.read(data.prefix(data.count / 2), file: "x") }
    }

    @Test func aHugeDeclarationIsCapped() throws {
        let many = (0..<5_000).map { "<string>s\($0)</string>" }.joined()
        let unresolved = (0..<5_000).map { "<string>$(S\($0))</string>" }.joined()
        let long = "<string>$(" + String(repeating: "A", count: 100_000) + ")</string>"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleURLTypes</key><array>\
            <dict><key>CFBundleURLSchemes</key><array>\(many)\(long)\(unresolved)</array></dict></array></dict></plist>
            """
        let schemes = try URLSchemes.read(Data(xml.utf8), file: "big")
        #expect(schemes.schemes.count == 1_000)
        #expect(schemes.unresolved.isEmpty)  // the first 1,000 entries were all schemes
        let xml2 = xml.replacingOccurrences(of: many, with: "")
        let second = try URLSchemes.read(Data(xml2.utf8), file: "big")
        #expect(second.unresolved.count == 1_000)
        #expect(second.unresolved.allSatisfy { $0.utf8.count <= 256 })
    }

    @Test func aSchemeLinkIsReplacedByTheFirstDomainWhoseFileMatchesHostAndPath() throws {
        let file = DecodedFile(
            bytes: Array(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/product/*"}]}]}}"#
                    .utf8))
        let matcher = Matcher(try #require(file.document))
        let domains: [(domain: String, matcher: Matcher?)] = [("none.example", nil), ("shop.example", matcher)]
        let found = SchemeReplacement.find(for: "acmeshop://product/42?src=mail", domains: domains)
        #expect(found?.url == "https://shop.example/product/42?src=mail")
        #expect(found?.domain == "shop.example" && found?.appID == "9JA89QQLNQ.com.acme.shop")
        #expect(
            SchemeReplacement.find(for: "acmeshop:product/7", domains: domains)?.url == "https://shop.example/product/7"
        )
        #expect(SchemeReplacement.find(for: "acmeshop://help", domains: domains) == nil)
        #expect(SchemeReplacement.find(for: "no colon", domains: domains) == nil)
        let huge = "acmeshop://product/" + String(repeating: "a", count: 10_000)
        #expect(SchemeReplacement.find(for: huge, domains: domains) == nil)
    }
}
