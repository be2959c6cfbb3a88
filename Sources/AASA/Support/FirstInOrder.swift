extension Array {
    /// Inserts `element` where `precedes` puts it and keeps only the first `limit`: whatever order the same elements
    /// arrive in (pages scanned as their fetches finish, say), the array ends the same, at `limit` elements' memory.
    public mutating func insert(_ element: Element, keepingFirst limit: Int, by precedes: (Element, Element) -> Bool) {
        guard count < limit || last.map({ precedes(element, $0) }) == true else { return }
        insert(element, at: firstIndex { precedes(element, $0) } ?? endIndex)
        if count > limit { removeLast() }
    }
}
