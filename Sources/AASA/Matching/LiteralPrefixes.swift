/// The literal every path a rule matches starts with, kept as plain data per rule so a scan rejects most rules
/// on a few byte compares without touching reference-counted memory.
struct LiteralPrefixes: Sendable {
    struct Prefix: Sendable {
        var start: Int32
        var length: Int32
        var folded: Bool
        var decoded: Bool
        var never: Bool
        var exclude: Bool
        /// The rule itself, unretained: `CompiledRules.rules` keeps it alive as long as this table. Reading it
        /// from here costs no reference counting, which reading `rules[i]` in the loop did (a retain and a release
        /// per rule and per pattern evaluated).
        var rule: Unmanaged<Matcher.Rule>
    }

    /// One per rule, in the order of the rules.
    let prefixes: [Prefix]
    /// Every prefix's bytes, one after another.
    let pool: [UInt8]

    init(_ rules: [Matcher.Rule]) {
        var prefixes: [Prefix] = []
        var pool: [UInt8] = []
        for rule in rules {
            var prefix = Prefix(
                start: Int32(pool.count), length: 0, folded: !rule.path.caseSensitive,
                decoded: !rule.percentEncoded, never: rule.broken != nil || rule.path.problem != nil,
                exclude: rule.exclude, rule: .passUnretained(rule))
            if case .literal(let a, let b) = rule.path.tokens.first,
                rule.path.caseSensitive || rule.path.pool[a..<b].allSatisfy({ $0 < 0x80 })
            {
                pool += rule.path.pool[a..<b]
                prefix.length = Int32(b - a)
            }
            prefixes.append(prefix)
        }
        self.prefixes = prefixes
        self.pool = pool
    }

    /// The first rule of `range` that matches, checking each rule's literal prefix before the rule itself.
    func firstMatch(_ range: Range<Int>, _ url: PreparedURL) -> Int? {
        url.withViews { raw, decoded in
            prefixes.withUnsafeBufferPointer { prefixes in
                pool.withUnsafeBufferPointer { pool in
                    for i in range where LiteralPrefixes.matches(prefixes[i], pool, raw, decoded) { return i }
                    return nil
                }
            }
        }
    }

    /// The first rule of a filtered entry that matches: only the filter's candidates are checked, in file order.
    func firstMatch(_ filter: ScanFilter, _ url: PreparedURL) -> Int? {
        url.withViews { raw, decoded in
            var mask = filter.candidates(raw, decoded)
            return prefixes.withUnsafeBufferPointer { prefixes in
                pool.withUnsafeBufferPointer { pool in
                    while mask != 0 {
                        let i = filter.rules.lowerBound + mask.trailingZeroBitCount
                        mask &= mask - 1
                        if LiteralPrefixes.matches(prefixes[i], pool, raw, decoded) { return i }
                    }
                    return nil
                }
            }
        }
    }

    /// The decision when rule `i` (or none) decides, read from this table without touching the rule.
    func decision(_ i: Int?) -> Matcher.Decision {
        guard let i else { return Matcher.Decision(result: .noMatch, rule: nil) }
        return Matcher.Decision(result: prefixes[i].exclude ? .exclude : .match, rule: i)
    }

    /// Whether rule `i` matches the URL whose views these are (`PreparedURL.withViews`).
    func matches(_ i: Int, _ raw: PreparedURL.View, _ decoded: PreparedURL.View) -> Bool {
        pool.withUnsafeBufferPointer { LiteralPrefixes.matches(prefixes[i], $0, raw, decoded) }
    }

    @inline(__always) private static func matches(
        _ prefix: Prefix, _ pool: UnsafeBufferPointer<UInt8>, _ raw: PreparedURL.View, _ decoded: PreparedURL.View
    ) -> Bool {
        if prefix.never { return false }
        if prefix.length > 0 {
            // Both views share one byte buffer; only their ranges differ.
            let text = raw.bytes
            let path = prefix.decoded ? decoded.path : raw.path
            let n = Int(prefix.length)
            if n > path.count { return false }
            let start = Int(prefix.start)
            let p = path.lowerBound
            var k = 0
            if prefix.folded {
                while k < n, pool[start + k] == ASCII.lower(text[p + k]) { k += 1 }
            } else {
                while k < n, pool[start + k] == text[p + k] { k += 1 }
            }
            if k < n { return false }
        }
        return prefix.rule._withUnsafeGuaranteedRef { Matcher.evaluate($0, raw, decoded) == nil }
    }
}
