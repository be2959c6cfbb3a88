/// The crawl's de-duplication set: each URL key's row, kept as a hash and a row number in one open-addressing
/// table (8 bytes a slot, at most three quarters full) instead of a dictionary holding every key as a string. Hashes can
/// collide, so a lookup confirms each candidate row against the key itself (`isKey`, reading the URL table).
struct URLKeyIndex {
    /// 0 is empty; else the hash's high 32 bits, then the row plus one.
    private var slots: [UInt64]
    private(set) var count = 0
    private let hash: (String) -> UInt64

    /// `hash` is replaceable so tests can make every key collide.
    init(hash: @escaping (String) -> UInt64 = { UInt64(bitPattern: Int64($0.hashValue)) }) {
        self.hash = hash
        slots = Array(repeating: 0, count: 1_024)
    }

    /// The row of `key`, if one was inserted: `isKey` says whether a candidate row's key is `key`.
    func row(of key: String, isKey: (Int) -> Bool) -> Int? {
        let tag = hash(key) >> 32
        let mask = slots.count - 1
        var slot = Int(tag) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            if entry >> 32 == tag, isKey(Int(entry & 0xFFFF_FFFF) - 1) { return Int(entry & 0xFFFF_FFFF) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records `key` at `row` (0 ..< 2^32 - 1); the caller has checked that it is not there yet.
    mutating func insert(_ key: String, row: Int) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(hash(key) >> 32, row: row)
        count += 1
    }

    /// A tag's home slot is its low bits: kept in the entry, so growing never needs the key.
    private mutating func place(_ tag: UInt64, row: Int) {
        let mask = slots.count - 1
        var slot = Int(tag) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = tag << 32 | UInt64(row + 1)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        for entry in old where entry != 0 { place(entry >> 32, row: Int(entry & 0xFFFF_FFFF) - 1) }
    }
}
