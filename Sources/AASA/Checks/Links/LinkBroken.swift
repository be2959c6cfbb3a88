/// A link whose redirect chain ends in an error: too many redirects, a loop, a failed fetch or a status ≥ 400.
public enum LinkBroken: Check {
    public static let description = CheckDescription(
        id: "link-broken", area: .links, severity: .error,
        summary: "Links reach a page",
        rationale:
            "The link's redirect chain, followed as Safari follows it (GET, iPhone user agent, no cookies), must end "
            + "on a page: more than 10 redirects, a loop, a failed fetch or an HTTP status of 400 or more leaves the "
            + "user on an error. When the tapped URL opens the app, users without the app still land there.",
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(
                .warning, when: "the tapped URL opens an app: only users without the app land on the error")
        ])

    static let tapped = ExampleLink.tapped

    public static let examples = Examples<LinkEvidence>(
        passing: [.passing(ExampleLink.redirect())],
        failing: [
            .failing(
                LinkEvidence(
                    url: tapped, chain: [LinkHop(url: tapped, httpStatus: 404)], broken: "the page answers HTTP 404"),
                at: [tapped]),
            .failing(
                LinkEvidence(
                    url: tapped,
                    chain: [
                        LinkHop(url: tapped, httpStatus: 500, opensApp: "9JA89QQLNQ.com.example.app", rule: "\"/*\"")
                    ],
                    broken: "the page answers HTTP 500"),
                at: [tapped]),
        ])

    public static func run(_ evidence: LinkEvidence, into findings: inout FindingSink) {
        guard let broken = evidence.broken else { return }
        let opens = evidence.tappedOpensApp
        findings.append(
            Finding(
                id: description.id, severity: opens == nil ? description.severity : .warning,
                message: opens == nil
                    ? "The link is broken: \(broken)."
                    : "The link opens \(opens!), but its web chain is broken: \(broken).",
                location: FindingLocation(url: evidence.url),
                why: opens == nil
                    ? "Whoever taps it lands on an error, in the app or in Safari."
                    : "Users without the app, and anyone who opens it in a browser, land on an error.",
                hint: "Fix the redirect chain so that it ends on a page answering 200.",
                reference: description.reference))
    }
}
