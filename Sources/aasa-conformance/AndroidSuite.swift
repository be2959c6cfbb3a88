import AASA
import Foundation

/// The android suite: Android's own expectations for App Links matching (`android/patternmatcher.json`: AOSP's and
/// CTS's `PatternMatcherTest`; `android/dal-component-parser.json`: AOSP's `DalComponentParserTest`; see the
/// folder's SOURCE.md) through the real `PatternMatcher` and `MatchingExpression`. A malformed vector agrees when
/// the matcher refuses the pattern; an expression's case agrees when it compiles to the expected type and pattern
/// and then matches (or does not match) the string.
enum AndroidSuite {
    static func run(_ folder: URL) throws -> SuiteReport {
        var report = SuiteReport("android")
        let matcher = try patternMatcher(folder, into: &report)
        let dal = try dalComponentParser(folder, into: &report)
        print(
            "android: PatternMatcher \(matcher.agree) of \(matcher.total) agree; DAL expressions \(dal.agree) of \(dal.total) agree"
        )
        return report
    }

    static func patternMatcher(_ folder: URL, into report: inout SuiteReport) throws -> (agree: Int, total: Int) {
        guard let file = try readJSON(folder, "android/patternmatcher.json") as? [String: Any],
            let vectors = file["vectors"] as? [[String: Any]]
        else { throw ConformanceError("android/patternmatcher.json has no \"vectors\" list") }
        var agree = 0
        for vector in vectors {
            guard let id = vector["id"] as? String, let pattern = vector["pattern"] as? String,
                let type = vector["type"] as? Int
            else { throw ConformanceError("android/patternmatcher.json: a vector lacks id, pattern or type") }
            let malformed = vector["malformed"] as? Bool == true
            let agrees: Bool
            let detail: String
            do {
                let matcher = try PatternMatcher(pattern, type: type)
                let string = vector["string"] as? String ?? ""
                let got = matcher.matches(string)
                agrees = !malformed && got == (vector["match"] as? Bool)
                detail =
                    malformed
                    ? "expected \(quoted(pattern)) (type \(type)) to be refused, it was accepted"
                    : "expected \(quoted(pattern)) (type \(type)) \(verb(vector["match"] as? Bool == true)) "
                        + "\(quoted(string)), it \(got ? "matched" : "did not")"
            } catch {
                agrees = malformed
                detail = "expected \(quoted(pattern)) (type \(type)) to parse, refused: \(error.reason)"
            }
            if agrees { agree += 1 }
            report.record(id, agrees: agrees, detail)
        }
        return (agree, vectors.count)
    }

    static func dalComponentParser(_ folder: URL, into report: inout SuiteReport) throws -> (agree: Int, total: Int) {
        guard let file = try readJSON(folder, "android/dal-component-parser.json") as? [String: Any],
            let expressions = file["expressions"] as? [[String: Any]], let invalid = file["invalid"] as? [[String: Any]]
        else { throw ConformanceError("android/dal-component-parser.json has no \"expressions\" or \"invalid\" list") }
        var agree = 0
        var total = 0
        for (index, entry) in expressions.enumerated() {
            guard let expression = entry["expression"] as? String, let type = entry["type"] as? Int,
                let pattern = entry["pattern"] as? String, let matches = entry["matches"] as? [String],
                let nonMatches = entry["nonMatches"] as? [String]
            else { throw ConformanceError("android/dal-component-parser.json: expression \(index) is incomplete") }
            let id = "dal-expression-\(index + 1)"
            total += 1
            guard let matcher = try? MatchingExpression.parse(expression) else {
                report.record(id, agrees: false, "expected \(quoted(expression)) to parse, it was refused")
                continue
            }
            let compiles = matcher.type == type && matcher.pattern == pattern
            report.record(
                id, agrees: compiles,
                "expected \(quoted(expression)) to give type \(type) \(quoted(pattern)), got type \(matcher.type) "
                    + quoted(matcher.pattern))
            if compiles { agree += 1 }
            for (expected, strings) in [(true, matches), (false, nonMatches)] {
                for string in strings {
                    total += 1
                    let got = matcher.matches(string)
                    if got == expected { agree += 1 }
                    report.record(
                        "\(id) \(quoted(string))", agrees: got == expected,
                        "expected \(quoted(expression)) \(verb(expected)) \(quoted(string))")
                }
            }
        }
        for (index, entry) in invalid.enumerated() {
            guard let expression = entry["expression"] as? String else { continue }
            total += 1
            let refused = (try? MatchingExpression.parse(expression)) == nil
            if refused { agree += 1 }
            report.record(
                "dal-invalid-\(index + 1)", agrees: refused, "expected \(quoted(expression)) to be refused")
        }
        return (agree, total)
    }

    static func verb(_ match: Bool) -> String { match ? "to match" : "not to match" }

    static func quoted(_ text: String) -> String {
        let shown = text.count > 120 ? String(text.prefix(120)) + "…" : text
        return JSONNode.quote(shown)
    }
}
