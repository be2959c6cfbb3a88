/// TLS 1.2 or later, as App Transport Security requires.
public enum TLSProtocol: Check {
    public static let description = CheckDescription(
        id: "tls-protocol", area: .transport, severity: .error,
        summary: "The server speaks TLS 1.2 or later",
        rationale:
            "App Transport Security, which Apple's fetchers follow, requires TLS 1.2 or later; a server offering only older protocols fails the handshake.",
        reference: "https://developer.apple.com/documentation/security/preventing-insecure-network-connections")

    public static let examples = Examples<DomainProbe>.wellKnownAloneFailing(
        ExampleProbe.exchange(tls: TLSFacts(protocolVersion: "TLSv1.1", verified: true)),
        ExampleProbe.tlsFailure("error:0A000102:SSL routines::unsupported protocol", .protocolVersion))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, let tls = e.tls else { return }
        let old = ["SSLv2", "SSLv3", "TLSv1", "TLSv1.0", "TLSv1.1"]
        if let version = tls.protocolVersion, old.contains(version) {
            findings.add(
                description, at: e, "The server negotiated \(version).",
                why: "Apple's fetchers require TLS 1.2 or later (App Transport Security); the file is not fetched.",
                fix: "Enable TLS 1.2 and 1.3 on the server and disable older protocols.")
        } else if tls.problem == .protocolVersion || tls.problem == .handshake {
            findings.add(
                description, at: e,
                "The TLS handshake failed: \(tls.error ?? e.error ?? "no common protocol or cipher").",
                why: "No Apple fetcher can connect, so no link on this domain opens the app.",
                fix: "Offer TLS 1.2 and 1.3 with modern ciphers (ECDHE with AES-GCM or ChaCha20).")
        }
    }
}
