import Foundation
import TestSupport
import Testing

@testable import AASA

/// The matcher against a reference that tries every way to match: it writes each variable's values in its place
/// (every combination) and backtracks over every length of every star. Exponential in the variables, so only for
/// small patterns; it shares with the matcher only the one-token steps (a literal, `?`, a class, a region or language code), which the
/// vector tests pin to swcd's verdicts.
@Suite struct MatcherDifferentialTests {
    /// A token of a pattern with its variables written out: a one-way token of `owner` (whose pool holds its
    /// literal), or a star.
    enum Step {
        case one(Pattern, Pattern.Token)
        case star
    }

    /// Every variable-free spelling of `pattern`.
    static func spellings(_ pattern: Pattern) -> [[Step]] {
        var spellings: [[Step]] = [[]]
        for token in pattern.tokens {
            switch token {
            case .star:
                spellings = spellings.map { $0 + [.star] }
            case .variable(let k):
                spellings = spellings.flatMap { prefix in
                    pattern.alternatives[k].map { value in
                        prefix + value.tokens.map { $0 == .star ? Step.star : Step.one(value, $0) }
                    }
                }
            default:
                spellings = spellings.map { $0 + [.one(pattern, token)] }
            }
        }
        return spellings
    }

    /// True when `steps[k...]` match the whole of `text[i..<end]`, trying every place for every star (each place
    /// the start of a character, or the end). `memo` remembers each (step, place) answer, so long texts stay cheap
    /// without changing what is tried.
    static func reference(
        _ steps: [Step], _ k: Int, _ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int, _ memo: inout [UInt8]
    ) -> Bool {
        guard k < steps.count else { return i == end }
        let key = k * (text.count + 1) + i
        if memo[key] != 0 { return memo[key] == 2 }
        var result = false
        switch steps[k] {
        case .star:
            var s = i
            while true {
                if reference(steps, k + 1, text, s, end, &memo) {
                    result = true
                    break
                }
                if s >= end { break }
                s = Pattern.next(text, s, end)
            }
        case .one(let owner, let token):
            let next = owner.step(token, text, i, end)
            result = next >= 0 && reference(steps, k + 1, text, next, end, &memo)
        }
        memo[key] = result ? 2 : 1
        return result
    }

    static func reference(_ pattern: Pattern, _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if pattern.problem != nil { return false }
        return spellings(pattern).contains { steps in
            var memo = [UInt8](repeating: 0, count: (steps.count + 1) * (text.count + 1))
            return reference(steps, 0, text, start, end, &memo)
        }
    }

    static let patternPieces = [
        "a", "b", "ab", "/", "é", "É", "ſ", "Ω", "ω", "k", "?", "*", "**", "?*", "*?", "$(v)", "$(w)", "$(v)$(v)",
        "$(digit)", "$(alpha)", "$(upper)", "$(lang)", "$(region)", "$(xdigit)",
    ]
    static let valuePieces = ["a", "b", "*", "?", "é", "É", "Ω", "/", "**", "?*", "*?", ""]
    /// Text pieces, some of them not UTF-8 (a percent-decoded URL may hold any byte).
    static let textPieces: [[UInt8]] =
        [
            "a", "b", "A", "B", "ab", "/", "é", "É", "ſ", "s", "Ω", "ω", "\u{2126}", "\u{212A}", "k", "1", "en", "US",
            "F",
        ].map { Array($0.utf8) }
        + [[0xA9], [0xC3], [0xE0, 0xC3, 0xA9], [0xCE], [0xF0, 0x41], [0x83], [0xA3, 0x89], [0xC3, 0x83, 0xA9]]

    static func word(_ pieces: [String], _ count: Int, _ rng: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// Random patterns and texts (with bytes around them, so offsets are exercised) against the reference: every
    /// verdict must agree, with and without case folding.
    @Test(arguments: 0..<8) func agreesWithTheExhaustiveSearch(_ seed: Int) {
        var rng = SeededGenerator(state: UInt64(seed) &* 7919 &+ 17)
        var compared = 0
        var matched = 0
        for _ in 0..<150 {
            let variables = [
                "v": (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    Self.word(Self.valuePieces, Int.random(in: 0...3, using: &rng), &rng)
                },
                "w": (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    Self.word(Self.valuePieces, Int.random(in: 1...2, using: &rng), &rng)
                },
            ]
            let source = Self.word(Self.patternPieces, Int.random(in: 0...6, using: &rng), &rng)
            let patterns = [true, false].map { Pattern(source, isPath: false, caseSensitive: $0, variables: variables) }
            for _ in 0..<25 {
                let body = (0..<Int.random(in: 0...7, using: &rng)).flatMap { _ in
                    Self.textPieces.randomElement(using: &rng)!
                }
                let before = (0..<Int.random(in: 0...2, using: &rng)).flatMap { _ in
                    Self.textPieces.randomElement(using: &rng)!
                }
                let after = (0..<Int.random(in: 0...2, using: &rng)).flatMap { _ in
                    Self.textPieces.randomElement(using: &rng)!
                }
                let text = before + body + after
                text.withUnsafeBufferPointer { buffer in
                    let start = before.count
                    let end = start + body.count
                    for pattern in patterns {
                        let expected = Self.reference(pattern, buffer, start, end)
                        let got = pattern.matches(buffer, start, end)
                        #expect(
                            got == expected,
                            "pattern \(source) caseSensitive \(pattern.caseSensitive) variables \(variables) text \(body)"
                        )
                        compared += 1
                        if expected { matched += 1 }
                    }
                }
            }
        }
        // The generator must produce both verdicts in numbers, or the comparison proves little.
        #expect(compared == 7500)
        #expect(matched > 200 && matched < compared - 200, "\(matched) of \(compared) matched")
    }

    /// Texts of several 64-bit words of positions (the automaton's sets span words there), with wildcard-heavy
    /// patterns so that both verdicts come up.
    @Test(arguments: 0..<4) func agreesOnTextsLongerThanAWord(_ seed: Int) {
        var rng = SeededGenerator(state: UInt64(seed) &* 104_729 &+ 3)
        let pieces = ["a", "b", "ab", "*", "?", "??", "*?", "$(v)", "$(v)$(v)", "é", "/"]
        let texts: [[UInt8]] = ["a", "b", "b", "/", "é", "ab"].map { Array($0.utf8) } + [[0xA9]]
        var compared = 0
        var matched = 0
        for _ in 0..<60 {
            let values = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Self.word(["*", "?", "a", "b", "?*", "*?"], Int.random(in: 1...2, using: &rng), &rng)
            }
            let source = Self.word(pieces, Int.random(in: 1...5, using: &rng), &rng)
            let pattern = Pattern(
                source, isPath: false, caseSensitive: Bool.random(using: &rng), variables: ["v": values])
            for _ in 0..<10 {
                let ascii = Bool.random(using: &rng)
                let text = (0..<Int.random(in: 40...150, using: &rng)).flatMap { _ in
                    ascii ? texts[Int.random(in: 0...1, using: &rng)] : texts.randomElement(using: &rng)!
                }
                text.withUnsafeBufferPointer { buffer in
                    let expected = Self.reference(pattern, buffer, 0, buffer.count)
                    #expect(
                        pattern.matches(buffer, 0, buffer.count) == expected,
                        "pattern \(source) caseSensitive \(pattern.caseSensitive) values \(values) text \(text)")
                    compared += 1
                    if expected { matched += 1 }
                }
            }
        }
        #expect(matched > 60 && matched < compared - 60, "\(matched) of \(compared) matched")
    }

    /// Both matchers are used: a pattern with case-folded non-ASCII letters or variables runs as an automaton, any
    /// other as the two-pointer glob, and the test above covers both.
    @Test func bothMatchersAreExercised() {
        #expect(!Pattern("a*b?", isPath: false, caseSensitive: false, variables: [:]).needsAutomaton)
        #expect(!Pattern("é*", isPath: false, caseSensitive: true, variables: [:]).needsAutomaton)
        #expect(Pattern("é*", isPath: false, caseSensitive: false, variables: [:]).needsAutomaton)
        #expect(Pattern("$(v)", isPath: false, caseSensitive: true, variables: ["v": ["a"]]).needsAutomaton)
    }
}
