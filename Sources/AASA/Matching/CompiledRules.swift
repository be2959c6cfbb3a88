/// A file's applinks rules compiled once: every entry's rules in one flat list, the entry that decides for each
/// app, and the fast-path tables matching reads.
@usableFromInline struct CompiledRules: Sendable {
    /// A compiled entry's position among the compiled entries. It is not the entry's index in the file's `details`
    /// (`CompiledEntry.detailsIndex`): items of `details` that are not objects are skipped when compiling. A type of
    /// its own so the two cannot be mixed up.
    struct Slot: Hashable, Sendable {
        let position: Int
    }

    /// Every entry's compiled rules, flat, so the hot loop walks one buffer without copying rules.
    let rules: [Matcher.Rule]
    private let entries: [CompiledEntry]
    /// The entry deciding for each app: the first that lists it (swcd keys its set by app, service and domain).
    let slotForApp: [String: Slot]
    /// Every app listed for applinks, in file order, each once.
    let appIDs: [String]
    /// The entry deciding for each app of `appIDs`.
    let appSlots: [Slot]
    /// Some rule compares percent-decoded text, so URLs need their decoded view.
    @usableFromInline let needsDecoded: Bool
    let prefixes: LiteralPrefixes
    /// The filter of the only entry, when there is one and it is short: the common file, decided from plain data.
    let singleScan: ScanFilter?

    /// Entries with more rules than this get a literal-anchor index; below it a plain scan is faster.
    static let indexThreshold = 24

    init(_ document: AASADocument) {
        var rules: [Matcher.Rule] = []
        var shapes: [(detailsIndex: Int, rules: Range<Int>, anchors: RuleIndex?)] = []
        var slotForApp: [String: Slot] = [:]
        var needsDecoded = false
        for entry in document.entries {
            let first = rules.count
            for (ruleIndex, node) in entry.rules.enumerated() {
                let rule = Matcher.compile(node, ruleIndex: ruleIndex, entry: entry, document: document)
                needsDecoded = needsDecoded || !rule.percentEncoded
                rules.append(rule)
            }
            let range = first..<rules.count
            let slot = Slot(position: shapes.count)
            for (id, _) in entry.appIDs where slotForApp[id] == nil { slotForApp[id] = slot }
            let anchors = range.count > CompiledRules.indexThreshold ? RuleIndex(rules: rules, range: range) : nil
            shapes.append((entry.detailsIndex, range, anchors))
        }
        let prefixes = LiteralPrefixes(rules)
        let entries = shapes.map {
            CompiledEntry(
                detailsIndex: $0.detailsIndex, rules: $0.rules, anchors: $0.anchors,
                filter: $0.anchors == nil ? ScanFilter(prefixes, rules: $0.rules) : nil)
        }
        self.rules = rules
        self.entries = entries
        self.slotForApp = slotForApp
        self.needsDecoded = needsDecoded
        self.prefixes = prefixes
        appIDs = document.applinksAppIDs
        appSlots = appIDs.map { slotForApp[$0]! }
        singleScan = entries.count == 1 ? entries[0].filter : nil
    }

    var entryCount: Int { entries.count }

    subscript(slot: Slot) -> CompiledEntry { entries[slot.position] }
}

/// One compiled `details` entry; a class so the hot path reads it by reference instead of copying its arrays.
final class CompiledEntry: Sendable {
    /// The entry's index in the file's `details`, as reports name it (`details[N]`).
    let detailsIndex: Int
    /// This entry's rules in `CompiledRules.rules`.
    let rules: Range<Int>
    /// The literal-anchor index over the rules, for entries with many.
    let anchors: RuleIndex?
    /// The second-byte filter over the rules, for short entries.
    let filter: ScanFilter?

    init(detailsIndex: Int, rules: Range<Int>, anchors: RuleIndex?, filter: ScanFilter?) {
        self.detailsIndex = detailsIndex
        self.rules = rules
        self.anchors = anchors
        self.filter = filter
    }
}
