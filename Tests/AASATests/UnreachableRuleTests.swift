import AASA
import Foundation
import TestSupport
import Testing

@Suite struct UnreachableRuleTests {
    static func findings(_ json: String) -> [Finding] {
        var sink = FindingSink(limit: .max)
        UnreachableRule.run(DecodedFile(bytes: Array(json.utf8)), into: &sink)
        return sink.findings
    }

    /// Which earlier rule the check names for each dead rule, on a file mixing every way one rule meets another:
    /// folded and exact prefixes, substitution variables (same source, other case sensitivity, unknown ones), a
    /// catch-all behind a query dictionary, `percentEncoded`, fragments, a broken rule. The pairs are those the
    /// pairwise scan gave before the earlier rules were indexed.
    @Test func namesTheFirstEarlierRuleThatCoversEachDeadRule() {
        let rules = [
            #"{"/": "/Shop/*", "caseSensitive": false}"#, #"{"/": "/SHOP/sale"}"#, #"{"/": "/$(lang)/a/*"}"#,
            #"{"/": "/$(lang)/a/*", "exclude": true}"#, #"{"/": "/$(lang)/b"}"#,
            #"{"/": "/x/*", "percentEncoded": false}"#, #"{"/": "/x/y"}"#, #"{"/": "*", "?": {"q": "1"}}"#,
            #"{"/": "/z"}"#, #"{"/": "/shop/*/x"}"#, #"{"/": "/$(LANG)/a/*", "caseSensitive": false}"#,
            #"{"/": "/$(lang)/a/*", "caseSensitive": false}"#, #"{"/": "*"}"#, #"{"/": "/anything"}"#,
            #"{"/": "/$(lang)/b"}"#, #"{"/": "/$(nope)/c"}"#, #"{"/": "/$(nope)/c"}"#, #"{"/": 12}"#,
            ##"{"/": "/q/*", "#": "top"}"##, ##"{"/": "/q/r", "#": "top"}"##, #"{"/": "/q/r"}"#,
        ]
        let other = [#"{"/": "/a*"}"#, #"{"/": "/ab*"}"#, #"{"/": "/A*", "caseSensitive": false}"#, #"{"/": "/aB"}"#]
        // Rules sharing a prefix, told apart by how they end.
        let ends = [
            #"{"/": "/b/*kz"}"#, #"{"/": "/*k"}"#, #"{"/": "/b/*k"}"#, #"{"/": "/b/*kz"}"#, #"{"/": "/b/?K"}"#,
            #"{"/": "/*K", "caseSensitive": false}"#, #"{"/": "/c/xk"}"#, #"{"/": "/C/XK", "caseSensitive": false}"#,
            #"{"/": "/d/?z"}"#, #"{"/": "/d/yz"}"#, #"{"/": "/*Kz", "caseSensitive": false}"#, #"{"/": "/e/KZ"}"#,
            #"{"/": "/e/*[0-9]z"}"#,
        ]
        let json = """
            {"applinks": {"substitutionVariables": {"lang": ["en", "de"]}, "details": [\
            {"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\(rules.joined(separator: ", "))]}, \
            {"appIDs": ["9JA89QQLNQ.com.acme.other"], "components": [\(other.joined(separator: ", "))]}, \
            {"appIDs": ["9JA89QQLNQ.com.acme.third"], "components": [\(ends.joined(separator: ", "))]}]}}
            """
        let pairs = Self.findings(json).map { finding in
            let words = finding.message.split(separator: " ")
            return "\(finding.location.pointer ?? "?") by \(words[words.firstIndex(of: "rule")! + 1])"
        }
        #expect(
            pairs == [
                "/applinks/details/0/components/1 by 0", "/applinks/details/0/components/3 by 2",
                "/applinks/details/0/components/9 by 0", "/applinks/details/0/components/13 by 12",
                "/applinks/details/0/components/14 by 4", "/applinks/details/0/components/18 by 12",
                "/applinks/details/0/components/19 by 12", "/applinks/details/0/components/20 by 12",
                "/applinks/details/1/components/1 by 0", "/applinks/details/1/components/3 by 0",
                "/applinks/details/2/components/2 by 1", "/applinks/details/2/components/3 by 0",
                "/applinks/details/2/components/6 by 1", "/applinks/details/2/components/7 by 5",
                "/applinks/details/2/components/9 by 8", "/applinks/details/2/components/11 by 10",
            ])
        #expect(Self.findings(json).filter { $0.severity == .error }.count == 1)
    }

    /// `n` rules with distinct literal prefixes, every fifth with substitution variables, and a dead copy of each
    /// seventh at the end (29 in 200).
    static func file(_ count: Int) -> String {
        var rules: [String] = []
        for i in 0..<count {
            switch i % 5 {
            case 0: rules.append(#"{"/": "/$(lang)/c\#(i)/*"}"#)
            case 1: rules.append(#"{"/": "/p\#(i)/*", "?": {"id": "?*"}}"#)
            case 2: rules.append(#"{"/": "/s\#(i)/*", "exclude": true}"#)
            case 3: rules.append(#"{"/": "/D\#(i)/*", "caseSensitive": false}"#)
            default: rules.append(##"{"/": "/x\##(i)/*/y", "#": "?*"}"##)
            }
        }
        rules += stride(from: 0, to: count, by: 7).map { rules[$0] }
        return """
            {"applinks": {"substitutionVariables": {"lang": ["en", "de"]}, "details": [\
            {"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\(rules.joined(separator: ", "))]}]}}
            """
    }

    @Test func findsTheDeadCopies() {
        #expect(Self.findings(Self.file(200)).count == 29)
    }

    /// `n` rules sharing the prefix `/` and told apart only by how they end, then the first tenth again.
    static func sharedPrefixFile(_ count: Int) -> String {
        var rules = (0..<count).map { #"{"/": "/*k\#($0)"}"# }
        rules += rules.prefix(count / 10)
        return #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": ["#
            + rules.joined(separator: ", ") + "]}]}}"
    }

    @Test func findsTheDeadCopiesAmongRulesSharingAPrefix() {
        #expect(Self.findings(Self.sharedPrefixFile(200)).count == 20)
    }

    /// Rules sharing their start and end (`/*x1y*k`, `/*x2y*k`, …) all meet each other; past the comparison budget
    /// the check stops with one info finding naming the first rule it did not check, instead of running on.
    @Test func rulesPastTheComparisonBudgetAreNamedNotChecked() throws {
        let components = (0..<60).map { #"{"/": "/*x\#($0)y*k"}"# }.joined(separator: ", ")
        let file = DecodedFile(
            bytes: Array(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\#(components)]}]}}"#
                    .utf8))
        var unbounded = FindingSink(limit: .max)
        UnreachableRule.run(file, into: &unbounded)
        #expect(unbounded.findings.isEmpty, "none of these rules covers another")
        var sink = FindingSink(limit: .max)
        UnreachableRule.run(file, into: &sink, budget: 500)
        let finding = try #require(sink.findings.first)
        #expect(sink.findings.count == 1 && finding.severity == .info)
        let last = try #require(finding.location.pointer?.split(separator: "/").last)
        let rule = try #require(Int(last))
        #expect(rule > 1 && rule < 60)
        #expect(finding.message.hasPrefix("Rules from rule \(rule) on were not checked"), "\(finding.message)")
        #expect(finding.message.contains("more than 500 comparisons"))
    }

    /// 2,000 rules sharing a prefix took 5.8 s (release) when each met every earlier one.
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func timeIsLinearInRulesSharingAPrefix() {
        let small = DecodedFile(bytes: Array(Self.sharedPrefixFile(2_000).utf8))
        let large = DecodedFile(bytes: Array(Self.sharedPrefixFile(8_000).utf8))
        var sink = FindingSink()
        let t1 = Timing.bestOfThree { UnreachableRule.run(small, into: &sink) }
        let t4 = Timing.bestOfThree { UnreachableRule.run(large, into: &sink) }
        #expect(t4 < t1 * 8 + 0.05, "\(t1) s for n rules, \(t4) s for 4n")
    }

    /// Each rule was compared with every earlier one: 0.25 s on 8,600 rules, 145 s on 100,000.
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func timeIsLinearInTheRules() {
        let small = DecodedFile(bytes: Array(Self.file(5_000).utf8))
        let large = DecodedFile(bytes: Array(Self.file(20_000).utf8))
        var sink = FindingSink()
        let t1 = Timing.bestOfThree { UnreachableRule.run(small, into: &sink) }
        let t4 = Timing.bestOfThree { UnreachableRule.run(large, into: &sink) }
        #expect(t4 < t1 * 8 + 0.05, "\(t1) s for n rules, \(t4) s for 4n")
    }
}
