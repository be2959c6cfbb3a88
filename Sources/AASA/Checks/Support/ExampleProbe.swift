import Foundation

/// Canned exchanges for the transport checks' examples.
public enum ExampleProbe {
    public static let domain = "example.com"
    public static let wellKnownURL = DomainProbe.url(domain, .wellKnown)
    public static let rootURL = DomainProbe.url(domain, .root)
    public static let body =
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}]}]}}"#
    static let goodTLS = TLSFacts(
        protocolVersion: "TLSv1.3", verified: true, subject: "CN=example.com", issuer: "CN=Example CA",
        notAfter: Date().addingTimeInterval(200 * 86_400), daysLeft: 200)

    public static func exchange(
        _ location: FetchLocation = .wellKnown, status: Int? = 200, contentType: String? = "application/json",
        body: String? = nil, bytes: [UInt8]? = nil, agent: String = UserAgents.apple, failure: FetchFailure? = nil,
        error: String? = nil, tls: TLSFacts? = nil, redirectTo: String? = nil, truncated: Bool = false,
        headers: [HeaderField] = []
    ) -> Exchange {
        let payload = bytes ?? Array((body ?? (status == 200 ? Self.body : "<html>Not Found</html>")).utf8)
        let ok = failure == nil
        return Exchange(
            location: location, url: DomainProbe.url(domain, location), userAgent: agent, httpStatus: ok ? status : nil,
            contentType: ok ? contentType : nil, headers: headers, bytes: ok ? payload.count : 0, truncated: truncated,
            wireBytes: ok ? payload.count : 0, redirectTo: redirectTo, sha256: nil, failure: failure, error: error,
            tls: tls ?? (failure == nil ? goodTLS : nil), body: ok ? payload : [])
    }

    /// A well-known fetch whose TLS handshake failed with this error, the certificate described as far as it was read.
    public static func tlsFailure(
        _ error: String, _ problem: TLSProblem, subject: String? = nil, issuer: String? = nil, daysLeft: Int? = nil
    ) -> Exchange {
        exchange(
            failure: .tls, error: error,
            tls: TLSFacts(verified: false, problem: problem, subject: subject, issuer: issuer, daysLeft: daysLeft))
    }

    /// A healthy domain whose well-known file is `count` bytes long (spaces), for the size checks.
    public static func sized(_ count: Int) -> DomainProbe {
        healthy(wellKnown: exchange(bytes: [UInt8](repeating: 0x20, count: count)))
    }

    /// A domain where only the well-known fetch happened (it failed before the other probes).
    public static func alone(_ wellKnown: Exchange) -> DomainProbe {
        DomainProbe(domain: domain, wellKnown: wellKnown, root: nil)
    }

    /// A healthy domain whose CDN copy is `cdn`.
    public static func withCDN(_ cdn: Exchange) -> DomainProbe {
        var probe = healthy()
        probe.cdn = cdn
        return probe
    }

    /// A healthy domain: both locations serve the same file, every user agent gets it.
    public static func healthy(
        wellKnown: Exchange = exchange(), root: Exchange? = exchange(.root), others: [Exchange]? = nil
    ) -> DomainProbe {
        DomainProbe(
            domain: domain, wellKnown: wellKnown, root: root,
            otherAgents: others ?? [
                exchange(agent: UserAgents.browser), exchange(agent: UserAgents.genericBot),
            ])
    }
}
