import Foundation

/// Any answer but 200, a redirect or "not found".
public enum AndroidHTTPStatus: Check {
    public static let description = CheckDescription(
        id: "android-http-status", area: .android, severity: .error,
        summary: "assetlinks.json answers 200",
        rationale: """
            Android's verifier reads the file only from a 200 answer (AOSP's UrlFetcher); any other status leaves the \
            host unverified. Server errors are retried later, client errors are final.
            """,
        reference: AndroidDocs.statementServiceFetcher)

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.errorPage(503), ExampleAndroidProbe.errorPage(403))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard e.failure == nil, let status = e.httpStatus, status != 200, status != 404, status != 410,
            !(300..<400).contains(status)
        else { return }
        let when = status >= 500 ? "until the server answers 200 (AOSP retries later)" : "(a final failure)"
        findings.add(
            description, at: e, "assetlinks.json answers HTTP \(status).",
            why:
                "Android's verifier reads the file only from a 200 answer: no app is verified for \(probe.domain) \(when).",
            fix: status == 403
                ? "Let Android's verifier through: a bot or firewall rule that blocks \"Dalvik/…\" user agents blocks verification."
                : "Serve the file with 200.")
    }
}
