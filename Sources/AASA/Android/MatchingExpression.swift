/// A dynamic rule's matching expression (`"/"`, `"#"` or a `"?"` value in `dynamic_app_link_components`) turned into
/// the `PatternMatcher` Android 15 builds from it.
///
/// No wildcard is a literal; one `*`, last, is a prefix; anything else is a simple glob with `*` → `.*`, `?` → `.`,
/// `.` → `\.` and `\` → `\\`. So `*` does not backtrack (`*bar` does not match `abcbar`: it stops at the first `b`),
/// and `?*` is "one or more". The empty expression is refused.
///
/// - SeeAlso: AOSP `packages/StatementService/Parser/src/com/android/statementservice/parser/DalComponentParser.kt`
///   (`parseMatchingExpression`; github.com/yaap/frameworks_base at `f6328b665ad1e2a537ede8c91ea63415dd4472e2`).
public enum MatchingExpression {
    /// The empty expression, which Android refuses ("Matching expressions cannot be an empty string").
    public struct Empty: Error, Hashable, Sendable {}

    public static func parse(_ expression: String) throws(Empty) -> PatternMatcher {
        if expression.isEmpty { throw Empty() }
        let wildcards = expression.utf16.count { $0 == UInt16(UInt8(ascii: "?")) || $0 == UInt16(UInt8(ascii: "*")) }
        // Neither type below is an advanced glob, so building the matcher cannot throw.
        if wildcards == 0 { return try! PatternMatcher(expression, .literal) }
        if wildcards == 1 && expression.hasSuffix("*") {
            return try! PatternMatcher(String(expression.dropLast()), .prefix)
        }
        var pattern = ""
        for character in expression.unicodeScalars {
            switch character {
            case "*": pattern += ".*"
            case "?": pattern += "."
            case ".": pattern += "\\."
            case "\\": pattern += "\\\\"
            default: pattern.unicodeScalars.append(character)
            }
        }
        return try! PatternMatcher(pattern, .simpleGlob)
    }
}
