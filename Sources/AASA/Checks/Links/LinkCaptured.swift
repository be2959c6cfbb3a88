/// An unsubscribe, opt-out, preference, "view in browser", sign-in callback or `.well-known` link that opens the app.
public enum LinkCaptured: Check {
    public static let description = CheckDescription(
        id: "link-captured", area: .links, severity: .warning,
        summary: "Pages meant for the browser do not open the app",
        rationale:
            "A wildcard rule on a click-tracking domain opens the app for every tracked link, including "
            + "unsubscribe, opt-out, preference-centre, \"view in browser\", sign-in callback and /.well-known/ "
            + "links: the user can no longer do that in the browser, and the app must handle a page it knows "
            + "nothing about.",
        reference: AppleDocs.components)

    static let app = "9JA89QQLNQ.com.example.app"

    public static let examples = Examples<LinkEvidence>(
        passing: [
            .passing(
                LinkEvidence(
                    url: "https://click.example.com/p/1",
                    chain: [LinkHop(url: "https://click.example.com/p/1", httpStatus: 200, opensApp: app)]))
        ],
        failing: [
            .failing(
                LinkEvidence(
                    url: "https://click.example.com/.well-known/change-password",
                    chain: [LinkHop(url: "https://click.example.com/.well-known/change-password", opensApp: app)]),
                at: ["https://click.example.com/.well-known/change-password"])
        ])

    public static func run(_ evidence: LinkEvidence, into findings: inout FindingSink) {
        guard let app = evidence.tappedOpensApp, let path = evidence.path,
            let entry = SensitivePaths.entry(forPath: path)
        else { return }
        let rule = evidence.chain.first?.rule.map { " (rule \($0))" } ?? ""
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message:
                    "This \(entry.kind.rawValue) link opens \(app)\(rule): the user cannot reach the page in the browser.",
                location: FindingLocation(url: evidence.url),
                why: "The link's page is meant for the browser (\(entry.source)); the app receives it instead.",
                hint:
                    "Exclude \(entry.pattern) in the domain's file, or associate only the paths meant for app links.",
                reference: description.reference))
    }
}
