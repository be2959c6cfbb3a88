import Foundation

/// Android's verifier never follows a redirect.
public enum AndroidRedirect: Check {
    public static let description = CheckDescription(
        id: "android-redirect", area: .android, severity: .error,
        summary: "assetlinks.json is served without a redirect",
        rationale: """
            AOSP's verifier fetches with redirects turned off: a 301 or 302 is treated as a temporary failure and \
            retried later, any other 3xx as a final one; either way the host is not verified. Google's documentation \
            asks for the file to be served with no redirect.
            """,
        reference: AndroidDocs.statementServiceFetcher)

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.file(status: 301, redirectTo: "https://www.example.com/.well-known/assetlinks.json"),
        ExampleAndroidProbe.file(status: 307, redirectTo: "https://cdn.example.net/assetlinks.json"))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard e.failure == nil, let status = e.httpStatus, (300..<400).contains(status) else { return }
        let retried = status == 301 || status == 302
        findings.add(
            description, at: e,
            "assetlinks.json answers HTTP \(status), redirecting to \(e.redirectTo ?? "(no Location header)").",
            why: retried
                ? "Android's verifier does not follow it: AOSP counts a \(status) as a temporary failure and retries later, so \(probe.domain) stays unverified."
                : "Android's verifier does not follow it: AOSP counts a \(status) as a final failure, so \(probe.domain) is not verified.",
            fix:
                "Serve the file itself on \(probe.domain) with 200 (each host an app names needs its own file, apex and www alike)."
        )
    }
}
