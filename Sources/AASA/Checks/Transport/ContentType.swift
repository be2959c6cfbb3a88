import Foundation

/// application/json, as the original guide asked; HTML means an error page.
public enum ContentType: Check {
    public static let description = CheckDescription(
        id: "content-type", area: .transport, severity: .warning,
        summary: "The file is served as application/json",
        rationale: """
            Current Apple documentation names no content type and swcd does not check it, but the original guide asked \
            for application/json (application/pkcs7-mime for signed files). text/html almost always means an error \
            page or single-page-app fallback served instead of the file.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(
                .error,
                when: "the file is served as text/html, which is usually an error page served instead of the file")
        ])

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(contentType: "application/octet-stream")),
        ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(contentType: "text/html; charset=utf-8")))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.documentSource else { return }
        let signed = CMSReader.looksSigned(e.body)
        let type = e.mediaType
        if type == "application/json" || (signed && type == "application/pkcs7-mime") { return }
        if type == "text/html" {
            findings.add(
                description, at: e, severity: .error, "The file is served as text/html.",
                why:
                    "Usually an HTML page (error page, SPA fallback, login wall) is served instead of the file; devices then get no rules.",
                fix: "Serve the file itself with Content-Type: application/json.")
            return
        }
        findings.add(
            description, at: e, "The file is served as \(e.contentType ?? "(no Content-Type)"), not application/json.",
            why: "Works with current iOS versions, but older ones and some proxies expect application/json.",
            fix:
                "Set Content-Type: application/json for /.well-known/apple-app-site-association (it has no extension to map)."
        )
    }
}
