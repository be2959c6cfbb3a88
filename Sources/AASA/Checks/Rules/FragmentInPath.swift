/// A path pattern never sees the fragment.
public enum FragmentInPath: Check {
    public static let description = CheckDescription(
        id: "fragment-in-path", area: .rules, severity: .error,
        summary: "Path patterns contain no '#'",
        rationale: """
            The URL path ends where the fragment starts, so a path pattern containing `#` (like "/help#faq") \
            never matches. Fragments are matched by the component's `#` key (iOS 13+).
            """,
        reference: AppleDocs.components)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                ##"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/help", "#": "faq"}]}]}}"##
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/help#faq"}]}, {"appID": "9JA89QQLNQ.com.acme.old", "paths": ["/help#*"]}]}}"#,
                at: ["/applinks/details/0/components/0/~1", "/applinks/details/1/paths/0"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for (node, text, isPath) in Walk.patternStrings(document) where isPath && text.contains("#") {
            let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            findings.add(
                description, at: node,
                "The path pattern \(JSONNode.quote(text)) contains '#', which never occurs in a URL path.",
                why: "The rule never matches on any iOS version (the part after '#' is the fragment, not the path).",
                fix:
                    ##"Use a component: {"/": "\##(parts[0])", "#": "\##(parts.count > 1 ? parts[1] : "")"} (iOS 13+)."##
            )
        }
    }
}
