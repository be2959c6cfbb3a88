import Foundation

/// Google's Digital Asset Links API must be able to read the site's statements.
public enum AndroidGoogleFailure: Check {
    public static let description = CheckDescription(
        id: "android-google-failure", area: .android, severity: .error,
        summary: "Google's Digital Asset Links API reads the file",
        rationale: """
            Google's tooling and, by its documentation, Play services' verifier read a site's statements through \
            Google's Digital Asset Links service. When its statements:list answers with error codes (a fetch error, \
            failed TLS validation, a redirect, a wrong content type, malformed content…), Google holds no statement for \
            the site even when the site serves a file now; its answer is cached for the maxAge it names.
            """,
        reference: AndroidDocs.digitalAssetLinksAPI,
        severityChanges: [
            SeverityChange(
                .warning, when: "the Digital Asset Links API could not be reached or read, so Google's view is unknown")
        ])

    /// The API's error codes in words (its reference's ErrorCode enum).
    static let meanings: [String: String] = [
        "ERROR_CODE_INVALID_QUERY": "the query was invalid",
        "ERROR_CODE_FETCH_ERROR": "Google could not fetch the file",
        "ERROR_CODE_FAILED_SSL_VALIDATION": "the certificate failed Google's validation",
        "ERROR_CODE_REDIRECT": "the file redirects",
        "ERROR_CODE_TOO_LARGE": "the file is too large",
        "ERROR_CODE_MALFORMED_HTTP_RESPONSE": "the HTTP response was malformed",
        "ERROR_CODE_WRONG_CONTENT_TYPE": "the file is not served as application/json",
        "ERROR_CODE_MALFORMED_CONTENT": "the file is not a valid statement list",
        "ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE": "an https site's file includes an http one",
        "ERROR_CODE_FETCH_BUDGET_EXHAUSTED": "Google's fetch budget for the site ran out",
    ]

    public static let examples = Examples<AndroidProbe>(
        passing: [.passing(ExampleAndroidProbe.probe()), .passing(ExampleAndroidProbe.probe(google: nil))],
        failing: [
            .failing(
                ExampleAndroidProbe.probe(
                    google: ExampleAndroidProbe.google(
                        body:
                            #"{"maxAge": "59.9s", "errorCode": ["ERROR_CODE_WRONG_CONTENT_TYPE"], "debugString": "…"}"#
                    )),
                at: [ExampleAndroidProbe.googleURL]),
            .failing(
                ExampleAndroidProbe.probe(google: ExampleAndroidProbe.google(failure: .dns)),
                at: [ExampleAndroidProbe.googleURL]),
        ])

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        // When the site's own file is missing or broken, its findings already explain Google's failure.
        guard let google = probe.google, probe.served else { return }
        guard let answer = probe.googleAnswer else {
            let why =
                google.failure.map { "could not be reached (\(google.error ?? $0.rawValue))" }
                ?? (google.httpStatus == 200
                    ? "answered something that is not its JSON" : "answered HTTP \(google.httpStatus ?? 0)")
            findings.add(
                description, at: google, severity: .warning, "Google's Digital Asset Links API \(why).",
                why: "Google's view of the file could not be compared with the site's.",
                fix: "Run the audit again later, or pass --no-dal to skip Google's view.")
            return
        }
        let codes = answer.errorCode ?? []
        guard !codes.isEmpty else { return }
        let words = codes.map { code in meanings[code].map { "\(code) (\($0))" } ?? code }
        findings.add(
            description, at: google,
            "Google's Digital Asset Links API reports \(words.joined(separator: ", ")) for \(probe.domain)"
                + (answer.maxAge.map { ", cached for \($0)" } ?? "") + ".",
            why:
                "Google holds no statement for the site while this lasts, so Google's tooling and verifiers that ask Google see no app.",
            fix: "Fix what the code names on the site; Google fetches the file again once the cached answer expires.")
    }
}
