import AASA

/// Did-you-mean for option and command names.
enum EditDistance {
    /// The candidate a misspelled `word` most likely meant: a unique candidate it abbreviates, else the closest
    /// within a small number of edits, else nil.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let word = word.lowercased()
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word) }
        if prefixed.count == 1, word.drop(while: { $0 == "-" }).count >= 3 { return prefixed[0] }
        let scored = candidates.map { ($0, editDistance(word, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(1, min(3, best.0.count / 3))
        return best.1 <= allowed ? best.0 : nil
    }
}
