/// What a run reports one entry at a time but must not let grow with its input: the first `RefusedInputs.kept`
/// entries kept, the rest only counted (refused input lines, `links`' skipped entries). A list of a million junk
/// lines costs a thousand entries and a number.
public struct CappedList<Element: Sendable & Equatable>: Sendable, Equatable {
    public private(set) var entries: [Element] = []
    /// Entries past `RefusedInputs.kept`: counted, not kept.
    public private(set) var omitted = 0

    public init() {}

    /// `entries` past `RefusedInputs.kept` are counted with `omitted`.
    public init(entries: [Element], omitted: Int) {
        self.entries = Array(entries.prefix(RefusedInputs.kept))
        self.omitted = RefusedInputs.sum(omitted, entries.count - self.entries.count)
    }

    public var isEmpty: Bool { entries.isEmpty && omitted == 0 }

    /// Every entry, kept or counted.
    public var count: Int { RefusedInputs.sum(entries.count, omitted) }

    /// Keeps `entry` while fewer than `RefusedInputs.kept` are kept, else counts it; the entry is only built when
    /// kept.
    public mutating func append(_ entry: @autoclosure () -> Element) {
        if entries.count < RefusedInputs.kept {
            entries.append(entry())
        } else {
            omitted = RefusedInputs.sum(omitted, 1)
        }
    }
}
