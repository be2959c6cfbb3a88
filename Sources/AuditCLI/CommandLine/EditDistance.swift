/// Did-you-mean for option and command names.
enum EditDistance {
    /// The candidate a misspelled `word` most likely meant: a unique candidate it abbreviates, else the closest
    /// within a small number of edits, else nil.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let word = word.lowercased()
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word) }
        if prefixed.count == 1, word.drop(while: { $0 == "-" }).count >= 3 { return prefixed[0] }
        let scored = candidates.map { ($0, distance(word, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(1, min(3, best.0.count / 3))
        return best.1 <= allowed ? best.0 : nil
    }

    /// Optimal-string-alignment distance: edits plus adjacent transpositions ("cnocurrency" is one step from
    /// "concurrency").
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.unicodeScalars)
        let t = Array(b.unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { d[i][0] = i }
        for j in 0...t.count { d[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[s.count][t.count]
    }
}
