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
        reference: AppleDocs.supportingAssociatedDomains)

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
        guard let document = file.document else { return }
        for entry in document.entries {
            let rules = entry.rules.enumerated().map {
                Matcher.compile($0.element, ruleIndex: $0.offset, entry: entry, document: document)
            }
            var earlierRules = EarlierRules()
            for (i, later) in rules.enumerated() {
                defer { earlierRules.add(later, index: i) }
                guard let j = earlierRules.candidates(for: later).first(where: { Coverage.covers(rules[$0], later) })
                else { continue }
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
    /// Every URL a rule matches starts with its path's literal prefix, so an earlier rule can only cover a later one
    /// whose prefix extends its own: prefixes go into a trie (one for case-sensitive rules, one for folded ones)
    /// that the later rule's prefix walks down once. A path with substitution variables covers only the same path
    /// (`Coverage.covers`), so those rules are found by their source instead. Rules that never cover anything
    /// (broken, or a path with a problem) are left out. The candidates are exactly the earlier rules the pairwise
    /// prefix test let through, so the first that covers, and every finding, stay the same.
    struct EarlierRules {
        private var exact = PrefixTrie()
        private var folded = PrefixTrie()
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
            if prefix.folded {
                folded.insert(prefix.bytes, index)
            } else {
                exact.insert(prefix.bytes, index)
            }
        }

        /// The earlier rules that may cover `rule`, in order.
        func candidates(for rule: Matcher.Rule) -> [Int] {
            let prefix = Coverage.literalPrefix(rule)
            var found: [Int] = []
            exact.collect(along: prefix.bytes, lowered: false, into: &found)
            folded.collect(along: prefix.bytes, lowered: true, into: &found)
            if rule.path.hasVariables, rule.path.problem == nil,
                let same = byVariablePath[
                    VariablePath(source: rule.path.source, caseSensitive: rule.path.caseSensitive)]
            {
                found += same
            }
            found.sort()
            return found
        }
    }

    /// Rule indices by literal prefix, one node per prefix byte.
    struct PrefixTrie {
        private var children: [[UInt8: Int]] = [[:]]
        private var indices: [[Int]] = [[]]

        mutating func insert(_ bytes: [UInt8], _ index: Int) {
            var node = 0
            for byte in bytes {
                if let next = children[node][byte] {
                    node = next
                } else {
                    children.append([:])
                    indices.append([])
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            indices[node].append(index)
        }

        /// Appends the indices of every prefix of `bytes` (each byte lowered first when `lowered`).
        func collect(along bytes: [UInt8], lowered: Bool, into found: inout [Int]) {
            var node = 0
            found += indices[node]
            for byte in bytes {
                guard let next = children[node][lowered ? ASCII.lower(byte) : byte] else { return }
                node = next
                found += indices[node]
            }
        }
    }
}
