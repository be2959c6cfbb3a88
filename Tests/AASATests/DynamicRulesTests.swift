import AASA
import Testing

/// Android 15's dynamic rules as the reference device applies them, and what each verifier does with a bad file.
struct DynamicRulesTests {
    static func rules(_ components: String) -> DynamicRules {
        let extensions: RelationExtensions = RelationExtensions(
            stringLiteral:
                #"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "#
                + components + "}}")
        return extensions.rules
    }

    /// The example of Android's "Configure dynamic rules" page.
    static let documented = rules(
        ##"[{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"}, {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]"##
    )

    @Test(
        arguments: [
            ("/products/1", nil, nil, true, 2), ("/shoes", "in_app=true", nil, true, 3), ("/shoes", nil, nil, false, 4),
            ("/x", "lang=en&dl=abc", nil, true, 0), ("/x", nil, "app", true, 1),
            ("/shoes", "in_app=false", nil, false, 4),
        ] as [(String, String?, String?, Bool, Int)])
    func theFirstMatchingRuleDecides(path: String, query: String?, fragment: String?, opens: Bool, rule: Int) throws {
        let decision = try #require(Self.documented.decide(path: path, query: query, fragment: fragment))
        #expect(decision.opens == opens)
        #expect(decision.rule?.pointer.hasSuffix("/\(rule)") == true)
    }

    @Test func noMatchExcludesAndAStarDoesNotBacktrack() throws {
        let rules = Self.rules(#"[{"/": "*bar"}]"#)
        #expect(try #require(rules.decide(path: "abar", query: nil, fragment: nil)).opens)
        let decision = try #require(rules.decide(path: "abcbar", query: nil, fragment: nil))
        #expect(!decision.opens && decision.rule == nil)
    }

    @Test func aMalformedFieldMakesGoogleDiscardEveryRule() {
        let rules = Self.rules(#"[{"/": "/a"}, {"/": ""}]"#)
        #expect(rules.googleDiscards && !rules.aospFailsHost)
        #expect(rules.rules.isEmpty)
        #expect(rules.decide(path: "/b", query: nil, fragment: nil) == nil)
    }

    @Test func aRuleThatIsNoObjectFailsTheHostOnAOSP() {
        let rules = Self.rules(#"[{"/": "/a"}, "/b"]"#)
        #expect(rules.googleDiscards && rules.aospFailsHost)
        #expect(
            rules.diagnostics.map(\.pointer) == [
                "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/1"
            ])
    }

    @Test func aLookAlikeKeyLeavesACatchAllAndWhatFollowsIsUnreachable() {
        let rules = Self.rules(#"[{"paths": ["/a/*"]}, {"/": "/b"}]"#)
        #expect(rules.diagnostics.map(\.kind) == [.unknownKey, .unreachable])
        #expect(rules.rules.first?.isCatchAll == true)
    }

    @Test func queryEntriesMatchAnyParameter() throws {
        let rules = Self.rules(#"[{"?": {"dl": "?*", "in_app": "true"}}]"#)
        #expect(try #require(rules.decide(path: "/", query: "in_app=true&x=1&dl=a", fragment: nil)).opens)
        #expect(!(try #require(rules.decide(path: "/", query: "in_app=true&dl=", fragment: nil)).opens))
        #expect(!(try #require(rules.decide(path: "/", query: "dl=a", fragment: nil)).opens))
    }

    /// Per case, what Google Play services (Android's documentation) and AOSP's StatementService parser
    /// (`StatementParser.kt` over `JsonParser.java` and org.json) do.
    @Test(
        arguments: [
            (#"[{"/": 5}]"#, DynamicRuleDiagnostic.Effect.discardsAll, DynamicRuleDiagnostic.Effect.failsHost),
            (#"[{"/": null}]"#, .discardsAll, .failsHost),
            (#"[{"/": ["/a"]}]"#, .discardsAll, .ignored),
            (#"[{"/": ""}]"#, .discardsAll, .refusesExpression),
            (##"[{"#": true}]"##, .discardsAll, .ignored),
            (#"[{"?": "dl=1"}]"#, .discardsAll, .ignored),
            (#"[{"?": {"dl": 1}}]"#, .discardsAll, .failsHost),
            (#"[{"?": {}}]"#, .discardsAll, .none),
            (#"[{"/": "/a", "exclude": "true"}]"#, .discardsAll, .ignored),
            (#"[{"/": "/a", "exclude": 1}]"#, .discardsAll, .failsHost),
            (#"[{"/": "/a", "comments": ["x"]}]"#, .discardsAll, .ignored),
            (#"[true]"#, .discardsAll, .failsHost),
            (#"["/a"]"#, .discardsAll, .failsHost),
            (#"[]"#, .discardsAll, .none),
            (#"{"/": "/a"}"#, .discardsAll, .ignored),
            (#"[{"/": "/a", "paths": ["/b"]}]"#, .ignored, .ignored),
            (#"[{"/": "/a", "path": 1}]"#, .ignored, .failsHost),
        ] as [(String, DynamicRuleDiagnostic.Effect, DynamicRuleDiagnostic.Effect)])
    func eachVerifiersReadingIsReported(
        components: String, google: DynamicRuleDiagnostic.Effect, aosp: DynamicRuleDiagnostic.Effect
    ) throws {
        let diagnostic = try #require(Self.rules(components).diagnostics.first)
        #expect(diagnostic.google == google)
        #expect(diagnostic.aosp == aosp)
    }

    @Test func aRelationExtensionThatIsNoObjectIsReported() {
        let rules = RelationExtensions(stringLiteral: #"{"delegate_permission/common.handle_all_urls": []}"#).rules
        #expect(rules.diagnostics.map(\.kind) == [.malformed])
        #expect(rules.diagnostics.first?.aosp == .ignored)
    }
}
