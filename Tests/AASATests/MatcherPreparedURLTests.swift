import Foundation
import Testing

@testable import AASA

/// A prepared URL keeps its views (as written and percent-decoded) and query items in one buffer, and the anchor
/// index keeps its hit lists in open-addressed tables: both must give the verdicts of the plain rule-by-rule walk.
@Suite struct MatcherPreparedURLTests {
    /// Rules comparing decoded text and rules comparing the text as written, in one entry, so URLs with escapes
    /// carry both views.
    static let mixed = file(
        components: ##"""
            [{"/": "/a/b", "?": {"x": "1&2", "y": "=v"}, "#": "f g", "percentEncoded": false},
             {"/": "/r%20s/*", "?": {"k": "%41"}},
             {"/": "/caf%C3%A9", "?": "p=%2F"},
             {"/": "/last/*", "?": {"k200": "z"}},
             {"/": "/dec/*", "?": {"a&b": "c=d"}, "percentEncoded": false}]
            """##)

    static let manyItems = (0..<200).map { "k\($0)=v" }.joined(separator: "&")

    static let vectors: [(String, MatchResult)] = [
        ("https://e.com/a%2Fb?x=1%262&y=%3Dv#f%20g", .match),
        // Decoding makes `//`, which normalisation folds; empty items are skipped.
        ("https://e.com/a%2F%2Fb/?&&x=1%262&&y=%3Dv&#f%20g", .match),
        // A literal `&` separates items: x is "1".
        ("https://e.com/a/b?x=1&2&y=%3Dv#f%20g", .noMatch),
        // Only the first `=` separates a name from its value.
        ("https://e.com/a/b?x=1%262&y==v#f%20g", .match),
        ("https://e.com/a/b?x=1%262&y=%3Dv#f", .noMatch),
        ("https://e.com/r%20s/x?k=%41", .match),
        ("https://e.com/r%20s/x?k=A", .noMatch),
        ("https://e.com/r s/x?k=%41", .noMatch),
        ("https://e.com/caf%C3%A9?p=%2F", .match),
        ("https://e.com/café?p=%2F", .noMatch),
        ("https://e.com/caf%C3%A9?p=/", .noMatch),
        ("https://e.com/last/?\(manyItems)&k200=z", .match),
        ("https://e.com/last/?\(manyItems)&e=%41&k200=z", .match),
        ("https://e.com/last/?\(manyItems)&k200=y", .noMatch),
        ("https://e.com/last/?\(manyItems)&k200=z&k200=y", .noMatch),
        ("https://e.com/dec/?a%26b=c%3Dd", .match),
        ("https://e.com/dec/?a&b=c%3Dd", .noMatch),
        ("https://e.com/dec/?" + String(repeating: "&", count: 10_000) + "a%26b=c%3Dd&", .match),
        ("/dec/x?a%26b=c%3dd", .match),
    ]

    @Test func viewsAndItemsGiveSwcdsVerdicts() throws {
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(Self.mixed.utf8)).document))
        #expect(matcher.compiled.needsDecoded)
        for (url, expected) in Self.vectors {
            let prepared = try #require(matcher.prepare(url))
            let verdict = matcher.verdict(for: app, url: prepared)
            #expect(verdict.result == expected, "\(url)")
            let walk = matcher.explain(url, appID: app)
            let decided = walk.last.flatMap { $0.outcome.hasPrefix("matched") ? $0.rule : nil }
            #expect(verdict.rule == decided, "\(url)")
        }
    }

    /// With no rule comparing decoded text, no decoded view is built and escapes are compared as written.
    @Test func withoutDecodingRulesEscapesStayAsWritten() throws {
        let json = file(components: #"[{"/": "/x%41/*", "?": {"q": "%2F"}}]"#)
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
        #expect(!matcher.compiled.needsDecoded)
        #expect(matcher.verdicts(for: "https://e.com/x%41/1?q=%2F").verdicts[0].result == .match)
        #expect(matcher.verdicts(for: "https://e.com/xA/1?q=%2F").verdicts[0].result == .noMatch)
        #expect(matcher.verdicts(for: "https://e.com/x%41/1?q=/").verdicts[0].result == .noMatch)
    }

    /// Thousands of rules in one entry: big tables, anchors of several lengths, folded and decoded groups, rules
    /// without an anchor, and a rule listed under an anchor that a later one shares.
    @Test func anIndexOfThousandsOfRulesDecidesLikeTheWalk() throws {
        var rules: [String] = []
        for i in 0..<3_000 {
            switch i % 4 {
            case 0: rules.append(#"{"/": "/p\#(i)/*"}"#)
            case 1: rules.append(#"{"/": "/Q\#(i)/*", "caseSensitive": false, "exclude": true}"#)
            case 2: rules.append(#"{"/": "/d\#(i)/é/*", "percentEncoded": false}"#)
            default: rules.append(i % 40 == 3 ? #"{"/": "*/t\#(i)"}"# : ##"{"/": "/x\##(i)/*", "#": "f"}"##)
            }
        }
        rules.append(#"{"/": "/p4/x", "exclude": true}"#)
        rules.append(#"{"/": "/p4/*"}"#)
        let json = file(components: "[" + rules.joined(separator: ", ") + "]")
        let matcher = Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
        let compiled = matcher.compiled
        var decisions = 0
        for i in stride(from: 0, to: 3_004, by: 11) {
            for url in [
                "https://e.com/p\(i)/x", "https://e.com/q\(i)/x", "https://e.com/d\(i)/%C3%A9/1",
                "https://e.com/a/t\(i)",
                "https://e.com/p\(i)", "https://e.com/p\(i)0/x", "https://e.com/x\(i)/y#f",
                // Rules from the index and rules without an anchor both match: the earlier decides.
                "https://e.com/p\(i)/t2963", "https://e.com/x\(i)/t3#f",
            ] {
                let prepared = try #require(matcher.prepare(url))
                let walk = compiled[CompiledRules.Slot(position: 0)].rules.first {
                    Matcher.evaluate(compiled.rules[$0], prepared) == nil
                }
                let decision = matcher.decide(app, prepared)
                #expect(decision.rule == walk, "\(url)")
                if walk != nil { decisions += 1 }
            }
        }
        #expect(decisions > 250, "the URLs must reach many rules, not only misses")
    }
}
