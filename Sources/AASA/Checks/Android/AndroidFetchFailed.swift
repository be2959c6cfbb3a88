import Foundation

/// The file must be reachable at all: no answer means no verification on any Android version.
public enum AndroidFetchFailed: Check {
    public static let description = CheckDescription(
        id: "android-fetch-failed", area: .android, severity: .error,
        summary: "assetlinks.json answers over HTTPS",
        rationale: """
            Android's verifier fetches https://HOST/.well-known/assetlinks.json itself; a lookup, connection, TLS or \
            protocol failure leaves the host unverified (AOSP records it and retries later), so its links open the \
            browser or the disambiguation dialog instead of the app.
            """,
        reference: AndroidDocs.statementServiceFetcher)

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.file(failure: .tls, error: "SSL certificate problem: certificate has expired"))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard let failure = e.failure, failure != .cancelled, failure != .tooLarge else { return }
        let what =
            switch failure {
            case .dns: "The host name does not resolve"
            case .connect: "No connection could be opened"
            case .timeout: "The fetch timed out"
            case .tls: "The TLS handshake or certificate failed"
            case .refused: "The fetch was refused"
            default: "The fetch failed"
            }
        findings.add(
            description, at: e, "\(what) for assetlinks.json: \(e.error ?? failure.rawValue).",
            why: "Android's verifier gets no file, so no app is verified for \(probe.domain) (AOSP retries later).",
            fix: "Serve https://\(probe.domain)\(AndroidProbe.path) over HTTPS with a certificate Android trusts.")
    }
}
