import AASA
import Foundation
import Testing

let app = "9JA89QQLNQ.com.acme.shop"

/// A file with one details entry for `app` holding `components` (JSON text), plus optional applinks extras.
func file(components: String, extra: String = "", entryExtra: String = "") -> String {
    #"{"applinks": {\#(extra) "details": [{"appIDs": ["\#(app)"], \#(entryExtra) "components": \#(components)}]}}"#
}

func result(_ json: String, _ url: String, appID: String = app) -> MatchResult {
    let decoded = DecodedFile(bytes: Array(json.utf8))
    guard let document = decoded.document else {
        Issue.record("fixture is not a valid AASA document: \(decoded.syntaxError?.message ?? "?")")
        return .noMatch
    }
    return Matcher(document).verdicts(for: url, appIDs: [appID]).verdicts[0].result
}

/// One matching vector: a file, a URL and the verdict swcd gives.
struct Vector: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    let url: String
    let expected: MatchResult
    var testDescription: String { name }

    init(_ name: String, _ json: String, _ url: String, _ expected: MatchResult) {
        self.name = name
        self.json = json
        self.url = url
        self.expected = expected
    }
}

let food = #""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]},"#
let supporting = file(
    components: ##"""
        [{"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"}, {"/": "/help/website/*", "exclude": true},
         {"/": "/help/*", "?": {"articleNumber": "????"}}]
        """##)

/// The examples Apple documents for components, details defaults and substitution variables, with swcd's verdicts.
let appleVectors: [Vector] = [
    Vector(
        "components doc: path and query", file(components: ##"[{"/": "abc", "?": "def", "#": "*"}]"##),
        "https://www.example.com/abc?def", .match),
    Vector(
        "components doc: query missing", file(components: ##"[{"/": "abc", "?": "def", "#": "*"}]"##),
        "https://www.example.com/abc", .noMatch),
    Vector(
        "components doc: path missing", file(components: ##"[{"/": "abc", "?": "def", "#": "*"}]"##),
        "https://www.example.com?def", .noMatch),
    Vector(
        "details doc: caseSensitive false in details defaults",
        file(
            components: ##"[{"/": "/buy/*", "#": "my_great_product_123"}]"##,
            entryExtra: #""defaults": {"caseSensitive": false},"#),
        "https://www.example.com/BUY/1#MY_GREAT_PRODUCT_123", .match),
    Vector(
        "query doc: productID", file(components: #"[{"?": {"productID": "12345"}}]"#),
        "https://www.example.com/x?productID=12345", .match),
    Vector("supporting domains: buy", supporting, "https://example.com/buy/42", .match),
    Vector(
        "supporting domains: fragment exclude", supporting, "https://example.com/buy/42#no_universal_links", .exclude),
    Vector("supporting domains: help/website excluded", supporting, "https://example.com/help/website/x", .exclude),
    Vector("supporting domains: article number", supporting, "https://example.com/help/x?articleNumber=1234", .match),
    Vector(
        "supporting domains: article number too short", supporting, "https://example.com/help/x?articleNumber=123",
        .noMatch),
    Vector(
        "TN3155: /test/* matches /test", file(components: #"[{"/": "/test/*"}, {"/": "/path/1/*", "exclude": true}]"#),
        "https://example.com/test", .match),
    Vector(
        "TN3155: blocked /path/1", file(components: #"[{"/": "/test/*"}, {"/": "/path/1/*", "exclude": true}]"#),
        "https://example.com/path/1", .exclude),
    Vector(
        "forum 24981: NOT path",
        #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["NOT /settings/*", "NOT /activity/*", "/*"]}]}}"#,
        "https://example.com/settings/x", .exclude),
    Vector(
        "forum 24981: catch-all",
        #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["NOT /settings/*", "NOT /activity/*", "/*"]}]}}"#,
        "https://example.com/bridger", .match),
    Vector(
        "substitution doc example", file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food),
        "https://example.com/en_US/pizza/", .match),
    Vector(
        "substitution: UK is not an ISO region",
        file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food), "https://example.com/en_UK/pizza/",
        .noMatch),
    Vector(
        "substitution: unknown food", file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food),
        "https://example.com/en_US/kale/", .noMatch),
    Vector(
        "substitution: not a language", file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food),
        "https://example.com/xx_US/pizza/", .noMatch),
    Vector(
        "substitution: lower-case region form",
        file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food), "https://example.com/en_us/pizza",
        .match),
    Vector(
        "substitution: upper-case lang form", file(components: #"[{"/": "/$(lang)_$(region)/$(food)/"}]"#, extra: food),
        "https://example.com/EN_US/pizza", .match),
]

/// swcd's pattern semantics (path normalisation, `*`, `?`, `?*`, case, percent-encoding, query items, variables),
/// pinned by what swcutil was observed to do, and our own edge cases.
let semanticsVectors: [Vector] = [
    Vector("* crosses slashes", file(components: #"[{"/": "/a/*"}]"#), "https://e.com/a/b/c", .match),
    Vector(
        "? is exactly one character", file(components: #"[{"/": "/item/????"}]"#), "https://e.com/item/1234", .match),
    Vector("? is not zero characters", file(components: #"[{"/": "/item/????"}]"#), "https://e.com/item/123", .noMatch),
    Vector("? is one code point", file(components: #"[{"/": "/caf?"}]"#), "https://e.com/café", .match),
    Vector("?* is one or more", file(components: #"[{"/": "/a/?*"}]"#), "https://e.com/a/x", .match),
    Vector("?* is not zero", file(components: #"[{"/": "/a/?*"}]"#), "https://e.com/a/", .noMatch),
    Vector("leading slash optional", file(components: #"[{"/": "abc"}]"#), "https://e.com/abc", .match),
    Vector(
        "trailing slash insignificant (pattern)", file(components: #"[{"/": "/buy/"}]"#), "https://e.com/buy", .match),
    Vector("trailing slash insignificant (URL)", file(components: #"[{"/": "/buy"}]"#), "https://e.com/buy/", .match),
    Vector("/buy/* matches /buy", file(components: #"[{"/": "/buy/*"}]"#), "https://e.com/buy", .match),
    Vector("/a/*/c does not match /a/c", file(components: #"[{"/": "/a/*/c"}]"#), "https://e.com/a/c", .noMatch),
    Vector("/a/*/c matches /a/b/c", file(components: #"[{"/": "/a/*/c"}]"#), "https://e.com/a/b/c", .match),
    Vector("*abc matches /xabc", file(components: #"[{"/": "*abc"}]"#), "https://e.com/xabc", .match),
    Vector("/ matches the empty path", file(components: #"[{"/": "/"}]"#), "https://e.com", .match),
    Vector("/ does not match /a", file(components: #"[{"/": "/"}]"#), "https://e.com/a", .noMatch),
    Vector("double slashes collapse", file(components: #"[{"/": "/a//b"}]"#), "https://e.com//a/b", .match),
    Vector("case-sensitive by default", file(components: #"[{"/": "/Buy"}]"#), "https://e.com/buy", .noMatch),
    Vector(
        "caseSensitive false", file(components: #"[{"/": "/Buy", "caseSensitive": false}]"#), "https://e.com/bUY",
        .match),
    Vector(
        "caseSensitive false folds non-ASCII",
        file(components: #"[{"/": "/CAFÉ", "caseSensitive": false, "percentEncoded": false}]"#),
        "https://e.com/caf%C3%A9", .match),
    Vector(
        "a non-boolean caseSensitive counts as false", file(components: #"[{"/": "/Buy", "caseSensitive": "no"}]"#),
        "https://e.com/buy", .match),
    Vector("raw text: space vs %20", file(components: #"[{"/": "/a b"}]"#), "https://e.com/a%20b", .noMatch),
    Vector(
        "raw text: escapes compare exactly", file(components: #"[{"/": "/caf%C3%A9"}]"#), "https://e.com/caf%c3%a9",
        .noMatch),
    Vector(
        "raw text: same escapes match", file(components: #"[{"/": "/caf%C3%A9"}]"#), "https://e.com/caf%C3%A9", .match),
    Vector(
        "percentEncoded false decodes", file(components: #"[{"/": "/café", "percentEncoded": false}]"#),
        "https://e.com/caf%C3%A9", .match),
    Vector(
        "percentEncoded false decodes %2F", file(components: #"[{"/": "/a/b", "percentEncoded": false}]"#),
        "https://e.com/a%2Fb", .match),
    Vector("empty pattern matches absent fragment", file(components: ##"[{"#": ""}]"##), "https://e.com/x", .match),
    Vector("empty pattern rejects a fragment", file(components: ##"[{"#": ""}]"##), "https://e.com/x#y", .noMatch),
    Vector("?* needs a fragment", file(components: ##"[{"#": "?*"}]"##), "https://e.com/x", .noMatch),
    Vector("whole query is one string", file(components: #"[{"?": "a=1"}]"#), "https://e.com/x?a=1&b=2", .noMatch),
    Vector("whole query exact", file(components: #"[{"?": "a=1"}]"#), "https://e.com/x?a=1", .match),
    Vector("absent query is empty", file(components: #"[{"?": ""}]"#), "https://e.com/x", .match),
    Vector("query item absent matches *", file(components: #"[{"?": {"q": "*"}}]"#), "https://e.com/x", .match),
    Vector("query item absent fails ?*", file(components: #"[{"?": {"q": "?*"}}]"#), "https://e.com/x", .noMatch),
    Vector(
        "query item absent matches empty", file(components: #"[{"?": {"q": ""}}]"#), "https://e.com/x?other=1", .match),
    Vector(
        "extra query items allowed", file(components: #"[{"?": {"id": "1"}}]"#), "https://e.com/x?utm=a&id=1", .match),
    Vector(
        "every repeat must match", file(components: #"[{"?": {"id": "1"}}]"#), "https://e.com/x?id=1&id=2", .noMatch),
    Vector("item without = is empty", file(components: #"[{"?": {"flag": ""}}]"#), "https://e.com/x?flag", .match),
    Vector(
        "non-string value discards the dictionary", file(components: #"[{"/": "/p", "?": {"id": 5}}]"#),
        "https://e.com/p?anything=else", .match),
    Vector(
        "query names are case-sensitive", file(components: #"[{"?": {"id": "?*"}, "caseSensitive": false}]"#),
        "https://e.com/x?ID=1", .noMatch),
    Vector(
        "query values fold with caseSensitive false",
        file(components: #"[{"?": {"id": "ab"}, "caseSensitive": false}]"#), "https://e.com/x?id=AB", .match),
    Vector(
        "query decoded with percentEncoded false", file(components: #"[{"?": {"q": "a b"}, "percentEncoded": false}]"#),
        "https://e.com/x?q=a%20b", .match),
    Vector("$(digit) is one digit", file(components: #"[{"/": "/p/$(digit)$(digit)"}]"#), "https://e.com/p/42", .match),
    Vector(
        "$(digit) rejects a letter", file(components: #"[{"/": "/p/$(digit)$(digit)"}]"#), "https://e.com/p/4a",
        .noMatch),
    Vector("$(xdigit)", file(components: #"[{"/": "/c/$(xdigit)$(xdigit)"}]"#), "https://e.com/c/aF", .match),
    Vector("$(upper) rejects lower case", file(components: #"[{"/": "/$(upper)"}]"#), "https://e.com/a", .noMatch),
    Vector("$(alnum)", file(components: #"[{"/": "/$(alnum)$(alnum)"}]"#), "https://e.com/a1", .match),
    Vector("$(alpha) rejects a digit", file(components: #"[{"/": "/$(alpha)"}]"#), "https://e.com/1", .noMatch),
    Vector(
        "unknown variable never matches", file(components: #"[{"/": "/$(nope)/*"}]"#), "https://e.com/x/y", .noMatch),
    Vector(
        "unterminated variable never matches", file(components: #"[{"/": "/$(food/*"}]"#, extra: food),
        "https://e.com/pizza/y", .noMatch),
    Vector(
        "custom variable shadows built-in",
        file(components: #"[{"/": "/$(lang)"}]"#, extra: #""substitutionVariables": {"lang": ["klingon"]},"#),
        "https://e.com/en", .noMatch),
    Vector(
        "custom variable shadows built-in (match)",
        file(components: #"[{"/": "/$(lang)"}]"#, extra: #""substitutionVariables": {"lang": ["klingon"]},"#),
        "https://e.com/klingon", .match),
    Vector(
        "a string variable is a one-item list",
        file(components: #"[{"/": "/$(v)"}]"#, extra: #""substitutionVariables": {"v": "one"},"#), "https://e.com/one",
        .match),
    Vector(
        "variable values may use wildcards",
        file(components: #"[{"/": "/$(v)/x"}]"#, extra: #""substitutionVariables": {"v": ["a*"]},"#),
        "https://e.com/abc/x", .match),
    Vector(
        "variable values fold with caseSensitive false",
        file(components: #"[{"/": "/$(food)", "caseSensitive": false}]"#, extra: food), "https://e.com/PIZZA", .match),
    Vector(
        "variable values are case-sensitive by default", file(components: #"[{"/": "/$(food)"}]"#, extra: food),
        "https://e.com/PIZZA", .noMatch),
    Vector(
        "values containing $( are ignored",
        file(components: #"[{"/": "/$(v)"}]"#, extra: #""substitutionVariables": {"v": ["$(lang)"]},"#),
        "https://e.com/en", .noMatch),
    Vector(
        "variable then star backtracks", file(components: #"[{"/": "/$(food)*/end"}]"#, extra: food),
        "https://e.com/pizzapizza/x/end", .match),
    Vector(
        "domain defaults apply",
        file(components: #"[{"/": "/Buy"}]"#, extra: #""defaults": {"caseSensitive": false},"#), "https://e.com/buy",
        .match),
    Vector(
        "component overrides defaults",
        file(components: #"[{"/": "/Buy", "caseSensitive": true}]"#, extra: #""defaults": {"caseSensitive": false},"#),
        "https://e.com/buy", .noMatch),
    Vector(
        "defaults may carry pattern keys", file(components: #"[{"/": "/a"}]"#, extra: ##""defaults": {"#": "x"},"##),
        "https://e.com/a", .noMatch),
    Vector(
        "defaults may carry exclude",
        file(components: #"[{"/": "/a"}]"#, entryExtra: #""defaults": {"exclude": true},"#), "https://e.com/a", .exclude
    ),
    Vector(
        "first match wins", file(components: #"[{"/": "/a/*"}, {"/": "/a/b", "exclude": true}]"#), "https://e.com/a/b",
        .match),
    Vector("missing / means *", file(components: ##"[{"#": "top"}]"##), "https://e.com/any/path#top", .match),
    Vector("empty component matches anything", file(components: "[{}]"), "https://e.com/any?q=1#f", .match),
    Vector("not an http URL", file(components: "[{}]"), "mailto:a@e.com", .noMatch),
    Vector("http URLs are universal links too", file(components: "[{}]"), "http://e.com/x", .match),
    Vector(
        "NOT is detected case-insensitively",
        #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["not /x", "*"]}]}}"#, "https://e.com/x", .exclude),
    Vector(
        "NOT forces case sensitivity",
        #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "\#(app)", "paths": ["NOT /x", "*"]}]}}"#,
        "https://e.com/X", .match),
    Vector(
        "paths ignore the query", #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["/p"]}]}}"#,
        "https://e.com/p?x=1#y", .match),
    Vector(
        "components win over paths",
        #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/c"}], "paths": ["/p"]}]}}"#,
        "https://e.com/p", .noMatch),
    Vector(
        "appIDs wins over appID", #"{"applinks": {"details": [{"appIDs": [], "appID": "\#(app)", "paths": ["*"]}]}}"#,
        "https://e.com/p", .noMatch),
    Vector(
        "appID alone", #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["*"]}]}}"#, "https://e.com/p", .match),
    Vector(
        "first entry listing the app wins",
        #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["/a"]}, {"appID": "\#(app)", "paths": ["*"]}]}}"#,
        "https://e.com/b", .noMatch),
    Vector(
        "legacy dictionary details", #"{"applinks": {"details": {"\#(app)": {"paths": ["/a/*"]}}}}"#,
        "https://e.com/a/1", .match),
    Vector(
        "app not listed", #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.other", "paths": ["*"]}]}}"#,
        "https://e.com/a", .noMatch),
    Vector("broken pattern type never matches", file(components: #"[{"/": 5}]"#), "https://e.com/5", .noMatch),
    Vector(
        "userinfo and port do not disturb the path", file(components: #"[{"/": "/a"}]"#), "https://u:p@e.com:8443/a",
        .match),
    Vector("relative path input", file(components: #"[{"/": "/a"}]"#), "/a", .match),
    Vector(
        "star-heavy pattern stays linear", file(components: #"[{"/": "*a*a*a*a*a*a*a*a*b"}]"#),
        "https://e.com/" + String(repeating: "a", count: 2000), .noMatch),
    Vector(
        "star-heavy pattern with variable gives up",
        file(
            components: #"[{"/": "*$(v)*$(v)*$(v)*$(v)*b"}]"#, extra: #""substitutionVariables": {"v": ["a", "aa"]},"#),
        "https://e.com/" + String(repeating: "a", count: 300), .noMatch),
]

@Suite struct MatcherTests {
    @Test(arguments: appleVectors) func appleDocumentedExamples(_ v: Vector) {
        #expect(result(v.json, v.url) == v.expected)
    }

    @Test(arguments: semanticsVectors) func swcdSemantics(_ v: Vector) {
        #expect(result(v.json, v.url) == v.expected)
    }

    @Test func verdictCarriesTheDecidingRuleAsWritten() throws {
        let document = try #require(DecodedFile(bytes: Array(supporting.utf8)).document)
        let verdicts = Matcher(document).verdicts(for: "https://example.com/help/website/a")
        let verdict = try #require(verdicts.verdicts.first)
        #expect(verdict.result == .exclude)
        let rule = try #require(verdict.rule)
        #expect(rule.detailsIndex == 0 && rule.ruleIndex == 2 && rule.format == .components)
        #expect(rule.pointer == "/applinks/details/0/components/2")
        #expect(rule.rule == #"{"/": "/help/website/*", "exclude": true}"#)
        #expect(rule.line == 1 && rule.column > 40)
        #expect(verdicts.opensApp == nil)
    }

    @Test func opensAppIsTheFirstMatchingAppInFileOrder() throws {
        let json = #"""
            {"applinks": {"details": [
              {"appIDs": ["9JA89QQLNQ.com.acme.beta"], "components": [{"/": "/beta/*"}]},
              {"appIDs": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.lite"], "components": [{"/": "*"}]}]}}
            """#
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
        #expect(matcher.appIDs == ["9JA89QQLNQ.com.acme.beta", "9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.lite"])
        #expect(matcher.verdicts(for: "https://e.com/beta/1").opensApp == "9JA89QQLNQ.com.acme.beta")
        let other = matcher.verdicts(for: "https://e.com/home")
        #expect(other.opensApp == "9JA89QQLNQ.com.acme.shop")
        #expect(other.verdicts.map(\.result) == [.noMatch, .match, .match])
    }

    @Test func explainListsEveryRuleTriedUpToTheDecidingOne() throws {
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(supporting.utf8)).document))
        let traces = matcher.explain("https://example.com/help/x?articleNumber=12", appID: app)
        #expect(traces.count == 4)
        #expect(traces[0].outcome == "the URL has no fragment and the rule needs #no_universal_links")
        #expect(traces[1].outcome.hasPrefix("path differs"))
        #expect(traces[3].outcome.contains("articleNumber"))
        let hit = matcher.explain("https://example.com/buy/1", appID: app)
        #expect(
            hit.map(\.outcome) == ["the URL has no fragment and the rule needs #no_universal_links", "matched"])
        let withFragment = matcher.explain("https://example.com/buy/1#top", appID: app)
        #expect(withFragment.first?.outcome == "fragment differs from no_universal_links")
    }

    /// `details` items that are not objects decide nothing but still count in the file's `details` indexes.
    static let sparseDetails = #"""
        {"applinks": {"details": [42,
          {"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}]},
          "x",
          {"appIDs": ["9JA89QQLNQ.com.acme.empty"], "components": []}]}}
        """#

    @Test func everyReportedDetailsIndexIsTheIndexInTheFilesDetailsArray() throws {
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(Self.sparseDetails.utf8)).document))
        let hit = try #require(matcher.verdicts(for: "https://e.com/shop/1", appIDs: [app]).verdicts.first)
        let rule = try #require(hit.rule)
        #expect(rule.detailsIndex == 1 && rule.ruleIndex == 0)
        #expect(rule.pointer == "/applinks/details/1/components/0")
        #expect(hit.reason == "Matched by details[1] rule 0: the link opens the app.")
        let miss = try #require(matcher.verdicts(for: "https://e.com/home", appIDs: [app]).verdicts.first)
        #expect(miss.result == .noMatch && miss.rule == nil)
        #expect(miss.reason == "No rule of details[1] matches this URL.")
        let empty = try #require(
            matcher.verdicts(for: "https://e.com/shop/1", appIDs: ["9JA89QQLNQ.com.acme.empty"]).verdicts.first)
        #expect(empty.reason == "details[3] has no rules.")
        #expect(matcher.explain("https://e.com/home", appID: app).map(\.rule.detailsIndex) == [1])
        #expect(matcher.rules(of: app).map(\.detailsIndex) == [1])
    }

    @Test func theLegacyDictionaryFormNamesTheMembersPositionEverywhere() throws {
        let json = #"""
            {"applinks": {"apps": [], "details": {"bad": 4, "9JA89QQLNQ.com.acme.shop": {"paths": ["/shop/*"]}}}}
            """#
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
        let hit = try #require(matcher.verdicts(for: "https://e.com/shop/1").verdicts.first)
        #expect(hit.rule?.detailsIndex == 1)
        #expect(hit.reason == "Matched by details[1] rule 0: the link opens the app.")
        let miss = try #require(matcher.verdicts(for: "https://e.com/home").verdicts.first)
        #expect(miss.reason == "No rule of details[1] matches this URL.")
    }

    @Test func crawlRuleHitsNameTheIndexInTheFilesDetailsArray() throws {
        let file = DecodedFile(bytes: Array(Self.sparseDetails.utf8))
        let document = try #require(file.document)
        var urls = URLTable()
        urls.judge(host: "e.com", by: Matcher(document))
        urls.append(url: "https://e.com/shop/1", foundOn: nil, httpStatus: 200, note: nil)
        let evidence = CrawlEvidence(domain: "e.com", file: file, urls: urls)
        let hits = evidence.ruleHits()
        #expect(hits.map(\.rule.detailsIndex) == [1])
        #expect(hits.map(\.hits) == [1])
    }

    @Test func verdictsEncodeWithTheReportShape() throws {
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(supporting.utf8)).document))
        let data = try JSONEncoder().encode(matcher.verdicts(for: "https://example.com/nothing"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""result":"no_match""#))
        #expect(text.contains(#""opensApp":null"#))
        #expect(text.contains(#""rule":null"#))
    }
}

/// The fast paths (literal prefixes, the anchor index for big entries, per-entry sharing) must decide exactly
/// as the plain rule-by-rule walk that `explain` performs.
@Suite struct MatcherFastPathTests {
    static func bigFile() -> String {
        var rules: [String] = []
        for i in 0..<120 {
            switch i % 6 {
            case 0: rules.append(#"{"/": "/$(lang)_$(region)/c\#(i)/*"}"#)
            case 1: rules.append(#"{"/": "/p\#(i)/*", "?": {"id": "?*"}}"#)
            case 2: rules.append(#"{"/": "/P\#(i)/*", "caseSensitive": false, "exclude": true}"#)
            case 3: rules.append(#"{"/": "/d\#(i)/caf%C3%A9/*", "percentEncoded": false}"#)
            case 4: rules.append(#"{"/": "*/t\#(i)"}"#)
            default: rules.append(##"{"/": "/x\##(i)/$(digit)*", "#": "?*"}"##)
            }
        }
        rules.append(#"{"/": "/p1/*"}"#)
        return #"""
            {"applinks": {"details": [
              {"appIDs": ["9JA89QQLNQ.a", "9JA89QQLNQ.b"], "components": [\#(rules.joined(separator: ", "))]},
              {"appIDs": ["9JA89QQLNQ.c"], "components": [{"/": "/p1/*", "exclude": true}, {"/": "*"}]}]}}
            """#
    }

    static func urls() -> [String] {
        var urls: [String] = []
        for i in 0..<120 {
            urls += [
                "https://e.com/en_US/c\(i)/x", "https://e.com/zz_US/c\(i)/x", "https://e.com/p\(i)/a?id=1",
                "https://e.com/p\(i)/a",
                "https://e.com/p\(i)/a?id=", "https://e.com/p\(i)", "https://e.com/d\(i)/café/1",
                "https://e.com/d\(i)/caf%C3%A9/1",
                "https://e.com/a/b/t\(i)", "https://e.com/x\(i)/7abc#f", "https://e.com/x\(i)/7abc",
                "https://e.com/X\(i)/7",
            ]
        }
        return urls
    }

    @Test func fastPathsDecideLikeTheRuleByRuleWalk() throws {
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(Self.bigFile().utf8)).document))
        var checked = 0
        for url in Self.urls() {
            let prepared = try #require(matcher.prepare(url))
            var viaCallback: [Matcher.Decision] = []
            matcher.forEachDecision(prepared) { _, decision in viaCallback.append(decision) }
            #expect(viaCallback == matcher.decisions(prepared))
            for (k, app) in matcher.appIDs.enumerated() {
                let walk = matcher.explain(url, appID: app)
                let decided = walk.last.flatMap { $0.outcome.hasPrefix("matched") ? $0.rule : nil }
                let verdict = matcher.verdict(for: app, url: prepared)
                #expect(verdict.rule == decided, "\(url) \(app)")
                #expect(viaCallback[k].result == verdict.result)
                if decided != nil { checked += 1 }
            }
        }
        #expect(checked > 500, "the URLs must exercise many matching rules, not only misses")
    }
}
