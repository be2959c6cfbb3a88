/// Every applinks details entry needs rules.
public enum NoRules: Check {
    public static let description = CheckDescription(
        id: "no-rules", area: .rules, severity: .error,
        summary: "Every details entry has components or paths",
        rationale: """
            An entry with neither `components` nor `paths` is undefined behaviour: decompiled swcd suggests it \
            matches every URL, nothing documents it. An empty list matches no URL at all.
            """,
        reference: AppleDocs.details,
        severityChanges: [
            SeverityChange(
                .warning, when: "the list of rules is present but empty: the entry's apps simply get no links")
        ])

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "*"}]}]}}"#)
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"]}]}}"#, at: ["/applinks/details/0"]),
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": []}]}}"#,
                at: ["/applinks/details/0/components"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for entry in document.entries {
            if entry.ruleFormat == nil {
                // A components or paths key of the wrong type is wrong-type's finding.
                guard entry.node["components"] == nil, entry.node["paths"] == nil else { continue }
                findings.add(
                    description, at: entry.node, "This details entry has neither \"components\" nor \"paths\".",
                    why:
                        "What a device does with it is undocumented on every iOS version (it may open every URL, or none).",
                    fix: #"Add "components": [{"/": "/path/*"}] listing the URLs the app should open."#)
            } else if entry.rules.isEmpty, let list = entry.node[entry.ruleFormat!.rawValue] {
                findings.add(
                    description, at: list, severity: .warning,
                    "\"\(entry.ruleFormat!.rawValue)\" is empty: no URL opens the app.",
                    why: "The entry's apps receive no universal links on any iOS version.",
                    fix: "List the URLs the app should open, or remove the entry if the app only uses other services.")
            }
        }
    }
}
