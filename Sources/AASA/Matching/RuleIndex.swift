/// A literal-anchor index over one entry's rules, so a file at Apple's 128 KiB limit (thousands of rules)
/// is not scanned rule by rule for every URL.
///
/// Most rules pin a literal at a fixed byte offset of the normalised path (`/p123/*` pins "/p123/" at 0,
/// `/$(lang)_$(region)/c5/*` pins "/c5/" at 6). A URL can only match a rule whose literal is at that offset
/// of its path, so one hash lookup per (offset, length) group finds the candidates. Candidates are then
/// evaluated in file order with the ordinary matcher: the index only skips rules that cannot match.
///
/// All plain data, read without reference counting: each group is an open-addressed table (a slice of `keys` and
/// `lists`) from the anchor's hash to its rules, listed in `members` in file order; the hit lists are merged in
/// file order on the stack, so a URL costs no allocation.
final class RuleIndex: Sendable {
    struct Group: Sendable {
        var offset: Int
        var length: Int
        var folded: Bool
        var decoded: Bool
        /// The group's first slot in `keys` and `lists`; it has `mask + 1` slots (a power of two).
        var slots: Int
        var mask: Int
    }

    let groups: [Group]
    /// Each slot's anchor hash.
    let keys: [UInt64]
    /// Each slot's rules in `members`; empty for a vacant slot.
    let lists: [Range<Int>]
    /// Rule indices, each hit list in file order.
    let members: [Int]
    /// Rules without a usable anchor, in `members`: always candidates.
    let always: Range<Int>

    init(rules: [Matcher.Rule], range: Range<Int>) {
        var shapes: [(offset: Int, length: Int, folded: Bool, decoded: Bool)] = []
        var tables: [[UInt64: [Int]]] = []
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
                g = shapes.count
                groupIndex[key] = g
                shapes.append((offset, bytes.count, folded, !rule.percentEncoded))
                tables.append([:])
            }
            let h = bytes.withUnsafeBufferPointer { RuleIndex.hash($0, folded: false) }
            tables[g][h, default: []].append(i)
        }
        var members = always
        self.always = 0..<always.count
        var groups: [Group] = []
        var keys: [UInt64] = []
        var lists: [Range<Int>] = []
        for (shape, table) in zip(shapes, tables) {
            var size = 2
            while size < 2 * table.count { size *= 2 }
            let first = keys.count
            keys += repeatElement(0, count: size)
            lists += repeatElement(0..<0, count: size)
            for (h, rules) in table {
                var slot = Int(truncatingIfNeeded: h) & (size - 1)
                while !lists[first + slot].isEmpty { slot = (slot + 1) & (size - 1) }
                keys[first + slot] = h
                lists[first + slot] = members.count..<(members.count + rules.count)
                members += rules
            }
            groups.append(
                Group(
                    offset: shape.offset, length: shape.length, folded: shape.folded, decoded: shape.decoded,
                    slots: first, mask: size - 1))
        }
        self.groups = groups
        self.keys = keys
        self.lists = lists
        self.members = members
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

    /// The first rule that matches: the candidates of every group whose anchor the path has, in file order.
    func firstMatch(_ prefixes: LiteralPrefixes, _ url: PreparedURL) -> Int? {
        url.withViews { raw, decoded in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: groups.count + 1) { heads in
                var count = 0
                if !always.isEmpty {
                    heads[0] = always
                    count = 1
                }
                groups.withUnsafeBufferPointer { groups in
                    keys.withUnsafeBufferPointer { keys in
                        lists.withUnsafeBufferPointer { lists in
                            for group in groups {
                                let path = group.decoded ? decoded.path : raw.path
                                guard group.offset + group.length <= path.count else { continue }
                                let start = path.lowerBound + group.offset
                                let h = RuleIndex.hash(
                                    UnsafeBufferPointer(rebasing: raw.bytes[start..<(start + group.length)]),
                                    folded: group.folded)
                                var slot = Int(truncatingIfNeeded: h) & group.mask
                                while !lists[group.slots + slot].isEmpty {
                                    if keys[group.slots + slot] == h {
                                        heads[count] = lists[group.slots + slot]
                                        count += 1
                                        break
                                    }
                                    slot = (slot + 1) & group.mask
                                }
                            }
                        }
                    }
                }
                // Merge the hit lists, each in file order, evaluating the smallest rule first.
                return members.withUnsafeBufferPointer { members -> Int? in
                    while true {
                        var best = -1
                        var rule = Int.max
                        for k in 0..<count where !heads[k].isEmpty && members[heads[k].lowerBound] < rule {
                            best = k
                            rule = members[heads[k].lowerBound]
                        }
                        guard best >= 0 else { return nil }
                        heads[best] = (heads[best].lowerBound + 1)..<heads[best].upperBound
                        if prefixes.matches(rule, raw, decoded) { return rule }
                    }
                }
            }
        }
    }
}
