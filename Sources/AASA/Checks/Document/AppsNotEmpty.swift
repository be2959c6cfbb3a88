/// The legacy `applinks.apps` key, when present, must be an empty array.
public enum AppsNotEmpty: Check {
    public static let description = CheckDescription(
        id: "apps-not-empty", area: .document, severity: .warning,
        summary: "applinks.apps is absent or empty",
        rationale: """
            The iOS 9 guide required `"apps": []` inside `applinks`. App IDs listed there are ignored for universal \
            links; they belong in `details`. A non-empty list usually means the author put apps in the wrong place.
            """,
        reference: AppleDocs.applinks)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(#"{"applinks": {"apps": [], "details": []}}"#), .passing(#"{"applinks": {"details": []}}"#),
        ],
        failing: [
            .failing(#"{"applinks": {"apps": ["9JA89QQLNQ.com.acme.shop"], "details": []}}"#, at: ["/applinks/apps"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let apps = file.document?.applinks?["apps"], let items = apps.elements, !items.isEmpty else { return }
        findings.add(
            description, at: apps,
            "applinks.apps lists \(items.count) value(s); devices ignore this key for universal links.",
            why: "Apps listed only here never receive links on any iOS version; the key is a leftover of iOS 9.",
            fix: #"Move the app IDs into "details" (as "appIDs") and leave "apps": [] or remove the key."#)
    }
}
