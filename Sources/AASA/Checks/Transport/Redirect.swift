import Foundation

/// The file must not redirect.
public enum Redirect: Check {
    public static let description = CheckDescription(
        id: "redirect", area: .transport, severity: .error,
        summary: "The file is served without a redirect",
        rationale: """
            "You must host the file using https:// with a valid certificate and with no redirects." A 301/302 \
            (apex to www, http to https, a trailing slash) is not followed; host a file on each domain instead.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(.warning, when: "the redirect is at the root location, which only older devices try")
        ])

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(
            wellKnown: ExampleProbe.exchange(
                status: 301, redirectTo: "https://www.example.com/.well-known/apple-app-site-association"), root: nil))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        for e in [probe.wellKnown, probe.root].compactMap({ $0 }) {
            guard let status = e.httpStatus, (300..<400).contains(status) else { continue }
            let isWellKnown = e.location == .wellKnown
            findings.add(
                description, at: e, severity: isWellKnown ? nil : .warning,
                "HTTP \(status) redirects to \(e.redirectTo ?? "(no Location header)").",
                why: isWellKnown
                    ? "Apple's CDN and devices do not follow redirects for this file (all iOS versions), so no link opens the app."
                    : "Older devices that still try the root location get nothing there.",
                fix: "Serve the file directly on \(probe.domain) with 200; do not redirect it to another host or path.")
        }
    }
}
