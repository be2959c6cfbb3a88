import AASA
import Testing

/// The findings cap applies to every sink; its `findings-truncated` finding names the right one.
@Suite struct FindingsTruncatedScopeTests {
    static func truncation(_ findings: [Finding]) throws -> Finding {
        try #require(findings.first { $0.id == "findings-truncated" })
    }

    @Test func aFilesTruncationSaysInThisFile() throws {
        let keys = (0..<150).map { "\"x\($0)\": 1" }.joined(separator: ", ")
        let text =
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}, "# + keys + "}"
        let truncation = try Self.truncation(Catalogue.check(DecodedFile(bytes: Array(text.utf8)), url: "f.json"))
        #expect(truncation.message.hasPrefix("unknown-key raised 50 more findings in this file (50 warnings)"))
        #expect(truncation.why.contains("kept per file"))
        #expect(truncation.hint.hasSuffix("then check the file again to see the rest."))
    }

    /// Before, a crawl's 150 unused rules were "in this file", though the crawl raised them.
    @Test func aCrawlsTruncationSaysOnThisSitesCrawl() throws {
        let components = (0..<150).map { #"{"/": "/never\#($0)/*"}"# }.joined(separator: ", ")
        let file = DecodedFile(
            bytes: Array(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\#(components)]}]}}"#
                    .utf8))
        let row = URLReport(
            url: "https://example.com/shop", foundOn: nil, httpStatus: 200, verdicts: [], opensApp: nil, note: nil)
        let evidence = CrawlEvidence(domain: "example.com", file: file, urls: URLTable([row]))
        let truncation = try Self.truncation(Catalogue.check(evidence))
        #expect(truncation.message.hasPrefix("rule-unused raised 50 more findings on this site's crawl (50 infos)"))
        #expect(truncation.why.contains("kept per site's crawl"))
        #expect(truncation.hint.hasSuffix("then crawl the site again to see the rest."))
    }

    @Test func anEntitlementsTruncationSaysInTheEntitlementsFile() throws {
        let entries = (0..<150).map { EntitlementEntry(raw: "applinks:host\($0).example.com/", index: $0) }
        let entitlements = Entitlements(file: "App.entitlements", appID: nil, entries: entries)
        let truncation = try Self.truncation(Catalogue.check(entitlements))
        #expect(
            truncation.message.hasPrefix(
                "entitlement-entry-format raised 50 more findings in the entitlements file (50 errors)"),
            "\(truncation.message)")
        #expect(truncation.why.contains("kept per entitlements file"))
        #expect(truncation.location.url == "App.entitlements")
    }
}
