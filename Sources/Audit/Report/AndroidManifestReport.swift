import AASA

extension AuditReport {
    /// The Android app's AndroidManifest.xml read with `--android-manifest`: its package, the hosts Android 12+
    /// verifies for it, and the findings about the manifest itself. Like the entitlements entry it is no domain: it
    /// is counted in the summary and the exit status on its own.
    public struct AndroidManifestReport: Codable, Sendable {
        public var file: String
        public var package: String
        /// The App Link hosts Android 12+ verifies (`*.example.com` as `example.com`), each once.
        public var hosts: [String]
        public var findings: [Finding]

        public init(file: String, package: String, hosts: [String], findings: [Finding]) {
            self.file = file
            self.package = package
            self.hosts = hosts
            self.findings = findings
        }
    }

    /// The findings about the app's own files (entitlements, Android manifest): counted with the domains' findings,
    /// in no domain.
    public var appFindings: [Finding] { AuditReport.appFindings(entitlements, androidManifest) }

    static func appFindings(_ entitlements: EntitlementsReport?, _ manifest: AndroidManifestReport?) -> [Finding] {
        (entitlements?.findings ?? []) + (manifest?.findings ?? [])
    }
}
