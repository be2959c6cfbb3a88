/// Every app ID must be `<Team ID>.<bundle ID>`.
public enum AppIDFormat: Check {
    public static let description = CheckDescription(
        id: "app-id-format", area: .apps, severity: .error,
        summary: "App IDs are a 10-character Team ID, a dot and a bundle ID",
        rationale: """
            An app ID is the app's application identifier: its App ID prefix (the 10-character upper-case Team ID), \
            a dot, and its bundle ID (letters, digits, hyphens, periods). The device compares it with the installed \
            app's identifier; anything else never matches an app.
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop-app"], "paths": ["*"]}]}}"#)
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["com.acme.shop", "9ja89qqlnq.com.acme.shop", "9JA89QQLNQ.com.acme_shop"], "paths": ["*"]}]}}"#,
                at: ["/applinks/details/0/appIDs/0", "/applinks/details/0/appIDs/1", "/applinks/details/0/appIDs/2"]),
            .failing(#"{"webcredentials": {"apps": ["9JA89QQLNQ"]}}"#, at: ["/webcredentials/apps/0"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for (node, id, service) in Walk.appIDNodes(document) {
            guard AppIDRules.placeholder(id) == nil, let problem = AppIDRules.formatProblem(id) else { continue }
            findings.add(
                description, at: node, "The \(service) app ID \"\(id)\" is malformed: \(problem).",
                why:
                    "A device matches the app ID against the installed app's identifier exactly; this one matches no app on any iOS version.",
                fix:
                    "Use the app's application identifier: Team ID (Membership details in the developer account), a dot, the bundle ID."
            )
        }
    }
}
