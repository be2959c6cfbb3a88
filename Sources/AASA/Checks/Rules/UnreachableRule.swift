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
            // Every URL a rule matches starts with its path's literal prefix, so an earlier rule can only cover a
            // later one whose prefix extends its own: a cheap test that spares the full analysis for most pairs.
            let prefixes = rules.map(Coverage.literalPrefix)
            for (i, later) in rules.enumerated() {
                // Thousands of rules sharing a prefix take many seconds: a stopped run does not wait for them.
                if StopRequest.isRequested { return }
                guard
                    let j = (0..<i).first(where: {
                        Coverage.prefix(prefixes[$0], mayCover: prefixes[i]) && Coverage.covers(rules[$0], later)
                    })
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
}
