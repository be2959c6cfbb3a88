/// The crawl-trap defences: URL patterns that generate pages without end (calendars, session paths, faceted
/// navigation), recognised from the URLs alone before they are fetched.
struct CrawlTrapDetector {
    /// How many levels deeper than the first page of a URL shape a page of that shape may be found.
    let chainLimit: Int
    /// A path may be found with four times this many distinct query strings; one more is a trap.
    let parameterCombinations: Int
    /// The depth at which each URL shape was first seen.
    private var chainStart: [String: Int] = [:]
    /// The parameter names and values seen per path.
    private var combinations: [String: Set<String>] = [:]

    init(chainLimit: Int, parameterCombinations: Int) {
        self.chainLimit = chainLimit
        self.parameterCombinations = parameterCombinations
    }

    /// The trap a URL found at `depth` falls into, if any. Checked in order: repeating segments, then the chain
    /// (the first URL of a shape sets where its chain starts), then the query strings (those of a URL cut as a
    /// trap are not kept).
    mutating func trap(_ parts: PathParts, depth: Int) -> CrawlTrap? {
        if parts.hasRepeatingSegment { return .repeatingSegments }
        let shape = parts.shape
        if let first = chainStart[shape] {
            if depth - first > chainLimit { return .chain(shape: shape, limit: chainLimit) }
        } else {
            chainStart[shape] = depth
        }
        if !parts.query.isEmpty {
            var combos = combinations[parts.path, default: []]
            combos.insert(parts.names + "=" + parts.query)
            if combos.count > parameterCombinations * 4 { return .parameterExplosion(path: parts.path) }
            combinations[parts.path] = combos
        }
        return nil
    }
}

/// A crawl trap a URL was recognised as; `description` is the note its row gets after "not crawled: ".
enum CrawlTrap: Equatable, CustomStringConvertible {
    /// A path segment occurring three times or more (/a/b/a/b/a/…): relative links resolving ever deeper.
    case repeatingSegments
    /// A page of `shape` found more than `limit` levels below the first page of that shape (next month, next
    /// page, …).
    case chain(shape: String, limit: Int)
    /// More distinct query strings on one path than the parameter defence allows.
    case parameterExplosion(path: String)

    var description: String {
        switch self {
        case .repeatingSegments: "crawl trap (repeating path segments)"
        case .chain(let shape, let limit): "crawl trap (a chain of more than \(limit) \(shape) pages)"
        case .parameterExplosion(let path): "crawl trap (parameter explosion on \(path))"
        }
    }
}
