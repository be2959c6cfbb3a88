/// The closest known key to a misspelled one, if it is close enough to be a likely typo.
func suggestion(for key: String, among candidates: [String]) -> String? {
    if let sameLetters = candidates.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
    let scored = candidates.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let allowed = max(1, min(2, best.0.count / 3))
    return best.1 <= allowed ? best.0 : nil
}
