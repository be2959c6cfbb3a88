/// The file's host name must resolve.
public enum FetchDNS: Check {
    public static let description = CheckDescription(
        id: "fetch-dns", area: .transport, severity: .error,
        summary: "The domain's name resolves",
        rationale:
            "Apple's CDN and devices must resolve the domain to fetch the file; an unresolvable name associates no app.",
        reference: AppleDocs.tn3155)

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(
            wellKnown: ExampleProbe.exchange(failure: .dns, error: "Could not resolve host: example.com"),
            root: ExampleProbe.exchange(.root, failure: .dns), others: []))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.failure == .dns else { return }
        findings.add(
            description, at: e, "\(probe.domain) does not resolve: \(e.error ?? "no address").",
            why:
                "Neither Apple's CDN (iOS 14+) nor devices can fetch the file, so no link on this domain opens the app.",
            fix: "Publish DNS records for \(probe.domain) (and check the spelling of the domain in the entitlement).")
    }
}
