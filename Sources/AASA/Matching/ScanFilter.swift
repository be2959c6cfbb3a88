/// Which rules of a short entry (4 to 32 rules, scanned rather than indexed) a path can match, told by the path's
/// second byte: most rules start with a literal like `/shop/`, so a URL is compared, in file order, with the few rules
/// whose literal prefix agrees with it there instead of with every rule.
struct ScanFilter: Sendable {
    /// The entry's rules; bit k of a mask stands for rule `rules.lowerBound + k`.
    let rules: Range<Int>
    /// For each second byte of the path as written (0..<256) and of the decoded path (256..<512, for rules with
    /// `percentEncoded: false`), its mask's position in `masks`; 0 for none. Bytes, so a filter costs about 600
    /// bytes whatever the entry.
    private let slots: [UInt8]
    /// `masks[0]`: the rules every path is a candidate for (literal prefix shorter than 2 bytes).
    private let masks: [UInt32]

    init?(_ prefixes: LiteralPrefixes, rules: Range<Int>) {
        guard (4...32).contains(rules.count) else { return nil }
        var slots = [UInt8](repeating: 0, count: 512)
        var masks: [UInt32] = [0]
        func add(_ bit: UInt32, at index: Int) {
            if slots[index] == 0 {
                slots[index] = UInt8(masks.count)
                masks.append(0)
            }
            masks[Int(slots[index])] |= bit
        }
        for i in rules {
            let prefix = prefixes.prefixes[i]
            if prefix.never { continue }
            let bit = UInt32(1) << UInt32(i - rules.lowerBound)
            if prefix.length < 2 {
                masks[0] |= bit
                continue
            }
            // A folded prefix is stored lower-cased and compared with the lower-cased path: an upper-case letter in
            // the path agrees with it too.
            let byte = prefixes.pool[Int(prefix.start) + 1]
            let base = prefix.decoded ? 256 : 0
            add(bit, at: base + Int(byte))
            if prefix.folded, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                add(bit, at: base + Int(byte - 0x20))
            }
        }
        // At most two slots per rule: 32 rules need 65 masks, numbered within a byte.
        self.rules = rules
        self.slots = slots
        self.masks = masks
    }

    /// The rules that can match the URL whose views these are (`PreparedURL.withViews`), as a mask.
    @inline(__always) func candidates(_ raw: PreparedURL.View, _ decoded: PreparedURL.View) -> UInt32 {
        slots.withUnsafeBufferPointer { slots in
            masks.withUnsafeBufferPointer { masks in
                var mask = masks[0]
                if raw.path.count > 1 { mask |= masks[Int(slots[Int(raw.bytes[raw.path.lowerBound + 1])])] }
                if decoded.path.count > 1 {
                    mask |= masks[Int(slots[256 + Int(decoded.bytes[decoded.path.lowerBound + 1])])]
                }
                return mask
            }
        }
    }
}
