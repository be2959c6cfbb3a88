import Testing

@testable import AASA

@Suite struct RuleMatchesEverythingTests {
    @Test(arguments: [
        ("path", "/"), ("Path", "/"), ("paths", "/"), ("url", "/"), ("/ ", "/"), (" /", "/"), ("//", "/"),
        ("pth", "/"), ("pathname", "/"), ("query", "?"), ("Query", "?"), ("qurey", "?"), ("? ", "?"),
        ("fragment", "#"), ("hash", "#"), ("# ", "#"),
    ])
    func misspeltPatternKeysAreRecognised(_ key: String, _ intended: String) {
        #expect(PatternKeys.intended(key) == intended)
    }

    @Test(arguments: ["/", "?", "#", "exclude", "exclued", "comment", "note", "caseSensitive", "id", "data"])
    func otherKeysAreNot(_ key: String) {
        #expect(PatternKeys.intended(key) == nil)
    }

    static func findings(_ json: String) -> [Finding] {
        Catalogue.check(DecodedFile(bytes: Array(json.utf8))).filter { $0.id == "rule-matches-everything" }
    }

    @Test func aPathFromDefaultsConstrainsTheComponent() {
        let json = #"""
            {"applinks": {"defaults": {"/": "/promo/*"}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
              "components": [{"comment": "inherits its path"}]}]}}
            """#
        #expect(Self.findings(json).isEmpty)
    }

    @Test func anExcludeSaysItBlocksRatherThanOpens() throws {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
              "components": [{"url": "/old/*", "exclude": true}, {"/": "/shop/*"}]}]}}
            """#
        let finding = try #require(Self.findings(json).first)
        #expect(finding.message.contains("matches every URL"))
        #expect(finding.why.contains("keeps every URL"))
        #expect(!finding.why.contains("/account/delete"))
        #expect(finding.hint == #"Rename "url" to "/"."#)
    }

    @Test func aMisspeltQueryKeyWidensOnlyTheQuery() throws {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
              "components": [{"/": "/a/*", "query": {"id": "1"}}]}]}}
            """#
        let finding = try #require(Self.findings(json).first)
        #expect(finding.message.contains("matches any query"))
    }

    @Test func unknownKeySuggestsThePatternKey() throws {
        let json =
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"path": "/a"}]}]}}"#
        let finding = try #require(
            Catalogue.check(DecodedFile(bytes: Array(json.utf8))).first { $0.id == "unknown-key" })
        #expect(finding.message.contains(#"did you mean "/"?"#))
        #expect(!finding.hint.contains("Remove it"))
    }

    @Test func appIDSuggestions() {
        let listed = ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.news"]
        #expect(AppIDSuggestion.nearest(to: "com.acme.shop", among: listed) == "9JA89QQLNQ.com.acme.shop")
        #expect(AppIDSuggestion.nearest(to: "9JA89QQLN0.com.acme.shop", among: listed) == "9JA89QQLNQ.com.acme.shop")
        #expect(AppIDSuggestion.nearest(to: "9JA89QQLNQ.com.acme.shpo", among: listed) == "9JA89QQLNQ.com.acme.shop")
        #expect(AppIDSuggestion.nearest(to: "9JA89QQLNQ.com.other.app", among: listed) == nil)
        #expect(AppIDSuggestion.nearest(to: "9JA89QQLNQ.com.acme.shop", among: listed) == nil)
    }
}
