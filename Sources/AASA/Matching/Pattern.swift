import Foundation

/// A compiled swcd pattern: literals, `?` (one character), `*` (any run, crossing `/`), and substitution
/// variables. Matching works on UTF-8 bytes and allocates nothing for a path of ordinary length. A class with
/// constant fields, so the hot loop passes one reference around instead of copying arrays.
final class Pattern: Sendable {
    enum CharClass: UInt8, Sendable { case alpha, upper, lower, alnum, digit, xdigit }

    enum Token: Sendable, Equatable {
        case literal(Int, Int)
        case one
        case star
        case charClass(CharClass)
        case region
        case lang
        case variable(Int)
    }

    /// The pattern after path normalisation: what is matched.
    let source: String
    /// The pattern as the file wrote it, for explanations: normalisation adds slashes the rule does not have.
    let written: String
    let tokens: [Token]
    let pool: [UInt8]
    /// Alternatives of each custom variable used; each is a pattern without variables.
    let alternatives: [[Pattern]]
    let caseSensitive: Bool
    /// Set when swcd would never match this pattern (unknown variable, unterminated `$(`).
    let problem: String?
    /// `*` alone: matches everything, so matching can skip it.
    let isMatchAll: Bool
    let hasVariables: Bool
    /// Matched by `matchAutomaton` rather than the two-pointer glob: with variables, or case-folded non-ASCII letters
    /// (whose match can take a different number of bytes from one place to the next in a malformed text).
    let needsAutomaton: Bool
    /// No star and no variable: from any place the pattern leads to one place or none.
    let isOneWay: Bool

    /// Path normalisation that swcd applies to both the `/` pattern and the URL path.
    static func normalisePath(_ text: String) -> String {
        var bytes = Array(text.utf8)
        normalisePath(&bytes, collapseStars: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func normalisePath(_ bytes: inout [UInt8], collapseStars: Bool) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2)
        for b in bytes {
            if b == UInt8(ascii: "/"), out.last == UInt8(ascii: "/") { continue }
            if collapseStars, b == UInt8(ascii: "*"), out.last == UInt8(ascii: "*") { continue }
            out.append(b)
        }
        if out.first != UInt8(ascii: "/") && out.first != UInt8(ascii: "*") { out.insert(UInt8(ascii: "/"), at: 0) }
        if out.last != UInt8(ascii: "/") && out.last != UInt8(ascii: "*") { out.append(UInt8(ascii: "/")) }
        bytes = out
    }

    init(_ text: String, isPath: Bool, caseSensitive: Bool, variables: [String: [String]]) {
        self.caseSensitive = caseSensitive
        let source = isPath ? Pattern.normalisePath(text) : text
        self.source = source
        written = text
        let (tokens, pool, alternatives, problem) = Pattern.tokenise(
            Array(source.utf8), caseSensitive: caseSensitive, variables: variables)
        self.tokens = tokens
        self.pool = pool
        self.alternatives = alternatives
        self.problem = problem
        isMatchAll = problem == nil && tokens == [.star]
        hasVariables = !alternatives.isEmpty
        needsAutomaton = hasVariables || (!caseSensitive && pool.contains { $0 >= 0x80 })
        isOneWay = !hasVariables && !tokens.contains(.star)
    }

    private static func tokenise(
        _ bytes: [UInt8], caseSensitive: Bool, variables: [String: [String]]
    ) -> (
        [Token], [UInt8], [[Pattern]], String?
    ) {
        var tokens: [Token] = []
        var pool: [UInt8] = []
        var alternatives: [[Pattern]] = []
        var i = 0
        var literalStart = -1
        func flush() {
            if literalStart >= 0 {
                tokens.append(.literal(literalStart, pool.count))
                literalStart = -1
            }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "*") {
                flush()
                if tokens.last != .star { tokens.append(.star) }
                i += 1
            } else if b == UInt8(ascii: "?") {
                flush()
                tokens.append(.one)
                i += 1
            } else if b == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "(") {
                flush()
                guard let close = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
                    return (tokens, pool, alternatives, "'$(' has no closing ')'")
                }
                let name = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
                if let values = variables[name] {
                    tokens.append(.variable(alternatives.count))
                    alternatives.append(
                        values.map { Pattern($0, isPath: false, caseSensitive: caseSensitive, variables: [:]) })
                } else {
                    switch name {
                    case "alpha": tokens.append(.charClass(.alpha))
                    case "upper": tokens.append(.charClass(caseSensitive ? .upper : .alpha))
                    case "lower": tokens.append(.charClass(caseSensitive ? .lower : .alpha))
                    case "alnum": tokens.append(.charClass(.alnum))
                    case "digit": tokens.append(.charClass(.digit))
                    case "xdigit": tokens.append(.charClass(.xdigit))
                    case "region": tokens.append(.region)
                    case "lang": tokens.append(.lang)
                    default: return (tokens, pool, alternatives, "unknown substitution variable $(\(name))")
                    }
                }
                i = close + 1
            } else {
                if literalStart < 0 { literalStart = pool.count }
                pool.append(caseSensitive ? b : ASCII.lower(b))
                i += 1
            }
        }
        flush()
        return (tokens, pool, alternatives, nil)
    }

    @inline(__always) static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    static func scalar(in text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let length = min(scalarLength(text[i]), end - i)
        var value: UInt32 = length == 1 ? UInt32(text[i]) : UInt32(text[i]) & (0xFF >> (length + 1))
        for k in 1..<max(1, length) { value = value << 6 | UInt32(text[i + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Index after the character at `i` (a whole UTF-8 sequence).
    @inline(__always) static func next(_ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var j = i + 1
        while j < end, text[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }

    /// True when the whole of `text[start..<end]` matches.
    func matches(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if problem != nil { return false }
        return needsAutomaton ? matchAutomaton(text, start, end) : matchIterative(text, start, end)
    }

    /// Classic two-pointer glob with one backtrack point: linear, and exact when every token takes one whole
    /// character (or a fixed run of ASCII) wherever it starts, as in every pattern without variables or case-folded
    /// non-ASCII letters.
    private func matchIterative(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var ti = 0
        var si = start
        var starTi = -1
        var starSi = start
        let count = tokens.count
        while true {
            if ti == count && si == end { return true }
            if ti < count {
                if tokens[ti] == .star {
                    starTi = ti
                    starSi = si
                    ti += 1
                    continue
                }
                let next = step(tokens[ti], text, si, end)
                if next >= 0 {
                    si = next
                    ti += 1
                    continue
                }
            }
            if starTi >= 0 && starSi < end {
                starSi = Pattern.next(text, starSi, end)
                si = starSi
                ti = starTi + 1
                continue
            }
            return false
        }
    }

    /// Index after a one-way token (any but `*` and a variable) matched at `i`, or -1.
    @inline(__always) func step(_ token: Token, _ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        switch token {
        case .literal(let a, let b):
            return matchLiteral(a, b, text, i, end)
        case .one:
            return i < end ? Pattern.next(text, i, end) : -1
        case .charClass(let cls):
            guard i < end else { return -1 }
            let c = text[i]
            let isUpper = c >= 65 && c <= 90
            let isLower = c >= 97 && c <= 122
            let isDigit = c >= 48 && c <= 57
            let ok: Bool
            switch cls {
            case .alpha: ok = isUpper || isLower
            case .upper: ok = isUpper
            case .lower: ok = isLower
            case .alnum: ok = isUpper || isLower || isDigit
            case .digit: ok = isDigit
            case .xdigit: ok = isDigit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
            }
            return ok ? i + 1 : -1
        case .region, .lang:
            guard i + 2 <= end else { return -1 }
            let a = text[i]
            let b = text[i + 1]
            let bothUpper = a >= 65 && a <= 90 && b >= 65 && b <= 90
            let bothLower = a >= 97 && a <= 122 && b >= 97 && b <= 122
            // swcd accepts the upper- and lower-case forms; a case-insensitive rule accepts any mix.
            let mixed = !caseSensitive && (a | 0x20) >= 97 && (a | 0x20) <= 122 && (b | 0x20) >= 97 && (b | 0x20) <= 122
            guard bothUpper || bothLower || mixed else { return -1 }
            let index = Int((a | 0x20) - 97) * 26 + Int((b | 0x20) - 97)
            let table = token == .region ? BuiltinVariables.regionTable : BuiltinVariables.languageTable
            return table[index] ? i + 2 : -1
        case .star, .variable:
            return -1
        }
    }

    @inline(__always) private func matchLiteral(
        _ a: Int, _ b: Int, _ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int
    ) -> Int {
        var p = a
        var s = i
        if caseSensitive {
            guard b - a <= end - i else { return -1 }
            while p < b {
                if pool[p] != text[s] { return -1 }
                p += 1
                s += 1
            }
            return s
        }
        while p < b {
            guard s < end else { return -1 }
            let pc = pool[p]
            let tc = text[s]
            if pc < 0x80 && tc < 0x80 {
                if pc != ASCII.lower(tc) { return -1 }
                p += 1
                s += 1
                continue
            }
            // Non-ASCII under caseSensitive:false: compare whole characters by their lower-case forms.
            guard pc >= 0x80, tc >= 0x80 else { return -1 }
            let (ps, pl) = pool.withUnsafeBufferPointer { Pattern.scalar(in: $0, at: p, end: b) } ?? ("\u{0}", 1)
            guard let (ts, tl) = Pattern.scalar(in: text, at: s, end: end) else { return -1 }
            if ps != ts && ps.properties.lowercaseMapping != ts.properties.lowercaseMapping { return -1 }
            p += pl
            s += tl
        }
        return s
    }
}
