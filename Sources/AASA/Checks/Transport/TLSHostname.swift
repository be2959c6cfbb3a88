/// The certificate must name the domain.
public enum TLSHostname: Check {
    public static let description = CheckDescription(
        id: "tls-hostname", area: .transport, severity: .error,
        summary: "The certificate names the domain",
        rationale:
            "A certificate for another name (often the apex's certificate on www, or a CDN's default) fails verification for this domain.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.tlsFailure(
            "SSL: no alternative certificate subject name matches target host name 'example.com'", .hostname,
            subject: "CN=other.example.net"))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.hostname]) else { return }
        // Developer mode accepts an untrusted certificate, not one issued for another name.
        findings.add(
            description, at: e,
            "The certificate does not name \(probe.domain)\(TLSWording.parenthesised(tls)).",
            why:
                "Devices and Apple's CDN reject the file on every iOS version, so no link on this domain opens the app.",
            fix: "Add \(probe.domain) to the certificate's subject alternative names.")
    }
}
