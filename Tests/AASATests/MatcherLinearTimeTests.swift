import AASA
import Foundation
import TestSupport
import Testing

/// The matcher's time per URL is linear in the path and in the rule, whatever the rule: the rules that made the old
/// backtracking matcher exponential (wildcard values used many times) cost four times as much for a path or a rule
/// four times as long, not sixteen or more.
@Suite struct MatcherLinearTimeTests {
    static func matcher(_ uses: Int) throws -> Matcher {
        let json = file(
            components: #"[{"/": "/\#(String(repeating: "$(v)/", count: uses))z"}]"#,
            extra: #""substitutionVariables": {"v": ["*", "?*", "*?", "**"]},"#)
        return Matcher(try #require(DecodedFile(bytes: Array(json.utf8)).document))
    }

    /// Time to decide `urls` (each prepared once, outside the clock).
    static func time(_ matcher: Matcher, _ urls: [String]) throws -> Double {
        let prepared = try urls.map { try #require(matcher.prepare($0)) }
        var opened = 0
        let seconds = Timing.bestOfThree {
            for url in prepared {
                matcher.forEachDecision(url) { _, decision in if decision.result == .match { opened += 1 } }
            }
        }
        #expect(opened == 0, "the paths must not match, so every rule runs to its end")
        return seconds
    }

    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func fourTimesThePathCostsAboutFourTimesAsMuch() throws {
        let matcher = try Self.matcher(30)
        let short = (0..<200).map { "https://e.com/\(String(repeating: "ab/", count: 100 + $0 % 7))y" }
        let long = (0..<200).map { "https://e.com/\(String(repeating: "ab/", count: 400 + $0 % 7))y" }
        let t1 = try Self.time(matcher, short)
        let t4 = try Self.time(matcher, long)
        #expect(t4 < 8 * t1, "n: \(t1) s, 4n: \(t4) s")
    }

    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func fourTimesTheVariablesCostAboutFourTimesAsMuch() throws {
        let urls = (0..<200).map { "https://e.com/\(String(repeating: "ab/", count: 300 + $0 % 7))y" }
        let t1 = try Self.time(try Self.matcher(30), urls)
        let t4 = try Self.time(try Self.matcher(120), urls)
        #expect(t4 < 8 * t1, "n: \(t1) s, 4n: \(t4) s")
    }
}
