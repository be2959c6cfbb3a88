/// Runs a pattern as an automaton over the set of text positions reachable after each token, instead of
/// backtracking: the cost is O(tokens × text) whatever the rule, with no step budget, so a hostile rule can neither
/// stall a crawl nor be cut short into a wrong "no match". It accepts exactly the texts that a search of every way to
/// place the stars and to choose each variable's value accepts: `$(v)` behaves as its value written in its place,
/// chosen afresh at each use.
extension Pattern {
    /// The text being matched, and whether it is all ASCII: then every byte starts a character, and `?` and `*` act
    /// on whole words of a set at once.
    struct Subject {
        let text: UnsafeBufferPointer<UInt8>
        let start: Int
        let end: Int
        let ascii: Bool
        var count: Int { end - start }
    }

    /// True when the whole of `text[start..<end]` matches; exact for every pattern.
    func matchAutomaton(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // The usual rule (`/$(lang)_$(region)/$(food)/*`) leads to one place after each token: follow that one place,
        // and build sets only from the first token that can lead to several.
        var position = start
        for ti in tokens.indices {
            switch tokens[ti] {
            case .star:
                if ti == tokens.count - 1 { return true }
                return matchSets(from: ti, at: position, text, start, end)
            case .variable(let k):
                var found = -1
                for value in alternatives[k] {
                    guard value.isOneWay else { return matchSets(from: ti, at: position, text, start, end) }
                    let e = value.oneWayEnd(text, position, end)
                    if e < 0 || e == found { continue }
                    if found >= 0 { return matchSets(from: ti, at: position, text, start, end) }
                    found = e
                }
                if found < 0 { return false }
                position = found
            case let token:
                position = step(token, text, position, end)
                if position < 0 { return false }
            }
        }
        return position == end
    }

    /// Where this star-free pattern (a variable's value) ends when it starts at `i`, or -1.
    private func oneWayEnd(_ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var position = i
        for token in tokens {
            position = step(token, text, position, end)
            if position < 0 { return -1 }
        }
        return position
    }

    /// The automaton proper, from token `first` at `position`.
    private func matchSets(
        from first: Int, at position: Int, _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> Bool {
        var ascii = true
        for i in start..<end where text[i] >= 0x80 {
            ascii = false
            break
        }
        let subject = Subject(text: text, start: start, end: end, ascii: ascii)
        let words = PositionSet.words(for: subject.count)
        // Four sets: the current one, the next one, and a pair to run a variable's values in. Small enough to live
        // on the stack for any URL of ordinary length (the standard library falls back to the heap past that).
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * words) { scratch in
            scratch.initialize(repeating: 0)
            let base = scratch.baseAddress!
            var current = PositionSet(base, count: words)
            var next = PositionSet(base + words, count: words)
            let valueSets = (PositionSet(base + 2 * words, count: words), PositionSet(base + 3 * words, count: words))
            current.insert(position - start)
            for ti in first..<tokens.count {
                switch tokens[ti] {
                case .star:
                    // A final star takes whatever is left.
                    if ti == tokens.count - 1 { return true }
                    Pattern.star(current, subject)
                case .variable(let k):
                    next.removeAll()
                    for value in alternatives[k] {
                        var (from, spare) = valueSets
                        from.copy(from: current)
                        if value.advance(&from, &spare, subject) { next.formUnion(from) }
                    }
                    swap(&current, &next)
                case let token:
                    advance(token, from: current, into: next, subject)
                    swap(&current, &next)
                }
                if current.isEmpty { return false }
            }
            return current.contains(subject.count)
        }
    }

    /// Runs this pattern (one without variables: a variable's value) from every position of `current`, leaving the
    /// positions where it can end in `current`; false when there are none.
    private func advance(_ current: inout PositionSet, _ spare: inout PositionSet, _ subject: Subject) -> Bool {
        for token in tokens {
            if token == .star {
                Pattern.star(current, subject)
            } else {
                advance(token, from: current, into: spare, subject)
                swap(&current, &spare)
            }
            if current.isEmpty { return false }
        }
        return true
    }

    /// `into` = where a one-way token (literal, `?`, class, region, language) ends from each position of `from`.
    @inline(__always) private func advance(_ token: Token, from: PositionSet, into: PositionSet, _ subject: Subject) {
        if token == .one, subject.ascii {
            from.shifted(into: into, limit: subject.count)
            return
        }
        into.removeAll()
        from.forEach { p in
            let e = step(token, subject.text, subject.start + p, subject.end)
            if e >= 0 { into.insert(e - subject.start) }
        }
    }

    /// A star from each position of `set`: every character start after the smallest one, and the end (the positions
    /// the backtracking matcher's star would try, `next` after `next`).
    @inline(__always) private static func star(_ set: PositionSet, _ subject: Subject) {
        guard let first = set.first else { return }
        if subject.ascii {
            set.insertAll(first + 1, through: subject.count)
            return
        }
        for s in (subject.start + first + 1)..<max(subject.start + first + 1, subject.end)
        where subject.text[s] & 0xC0 != 0x80 {
            set.insert(s - subject.start)
        }
        set.insert(subject.count)
    }
}
