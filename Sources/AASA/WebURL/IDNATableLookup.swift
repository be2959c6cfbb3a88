extension IDNA.Table {
    /// What UTS #46 does with a code point, nontransitional and with UseSTD3ASCIIRules false.
    enum Mapping: Equatable {
        /// Kept as it is (deviations such as `ß` too: nontransitional processing keeps them).
        case valid
        /// Removed, such as the soft hyphen.
        case ignored
        /// Kept by the mapping step, refused by validation.
        case disallowed
        /// Replaced by one code point.
        case scalar(Unicode.Scalar)
        /// Replaced by a sequence of code points (in `mappingPool`).
        case sequence(ArraySlice<UInt32>)
    }

    /// Bidi_Class, as far as RFC 5893 tells the classes apart.
    enum BidiClass: UInt32 {
        case l, r, al, an, en, es, cs, et, on, bn, nsm, other
    }

    /// Joining_Type, as far as RFC 5892's ContextJ rule tells the types apart (C counts as U there).
    enum JoiningType: UInt32 {
        case u, l, d, r, t
    }

    static func mapping(of scalar: Unicode.Scalar) -> Mapping {
        let index = lastIndex(in: mappingStarts, notAbove: scalar.value)
        let entry = mappingValues[index]
        switch entry & 7 {
        case 0: return .valid
        case 1: return .ignored
        case 2: return .disallowed
        case 3:
            let target = Int64(scalar.value) + Int64(Int32(bitPattern: entry) >> 3)
            return Unicode.Scalar(UInt32(target)).map { .scalar($0) } ?? .disallowed
        case 4:
            let offset = Int(entry >> 8)
            return .sequence(mappingPool[offset..<offset + Int((entry >> 3) & 31)])
        default:
            guard (scalar.value - mappingStarts[index]) % 2 == 0 else { return .valid }
            return Unicode.Scalar(scalar.value + 1).map { .scalar($0) } ?? .disallowed
        }
    }

    /// Exact for the code points `mapping(of:)` calls valid; any class for the others.
    static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
        BidiClass(rawValue: packedValue(in: bidiClasses, for: scalar)) ?? .other
    }

    /// Exact for the code points `mapping(of:)` calls valid; any type for the others.
    static func joiningType(of scalar: Unicode.Scalar) -> JoiningType {
        JoiningType(rawValue: packedValue(in: joiningTypes, for: scalar)) ?? .u
    }

    /// The low byte of the last `start << 8 | value` entry whose start is at or below `scalar`.
    private static func packedValue(in table: [UInt32], for scalar: Unicode.Scalar) -> UInt32 {
        var low = 0
        var high = table.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] >> 8 <= scalar.value { low = middle } else { high = middle }
        }
        return table[low] & 0xFF
    }

    /// The index of the last start at or below `value` (every table starts at 0).
    private static func lastIndex(in starts: [UInt32], notAbove value: UInt32) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }
}
