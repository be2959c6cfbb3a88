/// A link through Firebase Dynamic Links, which Google shut down on 25 August 2025.
public enum LinkDynamicLinks: Check {
    public static let description = CheckDescription(
        id: "link-dynamic-links", area: .links, severity: .error,
        summary: "Links do not go through Firebase Dynamic Links",
        rationale:
            "Firebase Dynamic Links (*.page.link, app.goo.gl) stopped serving on 25 August 2025: a link on one of "
            + "its hosts neither opens the app nor reaches the page any more, whatever the app's files say.",
        reference: "https://firebase.google.com/support/dynamic-links-faq")

    public static let examples = Examples<LinkEvidence>(
        passing: [.passing(LinkEvidence(url: "https://shop.example.com/p/1"))],
        failing: [
            .failing(LinkEvidence(url: "https://acme.page.link/sale"), at: ["https://acme.page.link/sale"]),
            .failing(LinkEvidence(url: "https://app.goo.gl/abc"), at: ["https://app.goo.gl/abc"]),
        ])

    /// `*.page.link` and `app.goo.gl`: the hosts Firebase Dynamic Links served.
    public static func isDynamicLinksHost(_ host: String) -> Bool {
        let host = host.hasSuffix(".") ? String(host.dropLast()) : host
        return host == "app.goo.gl" || host == "page.link" || host.hasSuffix(".page.link")
    }

    /// Whether the tapped URL is on a Dynamic Links host: when this check raises its finding, and what makes
    /// `LinkJudge` call the link broken.
    public static func applies(to evidence: LinkEvidence) -> Bool {
        evidence.host.map(isDynamicLinksHost) ?? false
    }

    public static func run(_ evidence: LinkEvidence, into findings: inout FindingSink) {
        guard applies(to: evidence), let host = evidence.host else { return }
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message: "\(host) is a Firebase Dynamic Links host: the service is shut down.",
                location: FindingLocation(url: evidence.url),
                why: "Firebase Dynamic Links stopped on 25 August 2025; its links open neither the app nor the page.",
                hint: "Replace the link with a Universal Link on a domain the app is associated with.",
                reference: description.reference))
    }
}
