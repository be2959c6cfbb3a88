/// Which of a component's pattern keys (`"/"`, `"?"`, `"#"`) an unknown key was most likely meant to be.
///
/// A key counts as a misspelt pattern key when, once trimmed and lower-cased, it is the symbol itself with stray
/// spaces or doubling (`"/ "`, `"//"`), a word people write for that part of a URL (`path`, `url`, `query`,
/// `fragment`, `hash`…), or one edit away from such a word of four letters or more (`pth`, `qurey`). Other unknown
/// keys (`note`, `exclued`) are left to `unknown-key`.
enum PatternKeys {
    /// The words people write for each pattern key, lower-cased.
    static let words: [(key: String, words: [String])] = [
        (
            "/",
            [
                "path", "paths", "pathname", "url", "urls", "uri", "route", "pattern", "/path", "path/", "slash",
                "pathpattern",
            ]
        ),
        ("?", ["query", "queries", "querystring", "query_string", "query-string", "search", "params", "?query"]),
        ("#", ["fragment", "fragments", "hash", "anchor", "#fragment"]),
    ]

    /// The pattern key `key` looks like a misspelling of, or nil.
    static func intended(_ key: String) -> String? {
        if ["/", "?", "#"].contains(key) { return nil }
        let trimmed = key.filter { !$0.isWhitespace }.lowercased()
        if let symbol = trimmed.first, ["/", "?", "#"].contains(String(symbol)), trimmed.allSatisfy({ $0 == symbol }) {
            return String(symbol)
        }
        for (pattern, words) in words where words.contains(trimmed) { return pattern }
        for (pattern, words) in words
        where words.contains(where: { $0.count >= 4 && editDistance(trimmed, $0) == 1 }) {
            return pattern
        }
        return nil
    }

    /// The part of a URL each pattern key matches, for messages.
    static func part(_ key: String) -> String {
        switch key {
        case "/": return "path"
        case "?": return "query"
        default: return "fragment"
        }
    }
}
