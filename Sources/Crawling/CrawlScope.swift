import AASA

/// The URLs a crawl fetches: https on port 443 to the audited host, and to its subdomains when
/// `--include-subdomains` asks. Anything else a site links to, names as a sitemap or redirects to is recorded and
/// judged, never fetched, so a site cannot steer the auditor to other hosts, ports or addresses (an auditor inside a
/// company network must not be made to request internal services).
struct CrawlScope: Sendable, Equatable {
    let domain: String
    let includeSubdomains: Bool
    /// "." + domain, made once: the scope is asked about every new URL.
    private let dotDomain: String

    /// Why a URL is out of scope; `description` is its row's note.
    enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case notWeb
        case userInfo
        case ipAddress
        case otherHost
        case plainHTTP
        case otherPort(String)

        var description: String {
            switch self {
            case .notWeb: "not an http(s) URL: recorded, not crawled"
            case .userInfo: "user name in the URL: recorded, not crawled"
            case .ipAddress: "IP address: recorded, not crawled"
            case .otherHost: "other host: recorded, not crawled"
            case .plainHTTP: "http, not https: recorded, not crawled"
            case .otherPort(let port): "other port (\(port)): recorded, not crawled"
            }
        }
    }

    init(domain: String, includeSubdomains: Bool) {
        self.domain = domain
        self.includeSubdomains = includeSubdomains
        dotDomain = "." + domain
    }

    /// Whether pages on `host` (lower-cased, without port) are fetched, on https and port 443.
    func contains(host: String) -> Bool {
        // A byte no ASCII host name has (a percent sign, a backslash, non-ASCII bytes a resolver might map to digits) is never in scope.
        guard !IPLiteral.looksLikeIPAddress(host), host.utf8.allSatisfy(CrawlScope.isHostByte) else { return false }
        return host == domain || (includeSubdomains && host.hasSuffix(dotDomain))
    }

    /// Nil when `url` may be fetched; else why not. User info is refused whatever the host
    /// (`https://shop.example@127.0.0.1/` names 127.0.0.1), as is any IP literal.
    func refusal(_ url: String) -> Refusal? {
        var url = url
        return url.withUTF8 { bytes -> Refusal? in
            guard let authority = URLAuthority(bytes), authority.isHTTP(bytes) else { return .notWeb }
            if authority.userInfo != nil { return .userInfo }
            let host = URLAuthority.lowercased(bytes, authority.host)
            if IPLiteral.looksLikeIPAddress(host) { return .ipAddress }
            guard contains(host: host) else { return .otherHost }
            if authority.scheme.count == 4 { return .plainHTTP }
            if let port = authority.port {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[port]), as: UTF8.self)
                if !text.isEmpty && text != "443" { return .otherPort(text) }
            }
            return nil
        }
    }

    @inline(__always) static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
