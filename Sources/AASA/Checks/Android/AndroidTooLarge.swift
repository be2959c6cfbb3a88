import Foundation

/// At most 1 MiB, as Android's verifier checks it: by the declared Content-Length.
public enum AndroidTooLarge: Check {
    public static let description = CheckDescription(
        id: "android-too-large", area: .android, severity: .error,
        summary: "assetlinks.json declares at most 1 MiB",
        rationale: """
            AOSP's verifier refuses a file whose Content-Length is over 1 MiB (StatementService's \
            HTTP_CONTENT_SIZE_LIMIT_IN_BYTES). It checks only the declared length: a larger body sent without one \
            (chunked) is read whole by AOSP.
            """,
        reference: AndroidDocs.statementServiceFetcher,
        severityChanges: [
            SeverityChange(
                .warning,
                when: "the body is over 1 MiB but declares no Content-Length, which AOSP reads whole")
        ])

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.file(
            status: nil, failure: .tooLarge, error: "Maximum file size exceeded",
            headers: [HeaderField(name: "Content-Length", value: "2000000")]),
        ExampleAndroidProbe.file(bytes: SizeLimits.assetLinks, truncated: true))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        let declared = e.headers.last { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        if e.failure == .tooLarge || (declared ?? 0) > SizeLimits.assetLinks {
            findings.add(
                description, at: e,
                "assetlinks.json declares \(declared.map { "\($0) bytes" } ?? "a length over the limit"); Android's verifier refuses more than \(SizeLimits.assetLinks) bytes.",
                why: "AOSP refuses the file before reading it, so no app is verified for \(probe.domain).",
                fix: "Shrink the file: one statement per app and signing key, and no whitespace padding.")
            return
        }
        guard e.failure == nil, e.httpStatus == 200, e.truncated || e.bytes > SizeLimits.assetLinks else { return }
        findings.add(
            description, at: e, severity: .warning,
            "assetlinks.json is over \(SizeLimits.assetLinks) bytes and declares no Content-Length (read up to \(e.bytes) bytes).",
            why:
                "AOSP reads such a body whole, but a proxy or server that adds a Content-Length makes Android refuse it, and this audit does not read past the limit.",
            fix: "Shrink the file under 1 MiB.")
    }
}
