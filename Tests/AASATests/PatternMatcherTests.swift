import AASA
import Foundation
import TestSupport
import Testing

/// Android's `PatternMatcher` and the dynamic rules' matching expressions, on the cases that show where Android
/// differs from a regular expression engine.
struct PatternMatcherTests {
    @Test func aSimpleGlobDoesNotBacktrack() throws {
        let glob = try PatternMatcher("te.*st", .simpleGlob)
        #expect(glob.matches("test"))
        #expect(glob.matches("teabst"))
        #expect(!glob.matches("testst"))
    }

    @Test func anEscapedDotInASimpleGlobIsALiteralDot() throws {
        let glob = try PatternMatcher("te\\.t", .simpleGlob)
        #expect(glob.matches("te.t"))
        #expect(!glob.matches("test"))
        #expect(try PatternMatcher("te.t", .simpleGlob).matches("test"))
    }

    @Test func anAdvancedGlobTakesAsMuchAsItCan() throws {
        #expect(!(try PatternMatcher("a.*b", .advancedGlob).matches("axxb")))
        #expect(try PatternMatcher("[a-z]+/[0-9]{2,3}", .advancedGlob).matches("abc/123"))
        #expect(!(try PatternMatcher("[a-z]+/[0-9]{2,3}", .advancedGlob).matches("abc/1234")))
        #expect(try PatternMatcher("[^/]+", .advancedGlob).matches("abc"))
    }

    @Test(arguments: ["[a-z", "*a", "a**", "a{2", "a{3,1}", "a{x}", "[]", "abc\\", "[^]"])
    func malformedAdvancedPatternsAreRefused(_ pattern: String) {
        #expect(throws: PatternMatcher.Malformed.self) { try PatternMatcher(pattern, .advancedGlob) }
    }

    @Test func theOtherTypesAndAnUnknownType() throws {
        #expect(try PatternMatcher("/a", .prefix).matches("/abc"))
        #expect(try PatternMatcher(".pdf", .suffix).matches("/x.pdf"))
        #expect(!(try PatternMatcher("/a", .literal).matches("/A")))
        #expect(!(try PatternMatcher("/a", type: -1).matches("/a")))
    }

    @Test func matchingExpressionsCompileAsAndroid15Does() throws {
        #expect(try MatchingExpression.parse("/shoes").kind == .literal)
        let prefix = try MatchingExpression.parse("/products/*")
        #expect(prefix.kind == .prefix && prefix.pattern == "/products/")
        let glob = try MatchingExpression.parse("*bar")
        #expect(glob.kind == .simpleGlob && glob.pattern == ".*bar")
        #expect(!glob.matches("abcbar"))
        #expect(glob.matches("abar"))
        #expect(throws: MatchingExpression.Empty.self) { try MatchingExpression.parse("") }
    }
}

/// Every vector of Android's own tests (`android/patternmatcher.json`, `android/dal-component-parser.json` in
/// `conformanceFolder`; see its SOURCE.md) through the real matcher, as `Scripts/conformance --suite android` runs them.
@Suite(
    .enabled(
        if: conformanceFolder.map {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("android/patternmatcher.json").path)
        } ?? false,
        "set AASA_CONFORMANCE_DIR to the conformance data folder (with android/) to run Android's PatternMatcher tests")
)
struct AndroidPatternVectorTests {
    static func load(_ name: String) throws -> [String: Any] {
        let folder = try #require(conformanceFolder)
        let data = try Data(contentsOf: folder.appendingPathComponent("android/\(name)"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyPatternMatcherVectorAgrees() throws {
        let vectors = try #require(try Self.load("patternmatcher.json")["vectors"] as? [[String: Any]])
        #expect(vectors.count == 133)
        for vector in vectors {
            let id = vector["id"] as? String ?? "?"
            let pattern = try #require(vector["pattern"] as? String)
            let type = try #require(vector["type"] as? Int)
            if vector["malformed"] as? Bool == true {
                #expect(throws: PatternMatcher.Malformed.self, "\(id)") { try PatternMatcher(pattern, type: type) }
                continue
            }
            let string = try #require(vector["string"] as? String)
            let expected = try #require(vector["match"] as? Bool)
            #expect(
                try PatternMatcher(pattern, type: type).matches(string) == expected, "\(id): \(pattern) on \(string)")
        }
    }

    @Test func everyDalComponentParserExpressionAgrees() throws {
        let file = try Self.load("dal-component-parser.json")
        let expressions = try #require(file["expressions"] as? [[String: Any]])
        #expect(expressions.count == 37)
        for entry in expressions {
            let expression = try #require(entry["expression"] as? String)
            let matcher = try MatchingExpression.parse(expression)
            #expect(matcher.type == entry["type"] as? Int, "\(expression)")
            #expect(matcher.pattern == entry["pattern"] as? String, "\(expression)")
            for string in entry["matches"] as? [String] ?? [] {
                #expect(matcher.matches(string), "\(expression) on \(string)")
            }
            for string in entry["nonMatches"] as? [String] ?? [] {
                #expect(!matcher.matches(string), "\(expression) on \(string)")
            }
        }
        for entry in try #require(file["invalid"] as? [[String: Any]]) {
            let expression = try #require(entry["expression"] as? String)
            #expect(throws: MatchingExpression.Empty.self) { try MatchingExpression.parse(expression) }
        }
    }
}
