import Foundation

/// The file must exist at /.well-known/.
public enum NotFound: Check {
    public static let description = CheckDescription(
        id: "not-found", area: .transport, severity: .error,
        summary: "The file exists at /.well-known/apple-app-site-association",
        rationale:
            "The file lives at https://DOMAIN/.well-known/apple-app-site-association, with no extension; each subdomain needs its own file.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(
            wellKnown: ExampleProbe.exchange(status: 404), root: ExampleProbe.exchange(.root, status: 404)))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.httpStatus == 404 || e.httpStatus == 410, !probe.rootServes
        else {
            return
        }
        findings.add(
            description, at: e, "There is no file at \(e.url) (HTTP \(e.httpStatus!)).",
            why: "No app is associated with \(probe.domain) on any iOS version.",
            fix:
                "Publish the file at /.well-known/apple-app-site-association (no .json extension) on \(probe.domain) itself."
        )
    }
}
