import Foundation

/// The well-known file must answer 200.
public enum HTTPStatus: Check {
    public static let description = CheckDescription(
        id: "http-status", area: .transport, severity: .error,
        summary: "The file answers 200 OK",
        rationale:
            "Apple treats 4xx and 5xx as a failed fetch (403 means \"your site denied access\", TN3155); 404 and 3xx have their own checks.",
        reference: AppleDocs.tn3155)

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 403)),
        ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 503), root: nil))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, let status = e.httpStatus, status != 200, !(300..<400).contains(status),
            status != 404, status != 410
        else { return }
        let meaning =
            status == 403 || status == 401
            ? "access denied (often a WAF, bot protection or a login wall)"
            : status == 429 ? "rate limited" : status >= 500 ? "a server error" : "an error"
        findings.add(
            description, at: e, "The file answered HTTP \(status): \(meaning).",
            why: "Apple's CDN (iOS 14+) and devices treat it as no file, so no link on this domain opens the app.",
            fix: "Serve the file with 200 to every client, including Apple's AASA-Bot, without authentication.")
    }
}
