/// The file must arrive in time.
public enum FetchTimeout: Check {
    public static let description = CheckDescription(
        id: "fetch-timeout", area: .transport, severity: .error,
        summary: "The file arrives within the timeout",
        rationale:
            "Apple's CDN reports slow origins as SWCERR00301 Timeout; a server that is slow for the auditor is slow for Apple too.",
        reference: AppleDocs.tn3155)

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.exchange(failure: .timeout, error: "Operation timed out after 10000 milliseconds"))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.failure == .timeout else { return }
        findings.add(
            description, at: e, "The request timed out: \(e.error ?? "no answer in time").",
            why: "Apple's CDN gives up on slow origins (SWCERR00301), so devices (iOS 14+) may get no file at all.",
            fix: "Serve the file as a static asset from the edge; it must not wait on an application server.")
    }
}
