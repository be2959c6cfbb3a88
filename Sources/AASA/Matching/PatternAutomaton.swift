/// Runs a pattern as an automaton over the set of text positions reachable after each token, instead of
/// backtracking: the cost is O(tokens × text) whatever the rule, with no step budget, so a hostile rule can neither
/// stall a crawl nor be cut short into a wrong "no match". It accepts exactly the texts that a search of every way to
/// place the stars and to choose each variable's value accepts: `$(v)` behaves as its value written in its place,
/// chosen afresh at each use.
extension Pattern {
    /// True when the whole of `text[start..<end]` matches; exact for every pattern.
    func matchAutomaton(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let n = end - start
        let words = PositionSet.words(for: n)
        // Four sets: the current one, the next one, and a pair to run a variable's values in. Small enough to live
        // on the stack for any URL of ordinary length (the standard library falls back to the heap past that).
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * words) { scratch in
            scratch.initialize(repeating: 0)
            let base = scratch.baseAddress!
            var current = PositionSet(base, count: words)
            var next = PositionSet(base + words, count: words)
            let valueSets = (PositionSet(base + 2 * words, count: words), PositionSet(base + 3 * words, count: words))
            current.insert(0)
            for ti in tokens.indices {
                switch tokens[ti] {
                case .star:
                    // A final star takes whatever is left.
                    if ti == tokens.count - 1 { return true }
                    Pattern.star(current, text, start, end)
                case .variable(let k):
                    next.removeAll()
                    for value in alternatives[k] {
                        var (from, spare) = valueSets
                        from.copy(from: current)
                        if value.advance(&from, &spare, text, start, end) { next.formUnion(from) }
                    }
                    swap(&current, &next)
                case let token:
                    advance(token, from: current, into: next, text, start, end)
                    swap(&current, &next)
                }
                if current.isEmpty { return false }
            }
            return current.contains(n)
        }
    }

    /// Runs this pattern (one without variables: a variable's value) from every position of `current`, leaving the
    /// positions where it can end in `current`; false when there are none.
    private func advance(
        _ current: inout PositionSet, _ spare: inout PositionSet, _ text: UnsafeBufferPointer<UInt8>, _ start: Int,
        _ end: Int
    ) -> Bool {
        for token in tokens {
            if token == .star {
                Pattern.star(current, text, start, end)
            } else {
                advance(token, from: current, into: spare, text, start, end)
                swap(&current, &spare)
            }
            if current.isEmpty { return false }
        }
        return true
    }

    /// `into` = where a one-way token (literal, `?`, class, region, language) ends from each position of `from`.
    @inline(__always) private func advance(
        _ token: Token, from: PositionSet, into: PositionSet, _ text: UnsafeBufferPointer<UInt8>, _ start: Int,
        _ end: Int
    ) {
        into.removeAll()
        from.forEach { p in
            let e = step(token, text, start + p, end)
            if e >= 0 { into.insert(e - start) }
        }
    }

    /// A star from each position of `set`: every character start after the smallest one, and the end (the positions
    /// the backtracking matcher's star would try, `next` after `next`).
    @inline(__always) private static func star(
        _ set: PositionSet, _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) {
        guard let first = set.first else { return }
        var s = start + first + 1
        while s < end {
            if text[s] & 0xC0 != 0x80 { set.insert(s - start) }
            s += 1
        }
        set.insert(end - start)
    }
}
