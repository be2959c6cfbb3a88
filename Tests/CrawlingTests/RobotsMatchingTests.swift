import Foundation
import TestSupport
import Testing

@testable import Crawling

/// robots.txt matching: the greedy glob and the prefix index against plain references on generated inputs, and
/// (release builds) time linear in the rules and URLs.
@Suite struct RobotsMatchingTests {

    /// RFC 9309's matching written out as a table over (pattern position, path position): `*` matches any run of
    /// bytes, a final `$` the end of the path, every other byte itself, and without `$` the pattern is a prefix.
    static func reference(_ pattern: String, _ path: String) -> Bool {
        let anchored = pattern.hasSuffix("$")
        let p = Array((anchored ? String(pattern.dropLast()) : pattern).utf8)
        let s = Array(path.utf8)
        // can[i][j]: p[i...] matches s[j...] (to its end when anchored, any prefix of it otherwise).
        var can = Array(repeating: Array(repeating: false, count: s.count + 1), count: p.count + 1)
        for j in 0...s.count { can[p.count][j] = anchored ? j == s.count : true }
        for i in stride(from: p.count - 1, through: 0, by: -1) {
            for j in stride(from: s.count, through: 0, by: -1) {
                if p[i] == UInt8(ascii: "*") {
                    can[i][j] = can[i + 1][j] || (j < s.count && can[i][j + 1])
                } else {
                    can[i][j] = j < s.count && p[i] == s[j] && can[i + 1][j + 1]
                }
            }
        }
        return can[0][0]
    }

    /// What `allows` did before the index: every rule matched, the longest wins, Allow on a tie.
    static func scanningEveryRule(_ rules: [Robots.Rule], _ path: String) -> Bool {
        var best: (length: Int, allow: Bool)?
        for rule in rules where reference(rule.pattern, path) {
            let length = rule.pattern.count
            if best == nil || length > best!.length || (length == best!.length && rule.allow) {
                best = (length, rule.allow)
            }
        }
        return best?.allow ?? true
    }

    static func string(_ length: Int, of alphabet: [String], _ generator: inout SeededGenerator) -> String {
        (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    @Test func theGreedyGlobAgreesWithTheReferenceOnGeneratedPatterns() {
        var generator = SeededGenerator(state: 15)
        var matched = 0
        for _ in 0..<40_000 {
            let pattern = Self.string(
                Int.random(in: 0...7, using: &generator), of: ["/", "a", "b", "*", "$"], &generator)
            let path = Self.string(Int.random(in: 0...9, using: &generator), of: ["/", "a", "b", "$"], &generator)
            let expected = Self.reference(pattern, path)
            if expected { matched += 1 }
            #expect(Robots.matches(pattern, path) == expected, "\(pattern) against \(path)")
        }
        // Both outcomes are well represented, so the agreement says something.
        #expect(matched > 5_000 && matched < 35_000, "\(matched)")
    }

    @Test func theIndexedVerdictsAreThoseOfMatchingEveryRule() {
        var generator = SeededGenerator(state: 9309)
        var disallowed = 0
        for _ in 0..<2_000 {
            let rules = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Robots.Rule(
                    allow: Bool.random(using: &generator),
                    pattern: Self.string(
                        Int.random(in: 0...6, using: &generator), of: ["/", "a", "b", "*", "$"], &generator))
            }
            let robots = Robots(rules: rules, crawlDelay: nil, sitemaps: [])
            for _ in 0..<20 {
                let path = Self.string(Int.random(in: 0...8, using: &generator), of: ["/", "a", "b"], &generator)
                let expected = Self.scanningEveryRule(rules, path)
                if !expected { disallowed += 1 }
                #expect(robots.allows(path) == expected, "\(rules.map(\.pattern)) \(path)")
            }
        }
        #expect(disallowed > 4_000 && disallowed < 36_000, "\(disallowed)")
    }

    @Test func rulesSharingPrefixesAndStarsAreAllFound() {
        let robots = Robots(
            parsing: Array(
                """
                User-agent: *
                Disallow: /shop
                Allow: /shop/open
                Disallow: /shop/open/*/secret
                Disallow: *.pdf$
                Allow: /*.pdf$
                Disallow: /sho
                Allow: /shop/
                """.utf8))
        #expect(!robots.allows("/shop"))
        #expect(robots.allows("/shop/x"), "Allow /shop/ is longer than Disallow /shop")
        #expect(robots.allows("/shop/open/a"))
        #expect(!robots.allows("/shop/open/a/secret"))
        #expect(robots.allows("/x.pdf"), "a tie between *.pdf$ and /*.pdf$ (6 characters each): Allow wins")
        #expect(!robots.allows("/shoe"))
        #expect(robots.allows("/"))
    }

    /// n rules against n URLs, then 4n against 4n: matching every rule against every URL would take 16 times as
    /// long; the index takes about 4 times (each URL meets the few rules under its prefix).
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func manyRulesAgainstManyURLsTakeLinearTime() {
        func seconds(_ n: Int) -> Double {
            let text = (0..<n).map { "Disallow: /section\($0)/private*.html$\nAllow: /section\($0)/open\n" }.joined()
            let robots = Robots(parsing: Array(("User-agent: *\n" + text).utf8))
            let paths = (0..<n).map { "/section\($0 * 7 % n)/private/page\($0).html" }
            return Timing.bestOfThree {
                var allowed = 0
                for _ in 0..<10 { for path in paths where robots.allows(path) { allowed += 1 } }
                #expect(allowed == 0)
            }
        }
        // Each path is tried ten times so the times reach tens of milliseconds and a busy machine's noise does not
        // decide; the slack covers what is left of it, far below the 16 times matching every pair would cost.
        // (robots.txt is capped at 500 KiB, which bounds n.)
        let small = seconds(2_000)
        let large = seconds(8_000)
        #expect(large < small * 8 + 0.02, "n: \(small) s, 4n: \(large) s")
    }

    /// A pattern of many stars against a path 4 times as long takes about 4 times as long, not 16 or worse.
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func aManyStarPatternIsLinearInThePath() {
        let pattern = "/" + String(repeating: "*a", count: 40) + "*b$"
        func seconds(_ n: Int) -> Double {
            let path = "/" + String(repeating: "a", count: n)
            return Timing.bestOfThree {
                for _ in 0..<20 { #expect(!Robots.matches(pattern, path)) }
            }
        }
        let small = seconds(20_000)
        let large = seconds(80_000)
        #expect(large < small * 8, "n: \(small) s, 4n: \(large) s")
    }
}
