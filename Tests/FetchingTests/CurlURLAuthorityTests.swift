import Testing

@testable import Fetching

/// `CurlURL.Authority`: what link resolution reads off a URL through `URLAuthority`, pinned on the edge cases where
/// the hand splitter it replaced decided, so links keep the same keys.
@Suite struct CurlURLAuthorityTests {
    static func authority(_ url: String) -> CurlURL.Authority? {
        var url = url
        return url.withUTF8 { CurlURL.Authority($0) }
    }

    @Test(arguments: [
        ("https://e.com/a", "https", "e.com"), ("http://e.com", "http", "e.com"),
        ("HTTPS://E.com:443/", "https", "e.com"),
        ("https://u:p@e.com/", "https", "e.com"), ("https://[::1]:8443/x", "https", "[::1]"), ("http:///x", "http", ""),
    ])
    func readsTheSchemeAndTheLowerCasedHost(_ url: String, _ scheme: String, _ host: String) throws {
        let authority = try #require(Self.authority(url))
        #expect(authority.scheme == scheme)
        #expect(authority.host == host)
    }

    @Test(arguments: ["ftp://e.com/", "mailto:a@e.com", "/a", "e.com", "1http://e.com/", " https://e.com/"])
    func onlyHTTPAndHTTPSURLsAreRead(_ url: String) {
        #expect(Self.authority(url) == nil)
    }

    @Test(arguments: [
        ("https://e.com/a?q", true), ("https://[::1]/", true), ("https://[::1", true), ("http:///x", true),
        ("https://e.com/a#f", false), ("Https://e.com/", false), ("https://E.com/", false),
        ("https://u@e.com/", false), ("https://e.com:443/", false), ("https://e.com:/", false),
        // A ":" in a host that is not an IP literal, or text after an IP literal's "]", was always a port.
        ("https://a:b]/x", false), ("https://[::1]x/", false),
    ])
    func aURLIsItsOwnKeyOnlyInKeyForm(_ url: String, _ keyForm: Bool) throws {
        #expect(try #require(Self.authority(url)).isKeyForm == keyForm, "\(url)")
    }

    @Test(arguments: [("mailto:a", "mailto"), ("MyApp+x-1.2:go", "myapp+x-1.2"), ("Tel:1", "tel")])
    func anAbsoluteReferenceHasALowerCasedScheme(_ reference: String, _ scheme: String) {
        #expect(CurlURL.schemeOf(reference) == scheme)
    }

    @Test(arguments: ["/a:b", "1a:b", ":x", "a b:c", "noscheme", "-a:b"])
    func aRelativeReferenceHasNoScheme(_ reference: String) {
        #expect(CurlURL.schemeOf(reference) == nil)
    }

    @Test func aBaseOutsideKeyFormLeavesEveryLinkToLibcurl() {
        #expect(CurlURL.plainPath("/x", against: "https://a:b]/p") == nil)
        #expect(CurlURL.plainPath("/x", against: "https://[::1]x/p") == nil)
        #expect(
            CurlURL.plainPath("/x", against: "https://[::1]/p")
                == .web(url: "https://[::1]/x", key: "https://[::1]/x", host: "[::1]"))
    }
}
