/// How one request is fetched: everything the fetcher decides per request, so it never infers a policy from what
/// is being fetched. Callers pick one of the standard policies below, adjusting a field where they must.
///
/// Not here, on purpose: redirects are never followed by the fetcher (an AASA file's 3xx is itself a finding,
/// and the crawl follows a page's redirects itself, one recorded hop at a time, within robots.txt and its caps);
/// timeouts, `--connect-to` and the extra trust anchor are the same for every request of a run, so they belong
/// to the fetcher's configuration.
public struct FetchPolicy: Sendable, Equatable {
    public var userAgent: String
    /// Decoded-body cap; a little more is read to report the real size.
    public var maxBytes: Int
    /// Refuse outright a body whose declared length is already well over the cap (the AASA file: too large is
    /// the finding); otherwise read the beginning up to the cap (a page, robots.txt and sitemaps are still used).
    public var refusesDeclaredOversize: Bool
    /// Open a new connection and read the certificate chain: certificate details and the handshake's protocol
    /// exist only on a connection's first transfer, never on a reused one.
    public var capturesTLS: Bool
    /// False only to read a certificate that failed verification (its dates and names), or to fetch what a
    /// device in developer mode accepts; never to judge a site.
    public var verifiesPeer: Bool
    /// Keep the body in the exchange; a crawl that scans pages as they arrive does not need it.
    public var keepsBody: Bool
    /// Record the body's SHA-256, which identifies an AASA file across runs.
    public var digestsBody: Bool
    /// Which response headers the exchange keeps.
    public var headers: HeaderSelection
    /// The host came from a site or a file, not from the user: the fetcher resolves it first and refuses the fetch
    /// when any of its addresses is this machine's or a private network's (`BlockedAddress`), then connects only to
    /// the addresses it checked. Hosts a `--connect-to` mapping covers are the user's and never refused.
    public var guardsAddresses = false
    /// Record the longest wait between two chunks of the body (`Timings.longestGap`): Android's verifier gives up
    /// when a read waits 5 s, however fast the first byte came.
    public var measuresGaps = false

    private init(
        userAgent: String, maxBytes: Int, refusesDeclaredOversize: Bool, capturesTLS: Bool = false,
        verifiesPeer: Bool = true, keepsBody: Bool = true, digestsBody: Bool, headers: HeaderSelection = .all
    ) {
        self.userAgent = userAgent
        self.maxBytes = maxBytes
        self.refusesDeclaredOversize = refusesDeclaredOversize
        self.capturesTLS = capturesTLS
        self.verifiesPeer = verifiesPeer
        self.keepsBody = keepsBody
        self.digestsBody = digestsBody
        self.headers = headers
    }

    /// The AASA file fetched as Apple's fetcher does: Apple's size limit, every header kept for the checks, the
    /// body kept and digested. `capturesTLS` for the first probe of a host.
    public static func aasaFile(
        userAgent: String = UserAgents.apple, capturesTLS: Bool = false, verifiesPeer: Bool = true
    ) -> FetchPolicy {
        FetchPolicy(
            userAgent: userAgent, maxBytes: SizeLimits.aasa, refusesDeclaredOversize: true, capturesTLS: capturesTLS,
            verifiesPeer: verifiesPeer, digestsBody: true)
    }

    /// assetlinks.json as Android's verifier fetches it: its user agent, its 1 MiB limit (refused outright when the
    /// declared length is over it, as the verifier refuses), every header kept for the checks, the body kept.
    public static func assetLinks(capturesTLS: Bool = false) -> FetchPolicy {
        var policy = FetchPolicy(
            userAgent: UserAgents.android, maxBytes: SizeLimits.assetLinks, refusesDeclaredOversize: true,
            capturesTLS: capturesTLS, digestsBody: true)
        policy.measuresGaps = true
        return policy
    }

    /// Google's Digital Asset Links API answer: JSON of a few KiB; the same cap as the file it describes.
    public static func googleAPI() -> FetchPolicy {
        FetchPolicy(
            userAgent: UserAgents.tool, maxBytes: SizeLimits.assetLinks, refusesDeclaredOversize: true,
            digestsBody: false)
    }

    /// A crawled page: scanned while it arrives and not kept, no digest, and only the headers the crawl reads
    /// (a dozen Strings per page for the rest would be made and dropped unread).
    public static func crawledPage(userAgent: String, maxBytes: Int) -> FetchPolicy {
        FetchPolicy(
            userAgent: userAgent, maxBytes: maxBytes, refusesDeclaredOversize: false, keepsBody: false,
            digestsBody: false, headers: .crawl)
    }

    /// robots.txt or a sitemap read during a crawl: like a page, but the body is kept to be parsed whole.
    public static func crawlFile(userAgent: String, maxBytes: Int) -> FetchPolicy {
        FetchPolicy(
            userAgent: userAgent, maxBytes: maxBytes, refusesDeclaredOversize: false, digestsBody: false,
            headers: .crawl)
    }
}

/// The response headers an exchange keeps: all, or only some names (matched ignoring ASCII case).
public struct HeaderSelection: Sendable, Equatable {
    /// Lower-case names; nil keeps every header.
    private let names: [[UInt8]]?

    public static let all = HeaderSelection(names: nil)
    /// What a crawl reads: the type to pick a scanner, the pause a 429 or 503 asks for, where a 3xx points.
    public static let crawl = HeaderSelection.only(["content-type", "retry-after", "location"])

    public static func only(_ names: [String]) -> HeaderSelection {
        HeaderSelection(names: names.map { $0.utf8.map(ASCII.lower) })
    }

    private init(names: [[UInt8]]?) { self.names = names }

    /// Whether a header of this name (raw bytes, any case) is kept; the fetcher asks for every header line.
    package func keeps(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let names else { return true }
        return names.contains { kept in kept.count == name.count && zip(kept, name).allSatisfy { $0 == ASCII.lower($1) }
        }
    }
}
