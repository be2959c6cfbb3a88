import Foundation

/// Everything fetched for one domain: the transport checks' input.
public struct DomainProbe: Sendable {
    public var domain: String
    /// `/.well-known/apple-app-site-association` with Apple's user agent (or `--user-agent`).
    public var wellKnown: Exchange?
    /// `/apple-app-site-association` with the same user agent.
    public var root: Exchange?
    /// The well-known file again with other user agents, to detect bot blocking.
    public var otherAgents: [Exchange]
    /// Apple's CDN copy, when fetched.
    public var cdn: Exchange?
    /// The entitlement asks for `?mode=developer`: untrusted certificates are accepted there.
    public var developerMode: Bool

    public init(
        domain: String, wellKnown: Exchange?, root: Exchange?, otherAgents: [Exchange] = [], cdn: Exchange? = nil,
        developerMode: Bool = false
    ) {
        self.domain = domain
        self.wellKnown = wellKnown
        self.root = root
        self.otherAgents = otherAgents
        self.cdn = cdn
        self.developerMode = developerMode
    }

    public var exchanges: [Exchange] { [wellKnown, root].compactMap { $0 } + otherAgents + [cdn].compactMap { $0 } }

    /// A location "serves the file" when it answers 200 with a body that decodes to an AASA document.
    public static func serves(_ exchange: Exchange?) -> Bool {
        guard let exchange, exchange.httpStatus == 200, exchange.failure == nil, !exchange.truncated else {
            return false
        }
        return DecodedFile(bytes: exchange.body).document != nil
    }

    /// The exchange whose body the document checks read: the well-known file, else a root-only file.
    public var documentSource: Exchange? {
        if let wellKnown, wellKnown.httpStatus == 200, wellKnown.failure == nil, !wellKnown.truncated {
            return wellKnown
        }
        if DomainProbe.serves(root) { return root }
        return nil
    }

    public static func url(_ domain: String, _ location: FetchLocation) -> String {
        switch location {
        case .wellKnown: "https://\(domain)/.well-known/apple-app-site-association"
        case .root: "https://\(domain)/apple-app-site-association"
        case .cdn: "https://app-site-association.cdn-apple.com/a/v1/\(domain)"
        case .page: "https://\(domain)/"
        }
    }
}

/// A check over what was fetched for a domain. Like document checks, it never throws.
public protocol TransportCheck: Sendable {
    static var description: CheckDescription { get }
    static func run(_ probe: DomainProbe, into findings: inout FindingSink)
}

extension FindingSink {
    /// A finding about a fetched URL (no position in a file).
    public mutating func add(
        _ check: CheckDescription, at exchange: Exchange, severity: Severity? = nil, _ message: String, why: String,
        fix: String
    ) {
        append(
            Finding(
                id: check.id, severity: severity ?? check.severity, message: message,
                location: FindingLocation(url: exchange.url), why: why, hint: fix, reference: check.reference))
    }
}

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

/// One domain to audit, already normalised (see `DomainParser`).
public struct DomainTarget: Sendable, Hashable {
    public var domain: String
    public var input: String?
    public var unicode: String?
    public var notes: [String]
    /// The app's entitlement entries served by this domain's file (a wildcard is served by its apex).
    public var entries: [EntitlementEntry]

    public init(
        domain: String, input: String? = nil, unicode: String? = nil, notes: [String] = [],
        entries: [EntitlementEntry] = []
    ) {
        self.domain = domain
        self.input = input
        self.unicode = unicode
        self.notes = notes
        self.entries = entries
    }

    /// Every entry naming the domain asks for developer mode: an untrusted certificate is then accepted.
    public var developerMode: Bool { !entries.isEmpty && entries.allSatisfy(\.developerMode) }
}
