/// Sound (never claims too much) inclusion tests between compiled rules, using the matcher's own semantics.
enum Coverage {
    /// The literal bytes every path the rule matches starts with (folded when the rule ignores case).
    static func literalPrefix(_ rule: Matcher.Rule) -> (bytes: [UInt8], folded: Bool) {
        guard rule.broken == nil, case .literal(let a, let b) = rule.path.tokens.first else { return ([], false) }
        return (Array(rule.path.pool[a..<b]), !rule.path.caseSensitive)
    }

    /// False when rule A (prefix `a`) certainly cannot match every path rule B (prefix `b`) matches.
    static func prefix(_ a: (bytes: [UInt8], folded: Bool), mayCover b: (bytes: [UInt8], folded: Bool)) -> Bool {
        guard a.bytes.count <= b.bytes.count else { return false }
        for k in a.bytes.indices {
            let y = a.folded ? ASCII.lower(b.bytes[k]) : b.bytes[k]
            if a.bytes[k] != y { return false }
        }
        return true
    }

    static func covers(_ a: Matcher.Rule, _ b: Matcher.Rule) -> Bool {
        guard a.broken == nil, b.broken == nil, a.percentEncoded == b.percentEncoded else { return false }
        return covers(a.path, b.path) && covers(a.fragment, b.fragment) && covers(a.query, b.query)
    }

    static func covers(_ a: Matcher.QuerySpec, _ b: Matcher.QuerySpec) -> Bool {
        switch (a, b) {
        case (.any, _): return true
        case (.whole(let p), .whole(let q)): return covers(p, q)
        case (.whole(let p), _): return p.isMatchAll
        case (.items(let ai), .items(let bi)):
            return ai.allSatisfy { name, pa in
                if let pb = bi.first(where: { $0.name == name })?.pattern { return covers(pa, pb) }
                return pa.isMatchAll  // b allows any value or absence for this item
            }
        case (.items(let ai), _):
            // Items that also match when absent ("*") accept every query.
            return ai.allSatisfy { $0.pattern.isMatchAll }
        }
    }

    enum Symbol: Equatable {
        case char(UInt32)
        case one
        case star
        case charClass(Pattern.CharClass)
        case pair(region: Bool)
    }

    /// True when every string `b` matches is also matched by `a`.
    static func covers(_ a: Pattern, _ b: Pattern) -> Bool {
        if a.isMatchAll { return b.problem == nil }
        if a.problem != nil || b.problem != nil { return false }
        if a.caseSensitive && !b.caseSensitive { return false }
        if a.hasVariables || b.hasVariables { return a.source == b.source && a.caseSensitive == b.caseSensitive }
        let fold = !a.caseSensitive
        let sa = symbols(a, fold: fold, expandPairs: false)
        let sb = symbols(b, fold: fold, expandPairs: true)
        var memo = [Int8](repeating: -1, count: (sa.count + 1) * (sb.count + 1))
        func f(_ i: Int, _ j: Int) -> Bool {
            let key = i * (sb.count + 1) + j
            if memo[key] >= 0 { return memo[key] == 1 }
            let result: Bool
            if i == sa.count {
                result = j == sb.count
            } else if sa[i] == .star {
                result = f(i + 1, j) || (j < sb.count && f(i, j + 1))
            } else if j == sb.count || sb[j] == .star {
                result = false
            } else {
                switch sa[i] {
                case .char(let c):
                    result = sb[j] == .char(c) && f(i + 1, j + 1)
                case .one:
                    result = f(i + 1, j + 1)
                case .charClass(let k):
                    result = classCovers(k, sb[j]) && f(i + 1, j + 1)
                case .pair(let region):
                    if j + 1 < sb.count, case .char(let x) = sb[j], case .char(let y) = sb[j + 1], x < 128, y < 128 {
                        let code = String(UnicodeScalar(UInt8(x))) + String(UnicodeScalar(UInt8(y)))
                        let codes = region ? BuiltinVariables.regionCodes : BuiltinVariables.languageCodes
                        result =
                            (codes.contains(code) || codes.contains(code.uppercased())
                                || codes.contains(code.lowercased()))
                            && f(i + 1, j + 2)
                    } else {
                        result = false
                    }
                case .star:
                    result = false
                }
            }
            memo[key] = result ? 1 : 0
            return result
        }
        return f(0, 0)
    }

    static func classCovers(_ k: Pattern.CharClass, _ s: Symbol) -> Bool {
        func member(_ c: UInt32, _ k: Pattern.CharClass) -> Bool {
            let upper = (65...90).contains(c)
            let lower = (97...122).contains(c)
            let digit = (48...57).contains(c)
            switch k {
            case .alpha: return upper || lower
            case .upper: return upper
            case .lower: return lower
            case .alnum: return upper || lower || digit
            case .digit: return digit
            case .xdigit: return digit || (65...70).contains(c) || (97...102).contains(c)
            }
        }
        switch s {
        case .char(let c): return member(c, k)
        case .charClass(let other):
            if k == other { return true }
            switch k {
            case .alpha: return other == .upper || other == .lower
            case .alnum: return other != .xdigit
            case .xdigit: return other == .digit
            default: return false
            }
        default: return false
        }
    }

    static func symbols(_ p: Pattern, fold: Bool, expandPairs: Bool) -> [Symbol] {
        var out: [Symbol] = []
        for token in p.tokens {
            switch token {
            case .literal(let a, let b):
                let text = String(decoding: p.pool[a..<b], as: UTF8.self)
                for scalar in (fold ? text.lowercased() : text).unicodeScalars { out.append(.char(scalar.value)) }
            case .one: out.append(.one)
            case .star: out.append(.star)
            case .charClass(let k): out.append(.charClass(k))
            case .region, .lang:
                if expandPairs {
                    out += [.charClass(.alpha), .charClass(.alpha)]
                } else {
                    out.append(.pair(region: token == .region))
                }
            case .variable: out.append(.star)
            }
        }
        return out
    }
}
