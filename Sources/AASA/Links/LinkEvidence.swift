/// One URL of a link's redirect chain: hop 0 is the tapped URL, each followed 3xx adds one.
public struct LinkHop: Codable, Hashable, Sendable {
    public var url: String
    /// Nil when the hop was not fetched (never-fetched link, `--no-follow`, a refused redirect) or failed.
    @Nullable public var httpStatus: Int?
    /// The `Location` header as sent (capped), when the hop redirected.
    @Nullable public var location: String?
    /// The first app, in file order, that this hop's own host's file opens for this URL.
    @Nullable public var opensApp: String?
    /// The deciding rule as written, when `opensApp` is set.
    @Nullable public var rule: String?
    /// Why the chain stopped here or what was not followed, in one sentence.
    @Nullable public var note: String?

    public init(
        url: String, httpStatus: Int? = nil, location: String? = nil, opensApp: String? = nil, rule: String? = nil,
        note: String? = nil
    ) {
        self.url = url
        self.httpStatus = httpStatus
        self.location = location
        self.opensApp = opensApp
        self.rule = rule
        self.note = note
    }
}

/// What the link checks read about one link: the tapped URL and the chain as it was followed (or not).
public struct LinkEvidence: Sendable {
    /// The tapped URL (hop 0's URL).
    public var url: String
    /// At least hop 0.
    public var chain: [LinkHop]
    /// Why the chain is broken (too many redirects, a loop, a failed fetch, a final status ≥ 400); nil when not.
    public var broken: String?

    public init(url: String, chain: [LinkHop] = [], broken: String? = nil) {
        self.url = url
        self.chain = chain.isEmpty ? [LinkHop(url: url)] : chain
        self.broken = broken
    }

    /// The app the tapped URL opens, if any: iOS decides on the tapped URL.
    public var tappedOpensApp: String? { chain.first?.opensApp }

    /// The first later hop that would open an app, with its index.
    public var laterAppHop: (index: Int, hop: LinkHop)? {
        chain.indices.dropFirst().first { chain[$0].opensApp != nil }.map { ($0, chain[$0]) }
    }

    /// The tapped URL's lower-cased host, for http(s) URLs.
    public var host: String? { URLAuthority.httpHost(of: url) }

    /// The tapped URL's path (without query or fragment), "/" when empty; nil for a non-http(s) URL.
    public var path: String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            guard let authority = URLAuthority(bytes), authority.isHTTP(bytes) else { return nil }
            var end = authority.end
            while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[authority.end..<end]), as: UTF8.self)
            return path.isEmpty ? "/" : path
        }
    }
}
