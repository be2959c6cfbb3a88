/// A set of text positions `0...n` as a bitset over storage the caller owns (a stack scratch area for one call), so
/// the pattern automaton allocates nothing per URL and shares nothing between threads.
struct PositionSet {
    private let words: UnsafeMutablePointer<UInt64>
    private let count: Int

    /// `count` words of `storage`: room for positions `0..<count * 64`.
    init(_ storage: UnsafeMutablePointer<UInt64>, count: Int) {
        words = storage
        self.count = count
    }

    /// Words needed for positions `0...n`.
    @inline(__always) static func words(for n: Int) -> Int { n / 64 + 1 }

    @inline(__always) func removeAll() { words.update(repeating: 0, count: count) }

    @inline(__always) func insert(_ p: Int) { words[p &>> 6] |= 1 &<< UInt64(p & 63) }

    @inline(__always) func contains(_ p: Int) -> Bool { words[p &>> 6] & (1 &<< UInt64(p & 63)) != 0 }

    var isEmpty: Bool {
        for k in 0..<count where words[k] != 0 { return false }
        return true
    }

    /// The smallest position, if any.
    var first: Int? {
        for k in 0..<count where words[k] != 0 { return k &* 64 &+ words[k].trailingZeroBitCount }
        return nil
    }

    /// Inserts every position of `lower...upper`.
    func insertAll(_ lower: Int, through upper: Int) {
        guard lower <= upper else { return }
        let first = lower &>> 6
        let last = upper &>> 6
        let low = UInt64.max &<< UInt64(lower & 63)
        let high = UInt64.max &>> UInt64(63 - (upper & 63))
        if first == last {
            words[first] |= low & high
            return
        }
        words[first] |= low
        for k in (first + 1)..<last { words[k] = .max }
        words[last] |= high
    }

    /// `into` = every position of this set plus one, up to `limit`.
    func shifted(into: PositionSet, limit: Int) {
        var carry: UInt64 = 0
        for k in 0..<count {
            let word = words[k]
            into.words[k] = word &<< 1 | carry
            carry = word &>> 63
        }
        let over = limit + 1
        if over &>> 6 < count { into.words[over &>> 6] &= ~(1 &<< UInt64(over & 63)) }
    }

    func copy(from other: PositionSet) { words.update(from: other.words, count: count) }

    func formUnion(_ other: PositionSet) {
        for k in 0..<count { words[k] |= other.words[k] }
    }

    /// Calls `body` with each position, in increasing order.
    @inline(__always) func forEach(_ body: (Int) -> Void) {
        for k in 0..<count {
            var word = words[k]
            while word != 0 {
                body(k &* 64 &+ word.trailingZeroBitCount)
                word &= word &- 1
            }
        }
    }
}
