import Foundation

/// application/json, as Google's documentation and tooling ask; Android's verifiers themselves do not check it.
public enum AndroidContentType: Check {
    public static let description = CheckDescription(
        id: "android-content-type", area: .android, severity: .warning,
        summary: "assetlinks.json is served as application/json",
        rationale: """
            Google's documentation requires Content-Type application/json and its Statement List Tester reports other \
            types; AOSP's verifier reads the body whatever its type. text/html usually means an error page or a \
            single-page-app fallback served in the file's place.
            """,
        reference: AndroidDocs.verifyAppLinks)

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.file(contentType: "text/plain"))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard e.failure == nil, e.httpStatus == 200, e.mediaType != "application/json" else { return }
        findings.add(
            description, at: e,
            "assetlinks.json is served as \(e.contentType ?? "(no Content-Type)"), not application/json.",
            why:
                "AOSP's verifier reads it anyway; Google's documentation and its Statement List Tester require application/json.",
            fix: "Set Content-Type: application/json for \(AndroidProbe.path).")
    }
}
