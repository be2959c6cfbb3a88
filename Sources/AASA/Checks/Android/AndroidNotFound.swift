import Foundation

/// 404 or 410: the file is not there.
public enum AndroidNotFound: Check {
    public static let description = CheckDescription(
        id: "android-not-found", area: .android, severity: .error,
        summary: "assetlinks.json exists at /.well-known/",
        rationale: """
            Android verifies a host only from https://HOST/.well-known/assetlinks.json; there is no fallback location \
            (unlike Apple's root location). A 404 or 410 is final: AOSP does not retry it.
            """,
        reference: AndroidDocs.verifyAppLinks)

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.errorPage(404))

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard e.failure == nil, let status = e.httpStatus, status == 404 || status == 410 else { return }
        findings.add(
            description, at: e, "assetlinks.json answers HTTP \(status): there is no file.",
            why: "No app is verified for \(probe.domain) on any Android version; its links open the browser.",
            fix:
                "Publish the statement list at https://\(probe.domain)\(AndroidProbe.path) (Play Console's deep links page or Android Studio's App Links Assistant generates it)."
        )
    }
}
