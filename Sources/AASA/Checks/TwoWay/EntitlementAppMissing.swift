/// The file on every entitled domain must list the app for that service.
public enum EntitlementAppMissing: Check {
    public static let description = CheckDescription(
        id: "entitlement-app-missing", area: .twoWay, severity: .error,
        summary: "Each entitled domain's file lists the app for that service",
        rationale: """
            A link works only when both sides agree: the app's entitlement names the domain, and the domain's file \
            names the app for the same service (`applinks` details, `webcredentials.apps`, `appclips.apps`, \
            `activitycontinuation.apps`).
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<Association>(
        passing: [
            .passing(
                Association(
                    appID: "9JA89QQLNQ.com.acme.shop",
                    entries: [EntitlementEntry(raw: "applinks:example.com", index: 0)], probe: ExampleProbe.healthy()))
        ],
        failing: [
            .failing(
                Association(
                    appID: "9JA89QQLNQ.com.acme.other",
                    entries: [
                        EntitlementEntry(raw: "applinks:example.com", index: 0),
                        EntitlementEntry(raw: "webcredentials:example.com", index: 1),
                    ], probe: ExampleProbe.healthy()),
                at: ["/com.apple.developer.associated-domains/0", "/com.apple.developer.associated-domains/1"])
        ])

    public static func run(_ association: Association, into findings: inout FindingSink) {
        // Without a usable file the transport and document findings already explain the failure.
        guard let document = association.probe.file?.document else { return }
        let apps = AppServices.list(document)
        for entry in association.entries where EntitlementEntryFormat.services.contains(entry.service) {
            let listed = apps.contains { $0.appID == association.appID && $0.services.contains(entry.service) }
            guard !listed else { continue }
            let others = apps.filter { $0.services.contains(entry.service) }.map(\.appID)
            findings.add(
                description, at: nil, pointer: entry.pointer,
                "\(association.probe.domain)'s file does not list \(association.appID) for \(entry.service)"
                    + (others.isEmpty ? " (it lists no app for it)." : "; it lists \(others.joined(separator: ", ")).")
                    + (entry.isWildcard ? " The wildcard \(entry.host) is served by this apex file." : ""),
                why: "The entitlement alone does nothing: iOS associates the app only when the file names it too.",
                fix: entry.service == "applinks"
                    ? "Add \"\(association.appID)\" to appIDs of a details entry in https://\(association.probe.domain)/.well-known/apple-app-site-association."
                    : "Add \"\(association.appID)\" to \(entry.service).apps in the file.")
        }
    }
}
