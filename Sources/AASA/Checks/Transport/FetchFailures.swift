/// The file's host name must resolve.
public enum FetchDNS: TransportCheck {
    public static let description = CheckDescription(
        id: "fetch-dns", area: .transport, severity: .error,
        summary: "The domain's name resolves",
        rationale:
            "Apple's CDN and devices must resolve the domain to fetch the file; an unresolvable name associates no app.",
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(
                    wellKnown: ExampleProbe.exchange(failure: .dns, error: "Could not resolve host: example.com"),
                    root: ExampleProbe.exchange(.root, failure: .dns), others: []),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.failure == .dns else { return }
        findings.add(
            description, at: e, "\(probe.domain) does not resolve: \(e.error ?? "no address").",
            why:
                "Neither Apple's CDN (iOS 14+) nor devices can fetch the file, so no link on this domain opens the app.",
            fix: "Publish DNS records for \(probe.domain) (and check the spelling of the domain in the entitlement).")
    }
}

/// The server must accept connections.
public enum FetchConnect: TransportCheck {
    public static let description = CheckDescription(
        id: "fetch-connect", area: .transport, severity: .error,
        summary: "The server accepts HTTPS connections",
        rationale:
            "The file must be reachable over HTTPS on port 443 from any IP address (TN3155); a refused or reset connection gets no file.",
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .connect, error: "Failed to connect to example.com port 443: Connection refused")),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.failure == .connect || e.failure == .protocolError || e.failure == .other
        else { return }
        findings.add(
            description, at: e, "The HTTPS request failed: \(e.error ?? "connection failed").",
            why: "Apple's CDN (iOS 14+) and devices get no file, so no link on this domain opens the app.",
            fix:
                "Serve HTTPS on port 443 to every IP address (no geo or IP allow-lists); Apple's ranges are not published."
        )
    }
}

/// The file must arrive in time.
public enum FetchTimeout: TransportCheck {
    public static let description = CheckDescription(
        id: "fetch-timeout", area: .transport, severity: .error,
        summary: "The file arrives within the timeout",
        rationale:
            "Apple's CDN reports slow origins as SWCERR00301 Timeout; a server that is slow for the auditor is slow for Apple too.",
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .timeout, error: "Operation timed out after 10000 milliseconds")),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.failure == .timeout else { return }
        findings.add(
            description, at: e, "The request timed out: \(e.error ?? "no answer in time").",
            why: "Apple's CDN gives up on slow origins (SWCERR00301), so devices (iOS 14+) may get no file at all.",
            fix: "Serve the file as a static asset from the edge; it must not wait on an application server.")
    }
}
