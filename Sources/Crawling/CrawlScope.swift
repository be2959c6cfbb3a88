/// The hosts a crawl fetches: the audited host, and its subdomains when `--include-subdomains` asks. Anything
/// else a site links to is recorded and judged, never fetched, so a site cannot steer the auditor elsewhere.
///
/// Audited domains are host names, never IP literals, so no IP literal is ever in scope; the decision is on the
/// host alone (the port and scheme do not enter it).
struct CrawlScope: Sendable, Equatable {
    let domain: String
    let includeSubdomains: Bool
    /// "." + domain, made once: the scope is asked about every new URL.
    private let dotDomain: String

    init(domain: String, includeSubdomains: Bool) {
        self.domain = domain
        self.includeSubdomains = includeSubdomains
        dotDomain = "." + domain
    }

    /// Whether pages on `host` (lower-cased, without port) are fetched.
    func contains(host: String) -> Bool {
        host == domain || (includeSubdomains && host.hasSuffix(dotDomain))
    }
}
