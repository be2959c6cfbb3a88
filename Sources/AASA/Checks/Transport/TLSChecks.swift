/// Shared wording for the TLS checks.
enum TLSWording {
    static func certificate(_ tls: TLSFacts) -> String {
        [tls.subject.map { "subject \($0)" }, tls.issuer.map { "issuer \($0)" }].compactMap { $0 }.joined(
            separator: ", ")
    }

    /// The well-known exchange when its TLS facts show `problems`.
    static func exchange(_ probe: DomainProbe, _ problems: Set<TLSProblem>) -> (Exchange, TLSFacts)? {
        guard let e = probe.wellKnown, let tls = e.tls, let problem = tls.problem, problems.contains(problem) else {
            return nil
        }
        return (e, tls)
    }
}

/// The certificate must chain to a trusted root.
public enum TLSUntrusted: TransportCheck {
    public static let description = CheckDescription(
        id: "tls-untrusted", area: .transport, severity: .error,
        summary: "The certificate chains to a trusted root",
        rationale: """
            The file must be served with a valid certificate. A self-signed certificate, a private CA or a missing \
            intermediate fails system trust; only `?mode=developer` entitlements accept an untrusted certificate.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .tls, error: "SSL certificate problem: self-signed certificate",
                        tls: TLSFacts(
                            verified: false, problem: .selfSigned, subject: "CN=example.com", issuer: "CN=example.com"))
                ),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.selfSigned, .untrusted, .revoked]) else { return }
        let what = tls.problem == .selfSigned ? "is self-signed" : "does not chain to a trusted root"
        findings.add(
            description, at: e, severity: probe.developerMode ? .warning : nil,
            "The certificate \(what) (\(tls.error ?? "verification failed"); \(TLSWording.certificate(tls))).",
            why: probe.developerMode
                ? "Developer mode (`?mode=developer`, iOS 14+) accepts it on development devices only; release builds will not."
                : "Devices and Apple's CDN reject the file on every iOS version, so no link opens the app.",
            fix: "Use a certificate from a public CA and serve the full chain (leaf and intermediates).")
    }
}

/// The certificate must name the domain.
public enum TLSHostname: TransportCheck {
    public static let description = CheckDescription(
        id: "tls-hostname", area: .transport, severity: .error,
        summary: "The certificate names the domain",
        rationale:
            "A certificate for another name (often the apex's certificate on www, or a CDN's default) fails verification for this domain.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .tls,
                        error: "SSL: no alternative certificate subject name matches target host name 'example.com'",
                        tls: TLSFacts(verified: false, problem: .hostname, subject: "CN=other.example.net"))),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.hostname]) else { return }
        // Developer mode accepts an untrusted certificate, not one issued for another name.
        findings.add(
            description, at: e,
            "The certificate does not name \(probe.domain) (\(TLSWording.certificate(tls))).",
            why:
                "Devices and Apple's CDN reject the file on every iOS version, so no link on this domain opens the app.",
            fix: "Add \(probe.domain) to the certificate's subject alternative names.")
    }
}

/// The certificate must be within its validity period.
public enum TLSExpired: TransportCheck {
    public static let description = CheckDescription(
        id: "tls-expired", area: .transport, severity: .error,
        summary: "The certificate has not expired",
        rationale:
            "An expired (or not yet valid) certificate fails verification; Apple's CDN then keeps serving its last good copy until it gives up.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .tls, error: "SSL certificate problem: certificate has expired",
                        tls: TLSFacts(verified: false, problem: .expired, subject: "CN=example.com", daysLeft: -3))),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let (e, tls) = TLSWording.exchange(probe, [.expired, .notYetValid]) else { return }
        let when = tls.daysLeft.map { $0 < 0 ? " \(-$0) day(s) ago" : "" } ?? ""
        findings.add(
            description, at: e,
            tls.problem == .expired
                ? "The certificate expired\(when) (\(TLSWording.certificate(tls)))."
                : "The certificate is not valid yet (\(TLSWording.certificate(tls))).",
            why:
                "Devices and Apple's CDN reject the file on every iOS version, so no link on this domain opens the app.",
            fix: "Renew the certificate and automate renewal (ACME); check the server's clock.")
    }
}

/// Warn before the certificate expires.
public enum TLSExpiring: TransportCheck {
    public static let days = 21

    public static let description = CheckDescription(
        id: "tls-expiring", area: .transport, severity: .warning,
        summary: "The certificate is valid for at least 21 more days",
        rationale:
            "Apple's CDN refetches within about a day and devices weekly; an expiry inside three weeks leaves little time to notice a failed renewal.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        tls: TLSFacts(
                            protocolVersion: "TLSv1.3", verified: true, subject: "CN=example.com", daysLeft: 5))),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, let tls = e.tls, tls.verified || tls.problem == nil, let left = tls.daysLeft,
            left >= 0, left < days
        else { return }
        findings.add(
            description, at: e, "The certificate expires in \(left) day(s) (\(TLSWording.certificate(tls))).",
            why: "When it expires, every iOS version stops trusting the file and links stop opening the app.",
            fix: "Renew it now and check that automatic renewal works.")
    }
}

/// TLS 1.2 or later, as App Transport Security requires.
public enum TLSProtocol: TransportCheck {
    public static let description = CheckDescription(
        id: "tls-protocol", area: .transport, severity: .error,
        summary: "The server speaks TLS 1.2 or later",
        rationale:
            "App Transport Security, which Apple's fetchers follow, requires TLS 1.2 or later; a server offering only older protocols fails the handshake.",
        reference: "https://developer.apple.com/documentation/security/preventing-insecure-network-connections",
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.alone(ExampleProbe.exchange(tls: TLSFacts(protocolVersion: "TLSv1.1", verified: true))),
                at: [ExampleProbe.wellKnownURL]),
            .failing(
                ExampleProbe.alone(
                    ExampleProbe.exchange(
                        failure: .tls, error: "error:0A000102:SSL routines::unsupported protocol",
                        tls: TLSFacts(verified: false, problem: .protocolVersion))),
                at: [ExampleProbe.wellKnownURL]),
        ])

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
