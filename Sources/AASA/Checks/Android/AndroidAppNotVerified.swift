/// The app the audit is about must be verified on the host: a served, valid file that lists someone else's key
/// opens nothing.
public enum AndroidAppNotVerified: Check {
    public static let description = CheckDescription(
        id: "android-app-not-verified", area: .android, severity: .error,
        summary: "The host's assetlinks.json verifies the audited app (package and signing certificate)",
        rationale: """
            With --android-manifest or --android-package the audit knows the app: the host verifies it only when a \
            statement the verifier reads grants that package delegate_permission/common.handle_all_urls with one of \
            the certificates the installed app is signed with (--android-fingerprint; without it, any the file \
            lists). It is an error when Google's reading (Android 12+ with Play services, the reference device) \
            does not verify it, and a warning when only AOSP's verifier (without Play services) does not. The \
            usual cause is the signing key: with Play App Signing the installed app carries Google's app signing \
            key, not the upload key, and a debug build carries the debug key.
            """,
        reference: AndroidDocs.verifyAppLinks,
        severityChanges: [
            SeverityChange(
                .warning, when: "only AOSP's verifier (Android 12+ without Play services) does not verify the app")
        ])

    static let app = AndroidApp(package: "com.acme.shop", fingerprints: [ExampleAndroidProbe.fingerprint])

    static func probe(_ app: AndroidApp, body: String? = nil) -> AndroidProbe {
        var probe = ExampleAndroidProbe.probe(ExampleAndroidProbe.file(body: body))
        probe.app = app
        return probe
    }

    /// The statement two includes deep: Google follows both, AOSP only the first.
    static func nested() -> AndroidProbe {
        var probe = probe(app, body: #"[{"include": "https://example.com/a.json"}]"#)
        probe.included = [
            "https://example.com/a.json": Array(#"[{"include": "https://example.com/b.json"}]"#.utf8),
            "https://example.com/b.json": Array(ExampleAndroidProbe.body.utf8),
        ]
        return probe
    }

    public static let examples = Examples<AndroidProbe>(
        passing: [
            .passing(probe(app)),
            .passing(probe(AndroidApp(package: "com.acme.shop"))),
            .passing(ExampleAndroidProbe.probe()),
        ],
        failing: [
            .failing(
                probe(AndroidApp(package: "com.acme.shop", fingerprints: [AndroidGoogleMismatch.otherKey])),
                at: [ExampleAndroidProbe.fileURL]),
            .failing(probe(AndroidApp(package: "com.acme.shop.debug")), at: [ExampleAndroidProbe.fileURL]),
            .failing(
                probe(app, body: ExampleAndroidProbe.body.replacingOccurrences(of: "14:6D", with: "14:6d")),
                at: [ExampleAndroidProbe.fileURL]),
            .failing(nested(), at: [ExampleAndroidProbe.fileURL]),
        ])

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        guard let app = probe.app, let (aosp, google) = probe.verdict(for: app) else { return }
        // A host AOSP fails whatever the app is android-host-failure's.
        guard !google.verified || (!aosp.verified && !aosp.hostFails) else { return }
        let certificates =
            app.fingerprints.isEmpty
            ? " (certificates not checked: give --android-fingerprint)" : ""
        if !google.verified {
            findings.add(
                description, at: probe.assetLinks,
                "\(probe.domain) does not verify \(app.package)\(certificates) on Android 12+ with Play services: "
                    + google.reason,
                why: "No URL of \(probe.domain) opens the app as an App Link: Android shows the browser or a chooser.",
                fix: "List \(app.package) with delegate_permission/common.handle_all_urls and the SHA-256 of every key "
                    + "the installed app is signed with in https://\(probe.domain)/.well-known/assetlinks.json.")
        } else {
            findings.add(
                description, at: probe.assetLinks, severity: .warning,
                "\(probe.domain) verifies \(app.package) for Google's verifier but not for AOSP's (Android 12+ "
                    + "without Play services): " + aosp.reason,
                why: "On devices without Google Play services the app opens no URL of \(probe.domain).",
                fix: "Make the statement for \(app.package) one AOSP's parser reads (the reason above names it).")
        }
    }
}
