/// Android's `android.os.PatternMatcher`, ported step for step: how a manifest's `android:path*` attributes and a
/// dynamic rule's expressions match a URL part on the device.
///
/// Matching runs on UTF-16 code units, as Java's `String.charAt` does, and never backtracks: in a simple glob `.*`
/// consumes up to the first occurrence of the next pattern character (`te.*st` does not match `testst`), and in an
/// advanced glob every token takes as many characters as it can. An escaped `.` in a simple glob is a literal dot,
/// as in the current source; older releases let `\.` match any character.
///
/// - SeeAlso: AOSP `core/java/android/os/PatternMatcher.java` (github.com/yaap/frameworks_base at
///   `a058b330f795e026283ea9846a9a77a1f9326a55`: `matchPattern`, `matchGlobPattern`, `parseAndVerifyAdvancedPattern`,
///   `matchAdvancedPattern`).
public struct PatternMatcher: Hashable, Sendable {
    /// The pattern types, numbered as Android numbers them (`PATTERN_LITERAL` … `PATTERN_SUFFIX`).
    public enum Kind: Int, Hashable, Sendable, CaseIterable {
        case literal = 0
        case prefix = 1
        case simpleGlob = 2
        case advancedGlob = 3
        case suffix = 4

        /// The manifest attribute that makes this type, as `toPrettyString` names it.
        public var attribute: String {
            switch self {
            case .literal: "android:path"
            case .prefix: "android:pathPrefix"
            case .simpleGlob: "android:pathPattern"
            case .advancedGlob: "android:pathAdvancedPattern"
            case .suffix: "android:pathSuffix"
            }
        }
    }

    /// An advanced pattern Android's parser refuses (it throws `IllegalArgumentException`, so the manifest's filter
    /// cannot be built): the reason in the parser's words.
    public struct Malformed: Error, Hashable, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    public let pattern: String
    /// Android's type number; a number outside `Kind` is kept because Android keeps it, and it never matches.
    public let type: Int
    private let units: [UInt16]
    private let parsed: [Int32]

    public var kind: Kind? { Kind(rawValue: type) }

    public init(_ pattern: String, _ kind: Kind) throws(Malformed) {
        try self.init(pattern, type: kind.rawValue)
    }

    public init(_ pattern: String, type: Int) throws(Malformed) {
        self.pattern = pattern
        self.type = type
        self.units = Array(pattern.utf16)
        self.parsed = type == Kind.advancedGlob.rawValue ? try Self.parseAdvanced(units) : []
    }

    public func matches(_ string: String) -> Bool {
        matches(utf16: Array(string.utf16))
    }

    public func matches(utf16 match: [UInt16]) -> Bool {
        switch Kind(rawValue: type) {
        case .literal: return match == units
        case .prefix: return match.starts(with: units)
        case .simpleGlob: return Self.matchGlob(units, match)
        case .advancedGlob: return Self.matchAdvanced(parsed, match)
        case .suffix: return match.count >= units.count && match.suffix(units.count).elementsEqual(units)
        case nil: return false
        }
    }

    // MARK: Simple glob (`matchGlobPattern`)

    private static let dot = UInt16(UInt8(ascii: "."))
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let backslash = UInt16(UInt8(ascii: "\\"))

    /// `*` repeats the character before it (any character after an unescaped `.`), `.` is any character, `\`
    /// escapes; 0 stands for "past the end" as Java's `(char) 0` does.
    static func matchGlob(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let np = pattern.count
        if np <= 0 { return match.count <= 0 }
        let nm = match.count
        var ip = 0
        var im = 0
        var nextChar = pattern[0]
        func advance() {
            ip += 1
            nextChar = ip < np ? pattern[ip] : 0
        }
        while ip < np && im < nm {
            var c = nextChar
            advance()
            let escaped = c == backslash
            if escaped {
                c = nextChar
                advance()
            }
            if nextChar == star {
                if !escaped && c == dot {
                    if ip >= np - 1 { return true }  // `.*` ends the pattern: everything left matches
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash { advance() }
                    // Consume up to the first occurrence of the next pattern character: no backtracking.
                    repeat {
                        if match[im] == nextChar { break }
                        im += 1
                    } while im < nm
                    if im == nm { return false }
                    advance()
                    im += 1
                } else {
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < nm
                    advance()
                }
            } else {
                let literal = c != dot || escaped
                if literal && match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= nm { return true }
        // The match is used up but the pattern still ends in `.*`.
        return ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }

    // MARK: Advanced glob (`parseAndVerifyAdvancedPattern`, `matchAdvancedPattern`)

    private static let maxPatternStorage = 2048
    private static let setStart: Int32 = -1
    private static let inverseSetStart: Int32 = -2
    private static let setStop: Int32 = -3
    private static let anyChar: Int32 = -4
    private static let rangeStart: Int32 = -5
    private static let rangeStop: Int32 = -6
    private static let zeroOrMore: Int32 = -7
    private static let oneOrMore: Int32 = -8

    private static func isModifier(_ token: Int32) -> Bool {
        token == oneOrMore || token == zeroOrMore || token == rangeStop || token == rangeStart
    }

    /// Parses an advanced pattern into Android's token array (characters as themselves, placeholders negative),
    /// throwing where Android throws.
    static func parseAdvanced(_ pattern: [UInt16]) throws(Malformed) -> [Int32] {
        var out: [Int32] = []
        var ip = 0
        let lp = pattern.count
        var inSet = false
        var inRange = false
        var inCharClass = false
        func char(_ ascii: Character) -> UInt16 { UInt16(ascii.asciiValue!) }
        while ip < lp {
            if out.count > maxPatternStorage - 3 { throw Malformed("Pattern is too large!") }
            var c = pattern[ip]
            var add = false
            switch c {
            case char("["):
                if inSet {
                    add = true
                } else {
                    try openSet(pattern, at: &ip, into: &out)
                    inSet = true
                    continue
                }
            case char("]"):
                if !inSet {
                    add = true
                } else {
                    let last = out[out.count - 1]
                    if last == setStart || last == inverseSetStart {
                        throw Malformed("You must define characters in a set.")
                    }
                    out.append(setStop)
                    inSet = false
                    inCharClass = false
                }
            case char("{"):
                if !inSet {
                    if out.isEmpty || isModifier(out[out.count - 1]) {
                        throw Malformed("Modifier must follow a token.")
                    }
                    out.append(rangeStart)
                    ip += 1
                    inRange = true
                }
            case char("}"):
                if inRange {
                    out.append(rangeStop)
                    inRange = false
                }
            case char("*"), char("+"):
                if !inSet {
                    if out.isEmpty || isModifier(out[out.count - 1]) {
                        throw Malformed("Modifier must follow a token.")
                    }
                    out.append(c == char("*") ? zeroOrMore : oneOrMore)
                }
            case char("."):
                if !inSet { out.append(anyChar) }
            case char("\\"):
                if ip + 1 >= lp { throw Malformed("Escape found at end of pattern!") }
                ip += 1
                c = pattern[ip]
                add = true
            default:
                add = true
            }
            if inSet {
                appendSetMember(c, pattern, at: &ip, inCharClass: &inCharClass, into: &out)
            } else if inRange {
                let (low, high, end) = try rangeBounds(pattern, from: ip)
                out.append(low)
                out.append(high)
                ip = end
                continue
            } else if add {
                out.append(Int32(c))
            }
            ip += 1
        }
        if inSet { throw Malformed("Set was not terminated!") }
        return out
    }

    /// `[` or `[^` at `ip`: the set's start token, `ip` left on its last character.
    private static func openSet(_ pattern: [UInt16], at ip: inout Int, into out: inout [Int32]) throws(Malformed) {
        // Java reads one past a trailing '[' and throws; the pattern is as unusable either way.
        guard ip + 1 < pattern.count else { throw Malformed("Set was not terminated!") }
        if pattern[ip + 1] == UInt16(UInt8(ascii: "^")) {
            out.append(inverseSetStart)
            ip += 1
        } else {
            out.append(setStart)
        }
        ip += 1
    }

    /// One character inside a set: a literal is a range of one; `a-z` gives a range's two ends, over two calls.
    private static func appendSetMember(
        _ c: UInt16, _ pattern: [UInt16], at ip: inout Int, inCharClass: inout Bool, into out: inout [Int32]
    ) {
        if inCharClass {
            out.append(Int32(c))
            inCharClass = false
        } else if ip + 2 < pattern.count && pattern[ip + 1] == UInt16(UInt8(ascii: "-"))
            && pattern[ip + 2] != UInt16(UInt8(ascii: "]"))
        {
            inCharClass = true
            out.append(Int32(c))  // the lower end of a range
            ip += 1
        } else {
            out.append(Int32(c))  // a literal is a range of one
            out.append(Int32(c))
        }
    }

    /// A quantifier's bounds (`{n}`, `{n,}`, `{n,m}`) read from `ip`, just past its `{`, and the index of its `}`.
    private static func rangeBounds(
        _ pattern: [UInt16], from ip: Int
    ) throws(Malformed) -> (low: Int32, high: Int32, end: Int) {
        guard let end = pattern[ip...].firstIndex(of: UInt16(UInt8(ascii: "}"))) else {
            throw Malformed("Range not ended with '}'")
        }
        let text = pattern[ip..<end]
        let bounds: (Int32, Int32)
        if let comma = text.firstIndex(of: UInt16(UInt8(ascii: ","))) {
            guard let low = javaParseInt(text[..<comma]) else { throw Malformed("Range number format incorrect") }
            if comma == end - 1 {
                bounds = (low, Int32.max)
            } else {
                guard let high = javaParseInt(text[(comma + 1)...]) else {
                    throw Malformed("Range number format incorrect")
                }
                bounds = (low, high)
            }
        } else {
            guard let value = javaParseInt(text) else { throw Malformed("Range number format incorrect") }
            bounds = (value, value)
        }
        if bounds.0 > bounds.1 { throw Malformed("Range quantifier minimum is greater than maximum") }
        return (bounds.0, bounds.1, end)
    }

    /// Java's `Integer.parseInt` on ASCII: an optional sign, then decimal digits, within 32 bits.
    private static func javaParseInt(_ units: ArraySlice<UInt16>) -> Int32? {
        guard let text = String(utf16CodeUnits: Array(units), count: units.count).nilIfEmpty,
            text.unicodeScalars.dropFirst(text.first == "+" || text.first == "-" ? 1 : 0).allSatisfy({
                $0.properties.numericType == .decimal && $0.isASCII
            })
        else { return nil }
        return Int32(text.first == "+" ? String(text.dropFirst()) : text)
    }

    private enum Token { case literal, any, set, inverseSet }

    /// Each token (with its repetition) takes as many characters as it can, then the next token goes on from
    /// there: no backtracking.
    static func matchAdvanced(_ parsed: [Int32], _ match: [UInt16]) -> Bool {
        var ip = 0
        var im = 0
        let lp = parsed.count
        let lm = match.count
        while ip < lp {
            let token: Token
            var start = 0
            var end = 0
            switch parsed[ip] {
            case anyChar:
                token = .any
                ip += 1
            case setStart, inverseSetStart:
                token = parsed[ip] == setStart ? .set : .inverseSet
                start = ip + 1
                ip += 1
                while ip < lp && parsed[ip] != setStop { ip += 1 }
                end = ip - 1
                ip += 1
            default:
                start = ip
                token = .literal
                ip += 1
            }
            var minimum: Int32 = 1
            var maximum: Int32 = 1
            if ip < lp {
                switch parsed[ip] {
                case zeroOrMore:
                    (minimum, maximum) = (0, .max)
                    ip += 1
                case oneOrMore:
                    (minimum, maximum) = (1, .max)
                    ip += 1
                case rangeStart:
                    minimum = parsed[ip + 1]
                    maximum = parsed[ip + 2]
                    ip += 4  // past the two bounds and the range's stop
                default:
                    break
                }
            }
            if minimum > maximum { return false }
            var matched: Int32 = 0
            while matched < maximum && matchChar(match, im + Int(matched), lm, token, parsed, start, end) {
                matched += 1
            }
            if matched < minimum { return false }
            im += Int(matched)
        }
        return ip >= lp && im >= lm
    }

    private static func matchChar(
        _ match: [UInt16], _ im: Int, _ lm: Int, _ token: Token, _ parsed: [Int32], _ start: Int, _ end: Int
    ) -> Bool {
        if im >= lm { return false }
        let c = Int32(match[im])
        switch token {
        case .any:
            return true
        case .set, .inverseSet:
            var inside = false
            var i = start
            while i < end {
                if c >= parsed[i] && c <= parsed[i + 1] {
                    inside = true
                    break
                }
                i += 2
            }
            return token == .set ? inside : !inside
        case .literal:
            return c == parsed[start]
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
