/// One compiled rule against one prepared URL, in swcd's order: path, fragment, query.
extension Matcher {
    /// Which part of a rule failed first; a plain enum so the hot path never builds strings.
    enum Failure: Equatable {
        case broken, path, fragment, query
        case queryItem(Int, absent: Bool)
    }

    /// Nil when the rule matches; otherwise the first part that differs, in swcd's order (path, fragment, query).
    static func evaluate(_ rule: Rule, _ url: PreparedURL) -> Failure? {
        url.withViews { evaluate(rule, $0, $1) }
    }

    /// `evaluate` on a URL's views (`PreparedURL.withViews`): the form for loops over rules.
    @inline(__always) static func evaluate(
        _ rule: Rule, _ raw: PreparedURL.View, _ decoded: PreparedURL.View
    ) -> Failure? {
        if rule.broken != nil { return .broken }
        let view = rule.percentEncoded ? raw : decoded
        let buffer = view.bytes
        if !rule.path.isMatchAll, !rule.path.matches(buffer, view.path.lowerBound, view.path.upperBound) {
            return .path
        }
        if !rule.fragment.isMatchAll, !rule.fragment.matches(buffer, view.fragment.lowerBound, view.fragment.upperBound)
        {
            return .fragment
        }
        if let items = rule.queryItems {
            for k in items.indices {
                var found = false
                for j in 0..<view.itemCount {
                    let item = view.item(j)
                    guard Matcher.equal(buffer, item.name, items[k].name) else { continue }
                    found = true
                    if !items[k].pattern.matches(buffer, item.value.lowerBound, item.value.upperBound) {
                        return .queryItem(k, absent: false)
                    }
                }
                // An absent item is matched as the empty string.
                if !found, !items[k].pattern.matches(buffer, 0, 0) { return .queryItem(k, absent: true) }
            }
        } else if let pattern = rule.wholeQuery, !pattern.isMatchAll,
            !pattern.matches(buffer, view.query.lowerBound, view.query.upperBound)
        {
            return .query
        }
        return nil
    }

    @inline(__always) static func equal(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]
    ) -> Bool {
        guard range.count == name.count else { return false }
        var i = 0
        for b in name {
            if buffer[range.lowerBound + i] != b { return false }
            i += 1
        }
        return true
    }
}
