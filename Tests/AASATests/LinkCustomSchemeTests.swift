import AASA
import Testing

@Suite struct LinkCustomSchemeTests {
    static let plist = URLSchemes(file: "Info.plist", schemes: ["acmeshop"], unresolved: [])

    static func finding(_ evidence: CustomSchemeEvidence) -> Finding? {
        let found = Catalogue.check(evidence)
        #expect(found.count <= 1)
        return found.first
    }

    @Test func eachDeclarationStateIsSaid() throws {
        func message(_ link: String, _ schemes: URLSchemes?) throws -> String {
            try #require(
                Self.finding(
                    CustomSchemeEvidence(
                        link: link, foundOn: "https://a.test/", schemes: schemes, replacement: nil,
                        replacementSought: false))
            ).message
        }
        #expect(try message("AcmeShop://x", Self.plist).contains("the app declares acmeshop: in Info.plist"))
        #expect(try message("other://x", Self.plist).contains("does not declare other in Info.plist"))
        let buildSetting = URLSchemes(file: "Info.plist", schemes: [], unresolved: ["$(PRODUCT_BUNDLE_IDENTIFIER)"])
        #expect(try message("other://x", buildSetting).contains("not checkable"))
        #expect(try message("other://x", buildSetting).contains("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(try message("other://x", nil).contains("unknown without --info-plist"))
    }

    @Test func theFixNamesTheReplacementOrSaysWhyThereIsNone() throws {
        let none = try #require(
            Self.finding(
                CustomSchemeEvidence(
                    link: "acmeshop://help", foundOn: "https://a.test/", pageCount: 4, schemes: Self.plist,
                    replacement: nil, replacementSought: true)))
        #expect(none.message.contains("(and on 3 more)"))
        #expect(none.hint.contains("none of their files matches"))
        #expect(none.severity == .info && none.location.url == "https://a.test/")
    }

    @Test(arguments: [
        "https://a.test/", "mailto:a@b.test", "tel:123", "javascript:void(0)", "",
        "itms-apps://apps.apple.com/app/id123456789",
    ])
    func webAndSystemLinksAreNoFinding(_ link: String) {
        #expect(
            Self.finding(
                CustomSchemeEvidence(
                    link: link, foundOn: "https://a.test/", schemes: nil, replacement: nil, replacementSought: false))
                == nil)
    }

    @Test func findingsOfOneSiteAreCappedTogether() {
        let evidence = (0..<150).map {
            CustomSchemeEvidence(
                link: "app\($0)://x", foundOn: "https://a.test/", schemes: nil, replacement: nil,
                replacementSought: false)
        }
        let found = Catalogue.check(evidence)
        #expect(found.filter { $0.id == "link-custom-scheme" }.count == FindingSink.defaultLimit)
        #expect(found.last?.id == "findings-truncated")
    }

    @Test func schemeLinksAreListedOncePerLinkWithTheirPagesCapped() {
        var links = SchemeLinks()
        for page in 0..<10 { links.record("acmeshop://product/42", scheme: "ACMESHOP", page: "https://a.test/\(page)") }
        links.record(" acmeshop://product/42\n", scheme: "acmeshop", page: "https://a.test/0")
        links.record("mailto:x@a.test", scheme: "mailto", page: "https://a.test/")
        links.record("acmeshop://" + String(repeating: "x", count: 5_000), scheme: "acmeshop", page: "https://a.test/")
        for i in 0..<300 { links.record("app\(i)://x", scheme: "app\(i)", page: "https://a.test/") }
        #expect(links.links.count == SchemeLinks.linkCap)
        #expect(links.notRecorded == 302 - SchemeLinks.linkCap)
        #expect(links.links[0].pageCount == 11 && links.links[0].pages.count == SchemeLinks.pagesKept)
        #expect(links.links[0].scheme == "acmeshop")
        #expect(links.links[1].link.utf8.count <= SchemeLinks.maxLength + 3 && links.links[1].link.hasSuffix("…"))
    }
}
