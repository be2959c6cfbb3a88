import Foundation

/// Everything fetched for one domain: the transport checks' input.
///
/// Every body that answered 200 is decoded once, here (again only when an exchange is replaced), so the
/// transport, document, two-way and crawl checks and the report all read the same decoded value.
public struct DomainProbe: Sendable {
    public var domain: String
    /// `/.well-known/apple-app-site-association` with Apple's user agent (or `--user-agent`).
    public var wellKnown: Exchange? { didSet { wellKnownFile = Self.decode(wellKnown) } }
    /// `/apple-app-site-association` with the same user agent.
    public var root: Exchange? { didSet { rootFile = Self.decode(root) } }
    /// The well-known file again with other user agents, to detect bot blocking.
    public var otherAgents: [Exchange] { didSet { otherAgentFiles = otherAgents.map(Self.decode) } }
    /// Apple's CDN copy, when fetched.
    public var cdn: Exchange? { didSet { cdnFile = Self.decode(cdn) } }
    /// The entitlement asks for `?mode=developer`: untrusted certificates are accepted there.
    public var developerMode: Bool

    /// `wellKnown`'s body decoded, when it answered 200.
    public package(set) var wellKnownFile: DecodedFile?
    /// `root`'s body decoded, when it answered 200.
    public package(set) var rootFile: DecodedFile?
    /// Each of `otherAgents`' bodies decoded, when it answered 200, in the same order.
    public package(set) var otherAgentFiles: [DecodedFile?]
    /// `cdn`'s body decoded, when it answered 200.
    public package(set) var cdnFile: DecodedFile?

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
        wellKnownFile = Self.decode(wellKnown)
        rootFile = Self.decode(root)
        otherAgentFiles = otherAgents.map(Self.decode)
        cdnFile = Self.decode(cdn)
    }

    /// Only a 200 answer can be the file; other bodies are error pages no check reads as a document.
    static func decode(_ exchange: Exchange?) -> DecodedFile? {
        guard let exchange, exchange.httpStatus == 200 else { return nil }
        return DecodedFile(bytes: exchange.body)
    }

    public var exchanges: [Exchange] { [wellKnown, root].compactMap { $0 } + otherAgents + [cdn].compactMap { $0 } }

    /// The well-known location serves the file: 200, complete, and decoding to an AASA document.
    public var wellKnownServes: Bool { Self.serves(wellKnown, wellKnownFile) }
    /// The root location serves the file, as `wellKnownServes` means it.
    public var rootServes: Bool { Self.serves(root, rootFile) }

    static func serves(_ exchange: Exchange?, _ file: DecodedFile?) -> Bool {
        guard let exchange, exchange.httpStatus == 200, exchange.failure == nil, !exchange.truncated else {
            return false
        }
        return file?.document != nil
    }

    /// The exchange whose body the document checks read: the well-known file, else a root-only file.
    public var documentSource: Exchange? { served?.source }

    /// The file the document checks read: `documentSource`'s body, decoded.
    public var file: DecodedFile? { served?.file }

    private var served: (source: Exchange, file: DecodedFile)? {
        if let wellKnown, let wellKnownFile, wellKnown.failure == nil, !wellKnown.truncated {
            return (wellKnown, wellKnownFile)
        }
        if rootServes, let root, let rootFile { return (root, rootFile) }
        return nil
    }

    public static func url(_ domain: String, _ location: FetchLocation) -> String {
        switch location {
        case .wellKnown: "https://\(domain)/.well-known/apple-app-site-association"
        case .root: "https://\(domain)/apple-app-site-association"
        case .cdn: "https://app-site-association.cdn-apple.com/a/v1/\(domain)"
        case .page: "https://\(domain)/"
        case .assetLinks: "https://\(domain)/.well-known/assetlinks.json"
        case .dal: AndroidProbe.googleURL(base: AndroidProbe.googleAPI, domain: domain)
        }
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
    /// A site named this host (a redirect in `links`), not the user: its fetches guard their addresses
    /// (`FetchPolicy.guardsAddresses`).
    public var siteNamed = false
    /// The domain gets the Android App Links audit too (`audit --android` on a host named on the command line or in
    /// `--domains`; a host only the entitlements name gets the iOS audit alone).
    public var android = false
    /// The domain gets the iOS audit: false for a host only `--android-manifest` names.
    public var ios = true

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
