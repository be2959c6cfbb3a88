/// The server must accept connections.
public enum FetchConnect: Check {
    public static let description = CheckDescription(
        id: "fetch-connect", area: .transport, severity: .error,
        summary: "The server accepts HTTPS connections",
        rationale:
            "The file must be reachable over HTTPS on port 443 from any IP address (TN3155); a refused or reset connection gets no file.",
        reference: AppleDocs.tn3155)

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.exchange(failure: .connect, error: "Failed to connect to example.com port 443: Connection refused")
    )

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown,
            e.failure == .connect || e.failure == .protocolError || e.failure == .other || e.failure == .refused
        else { return }
        // A host a site named that resolves to this machine or a private network is not requested at all.
        let what = e.failure == .refused ? "was not made" : "failed"
        findings.add(
            description, at: e, "The HTTPS request \(what): \(e.error ?? "connection failed").",
            why: "Apple's CDN (iOS 14+) and devices get no file, so no link on this domain opens the app.",
            fix:
                "Serve HTTPS on port 443 to every IP address (no geo or IP allow-lists); Apple's ranges are not published."
        )
    }
}
