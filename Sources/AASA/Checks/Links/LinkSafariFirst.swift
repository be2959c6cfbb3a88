/// A link whose tapped URL opens no app while a later redirect would: Safari opens first.
public enum LinkSafariFirst: Check {
    public static let description = CheckDescription(
        id: "link-safari-first", area: .links, severity: .warning,
        summary: "Links open the app from the tapped URL, not after a redirect",
        rationale:
            "iOS decides on the URL that was tapped. When a click-tracking or shortener domain is not associated "
            + "with the app, Safari opens; whether the HTTP redirect to an associated URL then opens the app depends "
            + "on the app the link was tapped in and on the iOS version, so opening the app is not guaranteed.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<LinkEvidence>(
        passing: [.passing(ExampleLink.redirect(tappedOpens: ExampleLink.app, landingOpens: ExampleLink.app))],
        failing: [
            .failing(
                ExampleLink.redirect(landingOpens: ExampleLink.app, landingRule: "\"/p/*\""), at: [ExampleLink.tapped])
        ])

    public static func run(_ evidence: LinkEvidence, into findings: inout FindingSink) {
        guard evidence.tappedOpensApp == nil, evidence.broken == nil, let (index, hop) = evidence.laterAppHop,
            let app = hop.opensApp
        else { return }
        let host = evidence.host ?? evidence.url
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message:
                    "Opening the app is not guaranteed: \(host) opens no app, so Safari opens first; hop \(index) "
                    + "(\(hop.url)) would open \(app).",
                location: FindingLocation(url: evidence.url),
                why:
                    "iOS decides on the tapped URL; an app opened after an HTTP redirect depends on the app the link "
                    + "was tapped in and on the iOS version.",
                hint:
                    "Associate \(host) with the app for the tracked paths only (an applinks file on that domain), "
                    + "or link to the final URL directly.",
                reference: description.reference))
    }
}
