import AASA
import Testing

/// The parts `URLAuthority` finds, as text, for readable expectations.
struct AuthorityParts: Equatable, CustomStringConvertible {
    var scheme: String
    var userInfo: String?
    var host: String
    var port: String?
    /// The rest of the URL, from where the path starts.
    var rest: String

    init(scheme: String, userInfo: String? = nil, host: String, port: String? = nil, rest: String = "") {
        self.scheme = scheme
        self.userInfo = userInfo
        self.host = host
        self.port = port
        self.rest = rest
    }

    init?(_ url: String) {
        var url = url
        guard
            let parts = url.withUTF8({ bytes -> AuthorityParts? in
                guard let a = URLAuthority(bytes) else { return nil }
                func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
                return AuthorityParts(
                    scheme: text(a.scheme), userInfo: a.userInfo.map(text), host: text(a.host), port: a.port.map(text),
                    rest: text(a.end..<bytes.count))
            })
        else { return nil }
        self = parts
    }

    var description: String { "\(scheme) \(userInfo ?? "-") \(host) \(port ?? "-") \(rest)" }
}

@Suite struct URLAuthorityTests {
    @Test func splitsSchemeHostAndPathStart() {
        #expect(
            AuthorityParts("https://example.com/a/b?q#f")
                == AuthorityParts(scheme: "https", host: "example.com", rest: "/a/b?q#f"))
    }

    @Test func keepsUserInfoApartFromTheHost() {
        #expect(
            AuthorityParts("https://user:pa@ss@example.com/x")
                == AuthorityParts(scheme: "https", userInfo: "user:pa@ss", host: "example.com", rest: "/x"))
        #expect(AuthorityParts("http://@h/") == AuthorityParts(scheme: "http", userInfo: "", host: "h", rest: "/"))
    }

    @Test func splitsThePort() {
        #expect(
            AuthorityParts("https://example.com:8443/x")
                == AuthorityParts(scheme: "https", host: "example.com", port: "8443", rest: "/x"))
        #expect(
            AuthorityParts("https://example.com:/x")
                == AuthorityParts(scheme: "https", host: "example.com", port: "", rest: "/x"))
        #expect(
            AuthorityParts("https://u@example.com:80")
                == AuthorityParts(scheme: "https", userInfo: "u", host: "example.com", port: "80"))
    }

    @Test func aStrayColonStaysInTheHost() {
        #expect(
            AuthorityParts("https://a.test:80:/x")
                == AuthorityParts(scheme: "https", host: "a.test:80", port: "", rest: "/x"))
        #expect(AuthorityParts("https://a:b:c") == AuthorityParts(scheme: "https", host: "a:b", port: "c"))
        #expect(URLAuthority.httpHost(of: "https://e.com:80:/x") == "e.com:80")
        #expect(URLAuthority.httpHost(of: "https://e.com:80x]/x") == "e.com:80x]")
    }

    @Test func keepsAnIPv6LiteralWholeWithItsBrackets() {
        #expect(AuthorityParts("http://[::1]/x") == AuthorityParts(scheme: "http", host: "[::1]", rest: "/x"))
        #expect(
            AuthorityParts("http://[2001:db8::1]:8080/x")
                == AuthorityParts(scheme: "http", host: "[2001:db8::1]", port: "8080", rest: "/x"))
        #expect(
            AuthorityParts("http://u:p@[::1]:1?q")
                == AuthorityParts(scheme: "http", userInfo: "u:p", host: "[::1]", port: "1", rest: "?q"))
        // An unclosed literal runs to the end of the authority, with no port.
        #expect(AuthorityParts("http://[::1:80/x") == AuthorityParts(scheme: "http", host: "[::1:80", rest: "/x"))
    }

    @Test func endsTheAuthorityAtAQueryOrFragmentRightAfterTheHost() {
        #expect(
            AuthorityParts("https://example.com?a=b/c")
                == AuthorityParts(scheme: "https", host: "example.com", rest: "?a=b/c"))
        #expect(
            AuthorityParts("https://example.com#x/y")
                == AuthorityParts(scheme: "https", host: "example.com", rest: "#x/y"))
        #expect(
            AuthorityParts("https://example.com:443#")
                == AuthorityParts(scheme: "https", host: "example.com", port: "443", rest: "#"))
    }

    @Test func acceptsAURLWithNoPathOrAnEmptyHost() {
        #expect(AuthorityParts("https://example.com") == AuthorityParts(scheme: "https", host: "example.com"))
        #expect(AuthorityParts("http://") == AuthorityParts(scheme: "http", host: ""))
        #expect(AuthorityParts("http:/") == nil)
        #expect(AuthorityParts("file:///etc/hosts") == AuthorityParts(scheme: "file", host: "", rest: "/etc/hosts"))
    }

    @Test func keepsTheCaseAsWritten() {
        #expect(
            AuthorityParts("HTTPS://Example.COM:80/P")
                == AuthorityParts(scheme: "HTTPS", host: "Example.COM", port: "80", rest: "/P"))
    }

    @Test func refusesWhatIsNotSchemeColonSlashSlash() {
        for text in [
            "", "/shop/1", "//example.com/x", "example.com/x", "mailto:a@b.c", "http:/x", "http:x//y",
            "1http://x/", "ht_tp://x/", "-a://x", "/a?u=https://evil.test/",
        ] {
            #expect(AuthorityParts(text) == nil, "\(text)")
        }
        #expect(AuthorityParts("svn+ssh.x-1://h/") == AuthorityParts(scheme: "svn+ssh.x-1", host: "h", rest: "/"))
    }

    @Test func httpHostIsTheLowerCasedHostOfHTTPAndHTTPSOnly() {
        #expect(URLAuthority.httpHost(of: "HTTPS://User@Example.COM:8443/Path") == "example.com")
        #expect(URLAuthority.httpHost(of: "http://[::1]:8080/") == "[::1]")
        #expect(URLAuthority.httpHost(of: "hTTp://a.test") == "a.test")
        #expect(URLAuthority.httpHost(of: "https://a.test?x") == "a.test")
        #expect(URLAuthority.httpHost(of: "ftp://a.test/") == nil)
        #expect(URLAuthority.httpHost(of: "httpx://a.test/") == nil)
        #expect(URLAuthority.httpHost(of: "/a?u=https://evil.test/") == nil)
        // Only ASCII letters are lowered; other bytes stay as written.
        #expect(URLAuthority.httpHost(of: "https://ÉCOLE.Test/") == "École.test")
    }

    /// The scheme alone, for references that need no `//` (mailto:, tel:, app schemes).
    @Test func schemeEndFindsTheColonAfterAValidScheme() {
        func end(_ text: String) -> Int? {
            var text = text
            return text.withUTF8 { URLAuthority.schemeEnd($0) }
        }
        #expect(end("mailto:a@b.c") == 6)
        #expect(end("svn+ssh.x-1:") == 11)
        #expect(end("H:x") == 1)
        #expect(end("https://a.test/") == 5)
        for text in ["", ":x", "1a:b", "-a:b", "a b:c", "a_b:c", "/a:b", "noscheme", "é:x"] {
            #expect(end(text) == nil, "\(text)")
        }
    }

    @Test func preparedURLReadsSchemeAndHostThroughIt() throws {
        let url = try #require(PreparedURL("HTTPS://u@Shop.Example.com:8443/a?b#c"))
        #expect(url.scheme == "https")
        #expect(url.host == "shop.example.com")
        let path = try #require(PreparedURL("/a?u=https://evil.test/"))
        #expect(path.scheme == "" && path.host == "")
        #expect(PreparedURL.host(of: "https://[::1]:8080/x") == "[::1]")
    }

    /// Every authority of up to five bytes from the characters that matter, against the rule as the type's doc states
    /// it (user info up to the last `@`; an IP literal to its `]`; otherwise the port after the host's last `:`
    /// unless a `]` follows it), so the one-pass split cannot drift from the rule on any mix of them.
    @Test func splitsEveryShortAuthorityByTheStatedRule() {
        let alphabet = Array("a1:@[]".utf8)
        func expected(_ authority: [UInt8], rest: String) -> AuthorityParts {
            func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
            var host = authority[...]
            var userInfo: String?
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                userInfo = text(authority[..<at])
                host = authority[(at + 1)...]
            }
            var port: String?
            if host.first == UInt8(ascii: "[") {
                let close = host.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? host.endIndex
                if close < host.endIndex, host[close] == UInt8(ascii: ":") { port = text(host[(close + 1)...]) }
                host = host[..<close]
            } else if let mark = host.lastIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "]") }),
                host[mark] == UInt8(ascii: ":")
            {
                port = text(host[(mark + 1)...])
                host = host[..<mark]
            }
            return AuthorityParts(scheme: "http", userInfo: userInfo, host: text(host), port: port, rest: rest)
        }
        var authorities: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 1...5 {
            last = last.flatMap { prefix in alphabet.map { prefix + [$0] } }
            authorities += last
        }
        var checked = 0
        for authority in authorities {
            for rest in ["", "/p:@]", "?q@x"] {
                let url = "http://" + String(decoding: authority, as: UTF8.self) + rest
                #expect(AuthorityParts(url) == expected(authority, rest: rest), "\(url)")
                checked += 1
            }
        }
        #expect(checked == 3 * (1 + 6 + 36 + 216 + 1296 + 7776))
    }
}
