/// Every details entry must list at least one app.
public enum EmptyAppIDs: Check {
    public static let description = CheckDescription(
        id: "empty-app-ids", area: .apps, severity: .error,
        summary: "Every details entry lists at least one app",
        rationale: """
            An entry whose `appIDs` is empty (or which has neither `appIDs` nor `appID`) applies to no app, so its \
            rules are dead. When `appIDs` is an array it wins over `appID`, even when empty.
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#)],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": [], "appID": "9JA89QQLNQ.com.acme.shop", "paths": ["*"]}]}}"#,
                at: ["/applinks/details/0/appIDs"]),
            .failing(#"{"applinks": {"details": [{"paths": ["*"]}]}}"#, at: ["/applinks/details/0"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document, document.detailsForm == .array else { return }
        for entry in document.entries where entry.appIDs.isEmpty {
            let list = entry.node["appIDs"]
            if let list, list.elements?.isEmpty == true {
                findings.add(
                    description, at: list,
                    "\"appIDs\" is empty" + (entry.node["appID"] != nil ? ", and it overrides \"appID\"." : "."),
                    why: "On iOS 13 and later the entry applies to no app; its rules are dead.",
                    fix: "List the app IDs in \"appIDs\".")
            } else if list == nil, entry.node["appID"] == nil {
                findings.add(
                    description, at: entry.node, "This details entry names no app (neither \"appIDs\" nor \"appID\").",
                    why: "Its rules apply to no app on any iOS version.",
                    fix: #"Add "appIDs": ["TEAMID.bundle.id"]."#)
            }
        }
    }
}
