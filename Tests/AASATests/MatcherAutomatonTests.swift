import AASA
import Foundation
import Testing

/// Rules that made the old backtracking matcher explode (many stars, variables whose values are wildcards): the
/// verdicts are exact and the time per URL grows linearly with the path and the rule.
@Suite struct MatcherAutomatonTests {
    static let wildcards = #""substitutionVariables": {"v": ["*", "?*", "*?", "**"]},"#

    /// `$(v)` `count` times in a row, then `/end`.
    static func run(_ count: Int) -> String {
        file(components: #"[{"/": "/\#(String(repeating: "$(v)", count: count))/end"}]"#, extra: wildcards)
    }

    /// `$(v)` `count` times, each followed by a slash, then `z`.
    static func slashes(_ count: Int) -> String {
        file(components: #"[{"/": "/\#(String(repeating: "$(v)/", count: count))z"}]"#, extra: wildcards)
    }

    @Test func thirtyWildcardVariablesInARowGiveTheRightVerdict() {
        let long = String(repeating: "ab/", count: 300)
        #expect(result(Self.run(30), "https://e.com/\(long)end") == .match)
        #expect(result(Self.run(30), "https://e.com/\(long)en") == .noMatch)
        #expect(result(Self.run(30), "https://e.com/\(long)x/end/") == .match)
        // `*` may stand for nothing 30 times, but the two slashes around the values stay.
        #expect(result(Self.run(30), "https://e.com/x/end") == .match)
        #expect(result(Self.run(30), "https://e.com/end") == .noMatch)
    }

    @Test func thirtyWildcardVariablesBetweenSlashesGiveTheRightVerdict() {
        // The pattern needs 31 slashes before `z`: one after each value and the leading one.
        let enough = String(repeating: "a/", count: 30)
        let tooFew = String(repeating: "a/", count: 29)
        #expect(result(Self.slashes(30), "https://e.com/\(enough)z") == .match)
        #expect(result(Self.slashes(30), "https://e.com/\(tooFew)z") == .noMatch)
        #expect(result(Self.slashes(30), "https://e.com/\(String(repeating: "a", count: 500))/z") == .noMatch)
        #expect(result(Self.slashes(30), "https://e.com/\(String(repeating: "ab/", count: 300))z") == .match)
        #expect(result(Self.slashes(30), "https://e.com/\(String(repeating: "ab/", count: 300))y") == .noMatch)
    }

    /// The old matcher gave up after 200,000 steps and answered "no match": here the only ways to match put `aa` in
    /// the last twenty of thirty places, which a depth-first search reaches after millions of steps.
    @Test func aMatchFoundOnlyDeepInTheSearchIsStillAMatch() {
        let json = file(
            components: #"[{"/": "/\#(String(repeating: "$(v)", count: 30))c"}]"#,
            extra: #""substitutionVariables": {"v": ["a", "aa"]},"#)
        #expect(result(json, "https://e.com/\(String(repeating: "a", count: 50))c") == .match)
        #expect(result(json, "https://e.com/\(String(repeating: "a", count: 60))c") == .match)
        #expect(result(json, "https://e.com/\(String(repeating: "a", count: 61))c") == .noMatch)
        #expect(result(json, "https://e.com/\(String(repeating: "a", count: 29))c") == .noMatch)
    }
}
