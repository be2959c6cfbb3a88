import AASA
import Testing

@Suite struct RuleCapturesSensitiveTests {
    static let app = "9JA89QQLNQ.com.acme.shop"

    static func findings(_ json: String) -> [Finding] {
        var sink = FindingSink()
        RuleCapturesSensitive.run(DecodedFile(bytes: Array(json.utf8)), into: &sink)
        return sink.findings
    }

    @Test func aBareWildcardIsOneFindingNamingThePathsByKind() throws {
        let found = Self.findings(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/*"}]}]}}"#)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.id == "rule-captures-sensitive" && finding.severity == .warning)
        #expect(finding.location.pointer == "/applinks/details/0/components/0")
        #expect(finding.location.line == 1)
        for part in [
            "unsubscribe (/wf/unsubscribe, /asm/unsubscribe/, /unsub_center.aspx, and 1 more)", "opt-out (/oc/5f3a9c",
            "view in browser (/view/5f3a9c", "sign-in callback (/oauth/callback", "/.well-known/ (", Self.app,
        ] {
            #expect(finding.message.contains(part), "\(part) in \(finding.message)")
        }
        #expect(
            finding.hint.contains(#"{"/": "/wf/unsubscribe*", "exclude": true, "caseSensitive": false}"#),
            "\(finding.hint)")
        #expect(finding.message.contains("browser: unsubscribe ("), "unsubscribe is named first")
        #expect(finding.why.contains("Sailthru"))
    }

    @Test func aLegacyPathsFileGetsNOTExclusionsInTheFix() throws {
        let found = Self.findings(#"{"applinks": {"details": [{"appID": "\#(Self.app)", "paths": ["*"]}]}}"#)
        let finding = try #require(found.first)
        #expect(finding.hint.contains(#""NOT /wf/unsubscribe*""#), "\(finding.hint)")
    }

    @Test func onlyTheRuleThatDecidesIsNamedAndExclusionsBeforeItCount() {
        // The exclusion keeps /wf/unsubscribe in the browser, so /wf/* passes; /asm/* still takes the group pages.
        let found = Self.findings(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/click/*"}, {"/": "/wf/unsubscribe*", "exclude": true}, {"/": "/wf/*"}, {"/": "/asm/*"}]}]}}"#
        )
        #expect(found.map(\.location.pointer) == ["/applinks/details/0/components/3"])
        #expect(found.first?.message.contains("/asm/unsubscribe/") == true)
    }

    @Test func aRuleThatNeedsAQueryItemIsTriedWithOne() {
        let found = Self.findings(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/unsubscribe", "?": {"id": "?*"}}]}]}}"#
        )
        #expect(found.count == 1)
        #expect(found.first?.message.contains("/unsubscribe?id=x7Qz") == true, "\(found.map(\.message))")
    }

    @Test func appsSharingAnEntryShareTheFindingAndEachEntryGetsItsOwn() {
        let found = Self.findings(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)", "9JA89QQLNQ.com.acme.clip"], "components": [{"/": "*"}]}, {"appIDs": ["9JA89QQLNQ.com.acme.other"], "components": [{"/": "/view/*"}]}]}}"#
        )
        #expect(
            found.map(\.location.pointer) == ["/applinks/details/0/components/0", "/applinks/details/1/components/0"])
        #expect(found.first?.message.contains("\(Self.app) and 9JA89QQLNQ.com.acme.clip") == true)
    }

    @Test func aCaseSensitiveRuleOnOtherCasingAndAClickPrefixPass() {
        #expect(
            Self.findings(
                #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/click/*"}, {"/": "/Unsubscribe"}]}]}}"#
            ).isEmpty)
    }

    @Test func anEnormousRuleIsQuotedByItsStart() throws {
        let comment = String(repeating: "x", count: 50_000)
        let found = Self.findings(
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "*", "comment": "\#(comment)"}]}]}}"#
        )
        let finding = try #require(found.first)
        #expect(finding.message.utf8.count < 2_000)
        #expect(finding.message.contains(#"{"/": "*", "comment": "xxx"#))
    }

    @Test func theCheckRunsWithTheDocumentChecks() {
        let all = Catalogue.check(
            DecodedFile(
                bytes: Array(
                    #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/*"}]}]}}"#.utf8)))
        #expect(all.map(\.id).contains("rule-captures-sensitive"))
    }
}
