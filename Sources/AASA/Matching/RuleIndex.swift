/// A literal-anchor index over one entry's rules, so a file at Apple's 128 KiB limit (thousands of rules)
/// is not scanned rule by rule for every URL.
///
/// Most rules pin a literal at a fixed byte offset of the normalised path (`/p123/*` pins "/p123/" at 0,
/// `/$(lang)_$(region)/c5/*` pins "/c5/" at 6). A URL can only match a rule whose literal is at that offset
/// of its path, so one hash lookup per (offset, length) group finds the candidates. Candidates are then
/// evaluated in file order with the ordinary matcher: the index only skips rules that cannot match.
final class RuleIndex: Sendable {
    struct Group: Sendable {
        var offset: Int
        var length: Int
        var folded: Bool
        var decoded: Bool
        var table: [UInt64: [Int]]
    }

    let groups: [Group]
    /// Rules without a usable anchor: always candidates.
    let always: [Int]

    init(rules: [Matcher.Rule], range: Range<Int>) {
        var groups: [Group] = []
        var always: [Int] = []
        var groupIndex: [String: Int] = [:]
        for i in range {
            let rule = rules[i]
            if rule.broken != nil || rule.path.problem != nil { continue }  // never matches: never a candidate
            guard let (offset, bytes) = RuleIndex.anchor(rule.path) else {
                always.append(i)
                continue
            }
            let folded = !rule.path.caseSensitive
            let key = "\(offset):\(bytes.count):\(folded):\(!rule.percentEncoded)"
            let g: Int
            if let existing = groupIndex[key] {
                g = existing
            } else {
                g = groups.count
                groupIndex[key] = g
                groups.append(
                    Group(
                        offset: offset, length: bytes.count, folded: folded, decoded: !rule.percentEncoded, table: [:]))
            }
            let h = bytes.withUnsafeBufferPointer { RuleIndex.hash($0, folded: false) }
            groups[g].table[h, default: []].append(i)
        }
        self.groups = groups
        self.always = always
    }

    /// The longest literal at a fixed byte offset before the first variable-width token.
    static func anchor(_ pattern: Pattern) -> (Int, [UInt8])? {
        var offset = 0
        var best: (Int, [UInt8])?
        for token in pattern.tokens {
            switch token {
            case .literal(let a, let b):
                let bytes = Array(pattern.pool[a..<b])
                // Non-ASCII under case folding compares whole characters: leave such rules unindexed.
                let usable = pattern.caseSensitive || bytes.allSatisfy { $0 < 0x80 }
                if usable, !(offset == 0 && bytes == [UInt8(ascii: "/")]), bytes.count > (best?.1.count ?? 0) {
                    best = (offset, bytes)
                }
                offset += bytes.count
            case .charClass: offset += 1
            case .region, .lang: offset += 2
            case .star, .one, .variable: return best
            }
        }
        return best
    }

    /// FNV-1a; collisions are harmless because candidates are matched in full afterwards.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h = (h ^ UInt64(folded ? ASCII.lower(b) : b)) &* 0x100_0000_01b3
        }
        return h
    }

    func firstMatch(_ prefixes: LiteralPrefixes, _ url: PreparedURL) -> Int? {
        url.withViews { raw, decoded in
            var candidates = always
            for group in groups {
                let path = group.decoded ? decoded.path : raw.path
                guard group.offset + group.length <= path.count else { continue }
                let start = path.lowerBound + group.offset
                let h = RuleIndex.hash(
                    UnsafeBufferPointer(rebasing: raw.bytes[start..<(start + group.length)]), folded: group.folded)
                if let hits = group.table[h] { candidates += hits }
            }
            if candidates.count != always.count { candidates.sort() }
            for i in candidates where prefixes.matches(i, raw, decoded) { return i }
            return nil
        }
    }
}
