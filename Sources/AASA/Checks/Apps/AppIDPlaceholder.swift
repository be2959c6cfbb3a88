/// App IDs must not be template or documentation placeholders.
public enum AppIDPlaceholder: Check {
    public static let description = CheckDescription(
        id: "app-id-placeholder", area: .apps, severity: .error,
        summary: "App IDs are real, not placeholders",
        rationale: """
            Files copied from documentation or templates ship with `TEAMID.com.example.app`, `ABCDE12345.…` or \
            unexpanded build settings like `$(DEVELOPMENT_TEAM).$(PRODUCT_BUNDLE_IDENTIFIER)`; an all-digit prefix is \
            usually the App Store ID pasted in place of the Team ID. None of them names an installed app.
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#)],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["TEAMID.com.acme.shop", "$(DEVELOPMENT_TEAM).$(PRODUCT_BUNDLE_IDENTIFIER)", "ABCDE12345.com.acme.shop", "1234567890.com.acme.shop"], "paths": ["*"]}]}}"#,
                at: [
                    "/applinks/details/0/appIDs/0", "/applinks/details/0/appIDs/1", "/applinks/details/0/appIDs/2",
                    "/applinks/details/0/appIDs/3",
                ])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for (node, id, service) in Walk.appIDNodes(document) {
            guard let reason = AppIDRules.placeholder(id) else { continue }
            findings.add(
                description, at: node, "The \(service) app ID \"\(id)\" is a placeholder: \(reason).",
                why: "No installed app has this identifier, so the entry is dead on every iOS version.",
                fix: "Replace it with the real Team ID and bundle ID (Xcode: target › Signing & Capabilities).")
        }
    }
}
