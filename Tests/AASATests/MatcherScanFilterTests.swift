import Foundation
import Testing

@testable import AASA

/// A short entry is scanned through a filter on the path's second byte: it must skip only rules that cannot match.
@Suite struct MatcherScanFilterTests {
    static let rules = ##"""
        [{"/": "/shop/*"}, {"/": "/Sale/*", "caseSensitive": false}, {"/": "/café/*", "percentEncoded": false},
         {"/": "/Ab/*", "percentEncoded": false}, {"/": "/x", "exclude": true}, {"/": 5}, {"/": "/$(nope)/*"},
         {"/": "*/end"}, {"/": "/?at/*"}, {"/": "/$(lang)/*"}, {"/": "/s*", "#": "f"}, {"/": "/", "exclude": true},
         {"/": "/ÉTÉ/*", "caseSensitive": false}, {"/": "/été/*"}, {"/": "/Q", "caseSensitive": false},
         {"/": "/zz/*", "?": {"k": "?"}}, {"/": "/zz/*"}, {"/": "*"}]
        """##

    static let paths = [
        "/shop/a", "/SHOP/a", "/sale/a", "/SALE/x", "/sAle/", "/café/1", "/caf%C3%A9/1", "/CAF%C3%A9/1", "/Ab/1",
        "/%41b/1", "/%61b/1", "/x", "/X", "/a/end", "/cat/1", "/hat/1", "/en/1", "/EN/1", "/s", "/sx#f", "/",
        "", "/été/1", "/ÉTÉ/1", "/Été/1", "/q", "/Q", "/zz/1?k=a", "/zz/1?k=ab", "/%2F/x", "//shop/a", "/%",
    ]

    @Test func filteredScanDecidesLikeTheWalk() throws {
        for withCatchAll in [true, false] {
            var components = Self.rules
            if !withCatchAll { components = components.replacingOccurrences(of: #", {"/": "*"}]"#, with: "]") }
            let json = file(components: components)
            let matcher = Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
            let compiled = matcher.compiled
            #expect(compiled.singleScan != nil, "a short single entry is scanned through its filter")
            var decided = Set<Int>()
            for path in Self.paths {
                let prepared = try #require(matcher.prepare("https://e.com" + path))
                let walk = compiled[CompiledRules.Slot(position: 0)].rules.first {
                    Matcher.evaluate(compiled.rules[$0], prepared) == nil
                }
                var viaCallback: Matcher.Decision?
                matcher.forEachDecision(prepared) { _, decision in viaCallback = decision }
                #expect(viaCallback?.rule == walk, "\(path)")
                #expect(matcher.decide(app, prepared).rule == walk, "\(path)")
                if let walk { decided.insert(walk) }
            }
            #expect(decided.count >= 12, "the paths must reach most rules, not only the catch-all")
        }
    }
}
