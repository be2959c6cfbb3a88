/// A rule after one that already decides every URL it could match is dead.
public enum UnreachableRule: Check {
    public static let description = CheckDescription(
        id: "unreachable-rule", area: .rules, severity: .warning,
        summary: "Every rule can be reached",
        rationale: """
            Rules are tried in order and the first match decides. A rule whose every URL is already matched by an \
            earlier rule of the same entry never decides: a catch-all `*` before it, a query dictionary whose items \
            also match when absent (`"*"`), or a broader path (`/shop/*` before `/shop/sale/*`). When the dead rule \
            is an exclusion the URLs it meant to keep on the web open the app.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(
                .error,
                when:
                    "the dead rule does the opposite of the one that shadows it (an exclusion that never applies, or a match that never happens)"
            ),
            SeverityChange(
                .info,
                when:
                    "the file's rules need more than \(comparisonBudget / 1_000_000) million comparisons (thousands of rules sharing their start and end): the rules after that point are not checked, and the finding says from which one"
            ),
        ])

    /// Rule pairs compared per file at most. The index below spares most pairs, but thousands of rules that share
    /// their literal start and end (`/*x1y*k`, `/*x2y*k`, …) still meet each other: about 1.5 s in a release build
    /// at this budget, where a 128 KiB file of them would take 20 s per domain.
    static let comparisonBudget = 2_000_000

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/admin/*", "exclude": true}, {"/": "/shop/*"}, {"/": "/help/*", "?": {"id": "?*"}}, {"/": "/help/*"}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}, {"/": "/shop/admin/*", "exclude": true}, {"/": "/help/*", "?": {"id": "*"}}, {"/": "/help/faq"}]}]}}"#,
                at: ["/applinks/details/0/components/1", "/applinks/details/0/components/3"]),
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["*", "NOT /settings/*"]}]}}"#,
                at: ["/applinks/details/0/paths/1"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        run(file, into: &findings, budget: comparisonBudget)
    }

    package static func run(_ file: DecodedFile, into findings: inout FindingSink, budget: Int) {
        guard let document = file.document else { return }
        var comparisons = 0
        for entry in document.entries {
            let rules = entry.rules.enumerated().map {
                Matcher.compile($0.element, ruleIndex: $0.offset, entry: entry, document: document)
            }
            var earlierRules = EarlierRules()
            for (i, later) in rules.enumerated() {
                defer { earlierRules.add(later, index: i) }
                // Thousands of rules sharing a prefix take many seconds: a stopped run does not wait for them.
                if findings.stop.isRequested { return }
                let candidates = earlierRules.candidates(for: later)
                if comparisons + candidates.count > budget {
                    findings.add(
                        description, at: entry.rules[i], severity: .info,
                        "Rules from rule \(i) on were not checked for reachability: this file's rules needed more than "
                            + "\(TruncationFinding.grouped(budget)) comparisons.",
                        why:
                            "Thousands of rules that share their start and end must each be compared with the others; the check stops rather than hold up the audit.",
                        fix:
                            "Fewer, broader rules (one pattern instead of thousands of near-copies) are also easier to keep right."
                    )
                    return
                }
                comparisons += candidates.count
                guard let j = candidates.first(where: { Coverage.covers(rules[$0], later) }) else { continue }
                let earlier = rules[j]
                let inverted = earlier.exclude != later.exclude
                let node = entry.rules[i]
                findings.add(
                    description, at: node, severity: inverted ? .error : .warning,
                    "Rule \(i) \(node.jsonText) is never reached: rule \(j) \(earlier.reference.rule) (line \(earlier.reference.line)) "
                        + "already \(earlier.exclude ? "excludes" : "matches") every URL it would \(later.exclude ? "exclude" : "match").",
                    why: inverted
                        ? (later.exclude
                            ? "The URLs this exclusion was meant to keep on the web open the app instead (first match wins, all iOS versions)."
                            : "The URLs this rule was meant to send to the app stay on the web (first match wins, all iOS versions).")
                        : "The rule is dead weight; usually the order is wrong (first match wins, all iOS versions).",
                    fix: "Move this rule above rule \(j), or delete it if it is redundant.")
            }
        }
    }

    /// The earlier rules of an entry, indexed so a later rule meets only those that may cover it, instead of every
    /// one before it (which made the check quadratic: 145 s on 100,000 rules).
    ///
    /// Two conditions every covering rule meets, both exact consequences of `Coverage`, select the candidates:
    /// - every URL a rule matches starts with its path's literal prefix, so an earlier rule can only cover a later
    ///   one whose prefix extends its own: prefixes go into a trie (one for case-sensitive rules, one for folded
    ///   ones) that the later rule's prefix walks down once;
    /// - the characters a path pattern ends with must end the later pattern too (`Coverage.covers` matches them one
    ///   for one against its last symbols): below each prefix, the earlier rules' trailing characters go into a trie
    ///   read backwards, walked by the later rule's trailing characters.
    ///
    /// A path with substitution variables covers only the same path (`Coverage.covers`), so those rules are found by
    /// their source. Rules that never cover anything (broken, or a path with a problem) are left out. Only pairs
    /// `Coverage.covers` refuses are skipped, so the first earlier rule that covers, and every finding, stay the same.
    struct EarlierRules {
        /// Case-sensitive rules by prefix, then by their trailing characters.
        private var exact = PrefixTrie<UInt8>()
        private var exactEnds: [Int: PrefixTrie<UInt32>] = [:]
        /// Case-insensitive rules, by folded prefix and folded trailing characters.
        private var folded = PrefixTrie<UInt8>()
        private var foldedEnds: [Int: PrefixTrie<UInt32>] = [:]
        private var byVariablePath: [VariablePath: [Int]] = [:]

        struct VariablePath: Hashable {
            var source: String
            var caseSensitive: Bool
        }

        mutating func add(_ rule: Matcher.Rule, index: Int) {
            guard rule.broken == nil, rule.path.problem == nil else { return }
            if rule.path.hasVariables && !rule.path.isMatchAll {
                byVariablePath[
                    VariablePath(source: rule.path.source, caseSensitive: rule.path.caseSensitive), default: []
                ]
                .append(index)
                return
            }
            let prefix = Coverage.literalPrefix(rule)
            // The characters the pattern ends with, as `Coverage.covers` compares them (its own case folding).
            let fold = !rule.path.caseSensitive
            let end = Self.trailingCharacters(Coverage.symbols(rule.path, fold: fold, expandPairs: false))
            if prefix.folded {
                let node = folded.insert(prefix.bytes)
                foldedEnds[node, default: PrefixTrie()].insert(end.reversed(), index)
            } else {
                let node = exact.insert(prefix.bytes)
                exactEnds[node, default: PrefixTrie()].insert(end.reversed(), index)
            }
        }

        /// The earlier rules that may cover `rule`, in order.
        func candidates(for rule: Matcher.Rule) -> [Int] {
            var found: [Int] = []
            let prefix = Coverage.literalPrefix(rule).bytes
            for (trie, ends, fold) in [(exact, exactEnds, false), (folded, foldedEnds, true)] {
                let end = Self.trailingCharacters(Coverage.symbols(rule.path, fold: fold, expandPairs: true))
                for node in trie.nodes(along: fold ? prefix.map(ASCII.lower) : prefix) {
                    ends[node]?.collect(along: end.reversed(), into: &found)
                }
            }
            if rule.path.hasVariables, rule.path.problem == nil,
                let same = byVariablePath[
                    VariablePath(source: rule.path.source, caseSensitive: rule.path.caseSensitive)]
            {
                found += same
            }
            found.sort()
            return found
        }

        static func trailingCharacters(_ symbols: [Coverage.Symbol]) -> [UInt32] {
            var characters: [UInt32] = []
            for symbol in symbols.reversed() {
                guard case .char(let c) = symbol else { break }
                characters.append(c)
            }
            return characters.reversed()
        }
    }

    /// Rule indices by key sequence, one node per key; node 0 is the empty sequence.
    struct PrefixTrie<Key: Hashable> {
        private var children: [[Key: Int]] = [[:]]
        private var indices: [[Int]] = [[]]

        /// Adds `index` under `keys`; returns the node for `keys`.
        @discardableResult mutating func insert(_ keys: some Sequence<Key>, _ index: Int? = nil) -> Int {
            var node = 0
            for key in keys {
                if let next = children[node][key] {
                    node = next
                } else {
                    children.append([:])
                    indices.append([])
                    children[node][key] = children.count - 1
                    node = children.count - 1
                }
            }
            if let index { indices[node].append(index) }
            return node
        }

        /// The nodes of every prefix of `keys` in the trie, the empty one included.
        func nodes(along keys: some Sequence<Key>) -> [Int] {
            var nodes = [0]
            for key in keys {
                guard let next = children[nodes[nodes.count - 1]][key] else { break }
                nodes.append(next)
            }
            return nodes
        }

        /// Appends the indices under every prefix of `keys`, the empty one included.
        func collect(along keys: some Sequence<Key>, into found: inout [Int]) {
            var node = 0
            found += indices[node]
            for key in keys {
                guard let next = children[node][key] else { return }
                node = next
                found += indices[node]
            }
        }
    }
}
