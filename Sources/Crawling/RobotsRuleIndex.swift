/// robots.txt rules ordered by the literal bytes before their first `*`: a rule can only match a path that starts
/// with its literal prefix, so a crawl checks each URL against those few rules rather than against every rule of a
/// robots.txt that may hold tens of thousands. The order is all it keeps (one integer per rule).
struct RobotsRuleIndex: Sendable, Equatable {
    /// Rule numbers sorted by literal prefix, a prefix before every longer prefix that extends it.
    let order: [Int]

    init(_ rules: [Robots.Rule]) {
        order = rules.indices.sorted { lhs, rhs in
            let a = rules[lhs].compiled
            let b = rules[rhs].compiled
            let (x, y) = (a.bytes[..<a.literal], b.bytes[..<b.literal])
            return x.lexicographicallyPrecedes(y) || (x == y && lhs < rhs)
        }
    }

    /// Calls `body` with the number of every rule whose literal prefix starts `path`, shortest prefix first: a walk
    /// down the sorted order narrowing the range one path byte at a time (O(path length × log rules)).
    func candidates(for path: [UInt8], in rules: [Robots.Rule], _ body: (Int) -> Void) {
        var lo = 0
        var hi = order.count
        var depth = 0
        while lo < hi {
            // Within the range every prefix shares the path's first `depth` bytes; those exactly that long sort first.
            while lo < hi, rules[order[lo]].compiled.literal == depth {
                body(order[lo])
                lo += 1
            }
            guard lo < hi, depth < path.count else { return }
            // The rest are longer: keep those whose next byte is the path's.
            let byte = path[depth]
            let d = depth
            lo = partition(lo, hi) { rules[$0].compiled.bytes[d] >= byte }
            hi = partition(lo, hi) { rules[$0].compiled.bytes[d] > byte }
            depth += 1
        }
    }

    /// The first position in `lo..<hi` whose rule satisfies `above` (false then true along the order).
    private func partition(_ lo: Int, _ hi: Int, _ above: (Int) -> Bool) -> Int {
        var lo = lo
        var hi = hi
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if above(order[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
