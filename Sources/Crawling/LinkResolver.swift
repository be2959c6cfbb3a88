import AASA

/// Links resolved as a browser resolves them: the WHATWG URL Standard's parser (`WebURL`) against the page's URL
/// or its first `<base href>`, in the page's encoding for the query. The crawl, its sitemaps and robots.txt
/// redirects all go through here, so one href has one meaning in every command.
public enum LinkResolver {
    /// What a link turned out to be.
    public enum Resolved: Equatable, Sendable {
        /// An http(s) URL: `url` canonical with its fragment (AASA `"#"` rules decide on it), `key` the same without
        /// the fragment (what is fetched, once; the same string when there is none).
        case web(url: String, key: String)
        /// mailto:, tel:, javascript:, app schemes…: recorded, never followed.
        case otherScheme(String)
        /// The Standard's parser fails on it: a browser would not follow it either.
        case invalid(reason: String)
    }

    /// A page's URL (or its `<base href>`) parsed once for all its links, with the page's query encoding.
    public struct Base: Sendable {
        var url: WebURL
        let queryEncoding: (@Sendable (Substring) -> [UInt8])?
        /// The Encoding Standard name of a page charset Foundation cannot encode here (its queries go as UTF-8).
        public private(set) var unsupportedCharset: String?

        /// Nil when `text` is no URL the Standard parses.
        public init?(_ text: String, charset: String? = nil) {
            guard let url = WebURL(text) else { return nil }
            self.init(url, charset: charset)
        }

        init(_ url: WebURL, charset: String?) {
            self.url = url
            switch QueryEncoding.choice(forLabel: charset) {
            case .utf8: queryEncoding = nil
            case .legacy(let encoding): queryEncoding = QueryEncoding.encoder(encoding)
            case .unsupported(let name):
                queryEncoding = nil
                unsupportedCharset = name
            }
        }

        /// The base a page's links resolve against: its first `<base href>` resolved against the page when that
        /// parses (the Standard's "frozen base URL"), else the page.
        public func declaring(_ href: String?) -> Base {
            guard let href, case .success(let declared) = WebURL.parse(href, base: url) else { return self }
            var base = self
            base.url = declared
            return base
        }
    }

    public static func resolve(_ reference: String, against base: Base) -> Resolved {
        resolved(reference, WebURL.parse(reference, base: base.url, queryEncoding: base.queryEncoding))
    }

    /// The same against a base given as text (a sitemap's root, a redirect's URL); a base that does not parse
    /// leaves only absolute references.
    public static func resolve(_ reference: String, against base: String) -> Resolved {
        if let parsed = Base(base) { return resolve(reference, against: parsed) }
        return resolved(reference, WebURL.parse(reference))
    }

    static func resolved(_ reference: String, _ parsed: Result<WebURL, WebURL.Failure>) -> Resolved {
        switch parsed {
        case .failure(let failure): return refused(reference, failure)
        case .success(let url):
            guard url.isHTTP else { return .otherScheme(url.scheme) }
            return .web(url: url.href, key: url.hrefWithoutFragment)
        }
    }

    /// A reference the Standard refuses: still an app link when it starts with another scheme (`acmeshop://x<y`),
    /// which the crawl lists with the page that has it; else no link.
    static func refused(_ reference: String, _ failure: WebURL.Failure) -> Resolved {
        // Leading C0 controls and spaces are no part of it, as the parser strips them.
        let trimmed = String(reference.unicodeScalars.drop { $0.value <= 0x20 })
        if let scheme = URLAuthority.scheme(of: trimmed), scheme != "http", scheme != "https" {
            return .otherScheme(scheme)
        }
        return .invalid(reason: failure.reason)
    }
}
