import AASA

/// A domain's Android App Links audit in report.json (`audit --android`): the verdict of its Android findings, and
/// for each app its assetlinks.json names whether each verifier would verify it for this host.
public struct AndroidSummary: Codable, Sendable, Equatable {
    public struct App: Codable, Sendable, Equatable {
        public var package: String
        /// The fingerprints the file lists for it, as written.
        public var fingerprints: [String]
        /// AOSP's open verifier (Android 12+ without Google Play services) would verify it.
        public var aosp: Bool
        /// Google's Digital Asset Links semantics (Play services, Google's tooling) would.
        public var google: Bool
        /// Why a verifier would not; absent when it would.
        public var aospReason: String?
        public var googleReason: String?
    }

    /// pass, warn or fail, from the domain's `android-` findings alone.
    public var verdict: DomainReport.Verdict
    public var apps: [App]
    /// Top-level entries of the file (statements and includes); 0 when no file was read.
    public var statements: Int

    /// The verdict of the `android-` findings among `findings`, those an ignore entry silenced left out.
    public static func verdict(_ findings: [Finding]) -> DomainReport.Verdict {
        DomainReport.verdict(findings.filter { $0.id.hasPrefix("android-") && $0.suppressed != true })
    }

    /// The summary of a probe whose checks gave `findings` (all the domain's; the Android ones are picked here).
    public static func of(_ probe: AndroidProbe, findings: [Finding]) -> AndroidSummary {
        let verdict = Self.verdict(findings)
        guard let file = probe.file else { return AndroidSummary(verdict: verdict, apps: [], statements: 0) }
        var listed = probe.grantedApps(file)
        // The audited app (`--android-manifest`, `--android-package`) is judged with its own certificates, and
        // listed first even when the file does not name it.
        if let app = probe.app {
            let fingerprints = listed.first { $0.package == app.package }?.fingerprints ?? []
            listed.removeAll { $0.package == app.package }
            listed.insert((app.package, fingerprints), at: 0)
        }
        let apps = listed.map { app in
            let (aosp, google): (VerifierVerdict, VerifierVerdict)
            if let audited = probe.app, audited.package == app.package, let verdict = probe.verdict(for: audited) {
                (aosp, google) = verdict
            } else {
                let normalized = app.fingerprints.compactMap(CertificateFingerprint.normalized)
                (aosp, google) = file.verdict(package: app.package, fingerprints: normalized, resolve: probe.resolve)
            }
            return App(
                package: app.package, fingerprints: app.fingerprints, aosp: aosp.verified, google: google.verified,
                aospReason: aosp.verified ? nil : aosp.reason, googleReason: google.verified ? nil : google.reason)
        }
        return AndroidSummary(verdict: verdict, apps: apps, statements: file.statements.count)
    }
}
