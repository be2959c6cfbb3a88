import Foundation

/// Apple's CDN must have a copy.
public enum CDNFailure: Check {
    public static let description = CheckDescription(
        id: "cdn-failure", area: .twoWay, severity: .error,
        summary: "Apple's CDN has a copy of the file",
        rationale: """
            When the CDN could not fetch the file it answers an error with Apple-Failure-Reason and \
            Apple-Failure-Details headers (for example SWCERR00101 Bad HTTP Response, SWCERR00301 Timeout). Devices \
            on iOS 14+ then get no file even when the site serves one now.
            """,
        reference: AppleDocs.tn3155,
        severityChanges: [
            SeverityChange(.warning, when: "Apple's CDN could not be reached, so its copy could not be checked")
        ])

    public static let examples = Examples<DomainProbe>.cdnFailing(
        ExampleProbe.exchange(
            .cdn, status: 404,
            headers: [HeaderField(name: "Apple-Failure-Reason", value: "SWCERR00101 Bad HTTP Response: 404 Not Found")])
    )

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        // When the site's own /.well-known/ file is broken, its findings already explain the CDN's failure.
        guard let cdn = probe.cdn, probe.wellKnownServes else { return }
        let reason = cdn.header("Apple-Failure-Reason")
        let details = cdn.header("Apple-Failure-Details")
        guard cdn.httpStatus != 200 || reason != nil || cdn.failure != nil else { return }
        var message = "Apple's CDN "
        if let failure = cdn.failure {
            message += "could not be reached (\(cdn.error ?? failure.rawValue))."
        } else {
            message += "answered HTTP \(cdn.httpStatus.map(String.init) ?? "?")"
            message += reason.map { "; Apple-Failure-Reason: \($0)" } ?? ""
            message += details.map { "; Apple-Failure-Details: \($0)" } ?? ""
            message += "."
        }
        findings.add(
            description, at: cdn, severity: cdn.failure != nil ? .warning : nil, message,
            why: cdn.failure != nil
                ? "The auditor could not check the copy iOS 14+ devices use."
                : "iOS 14+ devices get no file from the CDN, so links do not open the app even though the site serves it now.",
            fix:
                "Make sure Apple's crawler can fetch the file (no bot blocking, no geo or IP limits, 200 with no redirect); "
                + "the CDN retries within about a day.")
    }
}
