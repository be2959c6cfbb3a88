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
        let domain = association.probe.domain
        run(
            appID: association.appID, entries: association.entries, document: document, file: "\(domain)'s file",
            location: "https://\(domain)/.well-known/apple-app-site-association", into: &findings)
    }

    /// The check on a file read from disk (`check FILE --entitlements`/`--app-id`): `file` names it in messages.
    /// With no entitlement entries the app is demanded for applinks. `entitlementsFile`, when given, is named with
    /// the entry in the message, since the finding's file is then the AASA file.
    public static func run(
        appID: String, entries: [EntitlementEntry]?, document: AASADocument, file: String, location: String,
        entitlementsFile: String? = nil, into findings: inout FindingSink
    ) {
        let apps = AppServices.list(document)
        let demands: [(service: String, entry: EntitlementEntry?)] =
            entries.map { $0.filter { AppleService.all.contains($0.service) }.map { ($0.service, $0) } }
            ?? [(AppleService.applinks, nil)]
        for (service, entry) in demands {
            let listed = apps.contains { $0.appID == appID && $0.services.contains(service) }
            guard !listed else { continue }
            let others = apps.filter { $0.services.contains(service) }.map(\.appID)
            let guess = AppIDSuggestion.nearest(to: appID, among: others)
            findings.add(
                description, at: nil, pointer: entry?.pointer,
                (entitlementsFile.flatMap { name in entry.map { "\(name) asks for \"\($0.raw)\": " } } ?? "")
                    + "\(file) does not list \(appID) for \(service)"
                    + (others.isEmpty ? " (it lists no app for it)." : "; it lists \(others.joined(separator: ", ")).")
                    + (guess.map { " Did you mean \($0)?" } ?? "")
                    + (entry.map { $0.isWildcard ? " The wildcard \($0.host) is served by this apex file." : "" } ?? ""),
                why: "The entitlement alone does nothing: iOS associates the app only when the file names it too.",
                fix: guess.map {
                    "Make the app ID and the file agree: \($0) is listed, \(appID) is the app's ID; correct whichever "
                        + "is mistyped (an app ID is the 10-character Team ID, a dot and the bundle ID)."
                }
                    ?? (service == "applinks"
                        ? "Add \"\(appID)\" to appIDs of a details entry in \(location)."
                        : "Add \"\(appID)\" to \(service).apps in the file."))
        }
    }
}
