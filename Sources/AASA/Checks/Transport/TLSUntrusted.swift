/// The certificate must chain to a trusted root.
public enum TLSUntrusted: Check {
    public static let description = CheckDescription(
        id: "tls-untrusted", area: .transport, severity: .error,
        summary: "The certificate chains to a trusted root",
        rationale: """
            The file must be served with a valid certificate. A self-signed certificate, a private CA or a missing \
            intermediate fails system trust; only `?mode=developer` entitlements accept an untrusted certificate.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(
                .warning,
                when:
                    "the domain is entitled with `?mode=developer`, which accepts an untrusted certificate on development devices"
            )
        ])

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.tlsFailure(
            "SSL certificate problem: self-signed certificate", .selfSigned, subject: "CN=example.com",
            issuer: "CN=example.com"))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.selfSigned, .untrusted, .revoked]) else { return }
        let what = tls.problem == .selfSigned ? "is self-signed" : "does not chain to a trusted root"
        findings.add(
            description, at: e, severity: probe.developerMode ? .warning : nil,
            "The certificate \(what) ("
                + ([tls.error ?? "verification failed", TLSWording.certificate(tls)].filter { !$0.isEmpty }
                    .joined(separator: "; ")) + ").",
            why: probe.developerMode
                ? "Developer mode (`?mode=developer`, iOS 14+) accepts it on development devices only; release builds will not."
                : "Devices and Apple's CDN reject the file on every iOS version, so no link opens the app.",
            fix: "Use a certificate from a public CA and serve the full chain (leaf and intermediates).")
    }
}
