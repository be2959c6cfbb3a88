/// `appID` is ignored when the same entry has an `appIDs` array.
public enum AppIDIgnored: Check {
    public static let description = CheckDescription(
        id: "app-id-ignored", area: .apps, severity: .warning,
        summary: "An entry does not use both appID and appIDs",
        rationale: """
            On iOS 13 and later, when `appIDs` is an array swcd ignores `appID` (observed with swcutil: \
            `"appIDs": []` plus `appID` lists no app). iOS 12 and earlier read only `appID`.
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#)],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.com.acme.old", "appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#,
                at: ["/applinks/details/0/appID"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document, document.detailsForm == .array else { return }
        for entry in document.entries {
            guard let appID = entry.node["appID"], let list = entry.node["appIDs"]?.elements else { continue }
            let listed = list.contains { $0.string == appID.string }
            findings.add(
                description, at: appID,
                "appID \(appID.jsonText) is ignored because this entry also has \"appIDs\""
                    + (listed ? " (which lists it too)." : ", which does not list it."),
                why: listed
                    ? "iOS 13+ reads appIDs and iOS 12 reads appID, so this works, but the two lists drift apart easily."
                    : "On iOS 13 and later this app gets none of the entry's links; only iOS 12 and earlier read appID.",
                fix:
                    "Put every app in \"appIDs\" and remove \"appID\" (unless you still support iOS 12, then keep both in sync)."
            )
        }
    }
}
