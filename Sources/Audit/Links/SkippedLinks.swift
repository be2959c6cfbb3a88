/// The entries a `links` run skipped, as links.json carries them: the first `RefusedInputs.kept` listed, the rest
/// only counted, as refused lines are (a list of a million `mailto:` lines costs a thousand entries and a number).
public struct SkippedLinks: Sendable, Equatable {
    public private(set) var entries: [SkippedLink] = []
    /// Skipped entries past `RefusedInputs.kept`: counted, not kept.
    public private(set) var omitted = 0

    public init() {}

    /// `entries` past `RefusedInputs.kept` are counted with `omitted`.
    public init(entries: [SkippedLink], omitted: Int) {
        self.entries = Array(entries.prefix(RefusedInputs.kept))
        self.omitted = RefusedInputs.sum(omitted, entries.count - self.entries.count)
    }

    public var isEmpty: Bool { entries.isEmpty && omitted == 0 }

    /// Every skipped entry, listed or counted.
    public var count: Int { RefusedInputs.sum(entries.count, omitted) }

    /// Keeps `entry` while fewer than `RefusedInputs.kept` are kept, else counts it; the entry is only built when
    /// kept.
    public mutating func append(_ entry: @autoclosure () -> SkippedLink) {
        if entries.count < RefusedInputs.kept {
            entries.append(entry())
        } else {
            omitted = RefusedInputs.sum(omitted, 1)
        }
    }
}
