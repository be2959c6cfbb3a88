/// Warn before the certificate expires.
public enum TLSExpiring: Check {
    public static let days = 21

    public static let description = CheckDescription(
        id: "tls-expiring", area: .transport, severity: .warning,
        summary: "The certificate is valid for at least 21 more days",
        rationale:
            "Apple's CDN refetches within about a day and devices weekly; an expiry inside three weeks leaves little time to notice a failed renewal.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.exchange(
            tls: TLSFacts(protocolVersion: "TLSv1.3", verified: true, subject: "CN=example.com", daysLeft: 5)))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, let tls = e.tls, tls.verified || tls.problem == nil, let left = tls.daysLeft,
            left >= 0, left < days
        else { return }
        findings.add(
            description, at: e, "The certificate expires in \(left) day(s)\(TLSWording.parenthesised(tls)).",
            why: "When it expires, every iOS version stops trusting the file and links stop opening the app.",
            fix: "Renew it now and check that automatic renewal works.")
    }
}
