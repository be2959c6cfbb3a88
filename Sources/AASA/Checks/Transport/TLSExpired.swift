/// The certificate must be within its validity period.
public enum TLSExpired: Check {
    public static let description = CheckDescription(
        id: "tls-expired", area: .transport, severity: .error,
        summary: "The certificate has not expired",
        rationale:
            "An expired (or not yet valid) certificate fails verification; Apple's CDN then keeps serving its last good copy until it gives up.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.tlsFailure(
            "SSL certificate problem: certificate has expired", .expired, subject: "CN=example.com", daysLeft: -3),
        // A certificate whose names and dates could not be read: the message must not show "()".
        ExampleProbe.tlsFailure("SSL certificate problem: certificate has expired", .expired))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.expired, .notYetValid]) else { return }
        let when = tls.daysLeft.map { $0 < 0 ? " \(-$0) day(s) ago" : "" } ?? ""
        findings.add(
            description, at: e,
            tls.problem == .expired
                ? "The certificate expired\(when)\(TLSWording.parenthesised(tls))."
                : "The certificate is not valid yet\(TLSWording.parenthesised(tls)).",
            why:
                "Devices and Apple's CDN reject the file on every iOS version, so no link on this domain opens the app.",
            fix: "Renew the certificate and automate renewal (ACME); check the server's clock.")
    }
}
