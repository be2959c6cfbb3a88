import Foundation
import TestSupport
import Testing

@testable import AASA

/// The WHATWG URL parser on the Standard's tricky areas, its failures and their reasons, the page-encoding hook,
/// the fast paths against the full parser, and (with the conformance data beside the repository) the whole of urltestdata.json.
@Suite struct WebURLTests {
    static func href(_ input: String, _ base: String? = nil) -> String? {
        let baseURL = base.flatMap { WebURL($0) }
        if base != nil && baseURL == nil { return nil }
        return WebURL(input, base: baseURL)?.href
    }

    @Test(
        arguments: [
            // Dot segments, plain and percent-encoded in any case.
            ("http://example.com/a/./b/../c", nil, "http://example.com/a/c"),
            ("http://example.com/a/%2e%2E/c", nil, "http://example.com/c"),
            ("http://example.com/a/b/.%2e", nil, "http://example.com/a/"),
            ("http://example.com/a/%2E", nil, "http://example.com/a/"),
            ("../../../x", "https://h/a/b/c", "https://h/x"),
            ("./", "https://h/a/b", "https://h/a/"),
            ("..%2f", "https://h/a/b", "https://h/a/..%2f"),
            // Backslashes are slashes in special URLs only.
            ("http:\\\\example.com\\a\\b", nil, "http://example.com/a/b"),
            ("\\x\\y", "https://h/a/b", "https://h/x/y"),
            ("sc://h/a\\b", nil, "sc://h/a\\b"),
            // Leading and trailing C0 controls and spaces go; tabs and newlines go everywhere.
            ("ht\ttp://exa\nmple.com/p\ra/th", nil, "http://example.com/pa/th"),
            (" \u{0}http://example.com/ \u{1F}", nil, "http://example.com/"),
            ("/long/\n\twrapped?q=1", "https://h/", "https://h/long/wrapped?q=1"),
            ("/a\n b", "https://h/", "https://h/a%20b"),
            // Default ports vanish, others stay; the host is lower-cased.
            ("http://Example.COM:80/", nil, "http://example.com/"),
            ("https://example.com:0443/", nil, "https://example.com/"),
            ("ws://h:80/", nil, "ws://h/"),
            ("ftp://h:21/", nil, "ftp://h/"),
            ("http://h:443/", nil, "http://h:443/"),
            ("http://h:/", nil, "http://h/"),
            // IPv4 in every number form.
            ("http://0x7f.1/", nil, "http://127.0.0.1/"),
            ("http://2130706433/", nil, "http://127.0.0.1/"),
            ("http://0177.0.0.1/", nil, "http://127.0.0.1/"),
            ("http://192.168.257/", nil, "http://192.168.1.1/"),
            ("http://1.2.3.4./", nil, "http://1.2.3.4/"),
            ("http://%30x7F.1/", nil, "http://127.0.0.1/"),
            ("http://1.2.3.4.example/", nil, "http://1.2.3.4.example/"),
            // IPv6, compressed at the first longest run of zeros, lower case, IPv4 tail as hex.
            ("http://[0:0:0:0:0:0:0:1]/", nil, "http://[::1]/"),
            ("http://[1:0:0:2:0:0:0:3]/", nil, "http://[1:0:0:2::3]/"),
            ("http://[1:0:0:2:0:0:3:4]/", nil, "http://[1::2:0:0:3:4]/"),
            ("http://[::ffff:192.168.0.1]/", nil, "http://[::ffff:c0a8:1]/"),
            ("http://[2001:DB8::]:8080/", nil, "http://[2001:db8::]:8080/"),
            // Opaque paths and non-special schemes.
            ("mailto:Someone@Example.com?subject=Hi there", nil, "mailto:Someone@Example.com?subject=Hi%20there"),
            ("data:text/plain,a b", nil, "data:text/plain,a b"),
            ("data:text/plain,a ?b", nil, "data:text/plain,a%20?b"),
            ("itms-apps://apps.apple.com/app/id1", nil, "itms-apps://apps.apple.com/app/id1"),
            ("ITMS-APPS://Apps.Apple.com/%7e", nil, "itms-apps://Apps.Apple.com/%7e"),
            ("javascript:alert(1)", nil, "javascript:alert(1)"),
            ("tel:+1 555", nil, "tel:+1 555"),
            ("#frag", "mailto:a@b", "mailto:a@b#frag"),
            ("non-spec:/..//p", nil, "non-spec:/.//p"),
            ("sc:", nil, "sc:"),
            // Query-only and fragment-only hrefs, empty and whitespace-only ones: the page itself.
            ("?x", "https://h/a/b?y#z", "https://h/a/b?x"),
            ("?", "https://h/a/b?y#z", "https://h/a/b?"),
            ("#x", "https://h/a/b?y#z", "https://h/a/b?y#x"),
            ("#", "https://h/a/b?y#z", "https://h/a/b?y#"),
            ("", "https://h/a/b?y#z", "https://h/a/b?y"),
            (" \t\n ", "https://h/a/b?y#z", "https://h/a/b?y"),
            ("//other.test/x", "https://h/a/b", "https://other.test/x"),
            ("https:x", "https://h/a/b", "https://h/a/x"),
            ("http:x", "https://h/a/b", "http://x/"),
            // Encode sets: path, special query (with '), query, fragment, userinfo.
            ("https://h/a b\"<>`{}^|'", nil, "https://h/a%20b%22%3C%3E%60%7B%7D%5E|'"),
            ("https://h/?a b\"'<>`{}", nil, "https://h/?a%20b%22%27%3C%3E`{}"),
            ("sc://h/?a'b", nil, "sc://h/?a'b"),
            ("https://h/#a b\"<>`{}#", nil, "https://h/#a%20b%22%3C%3E%60{}#"),
            ("https://h/é?é#é", nil, "https://h/%C3%A9?%C3%A9#%C3%A9"),
            ("https://us er:pa:ss@h/", nil, "https://us%20er:pa%3Ass@h/"),
            ("https://a@b@h/", nil, "https://a%40b@h/"),
            ("https://:@h/", nil, "https://h/"),
            ("https://:p@h/", nil, "https://:p@h/"),
            // File URLs: drive letters, localhost, the base's drive.
            ("file:///C|/x", nil, "file:///C:/x"),
            ("file://localhost/etc", nil, "file:///etc"),
            ("file:///C:/..", nil, "file:///C:/"),
            ("/x", "file:///C:/a/b", "file:///C:/x"),
            ("file:c:\\foo", nil, "file:///c:/foo"),
            ("file://HOST/x", nil, "file://host/x"),
        ] as [(String, String?, String)])
    func resolvesAsTheStandardDoes(_ input: String, _ base: String?, _ expected: String) {
        #expect(Self.href(input, base) == expected)
    }

    @Test(
        arguments: [
            ("http://exa<mple.com/", nil, "the host contains a forbidden character '<'"),
            ("http://a b/", nil, "the host contains a forbidden character U+0020"),
            ("http://a%25b/", nil, "the host contains a forbidden character '%'"),
            ("sc://a^b/", nil, "the host contains a forbidden character '^'"),
            ("http://h:70000/", nil, "the port 70000 is out of range (0 to 65535)"),
            ("http://h:8a/", nil, "the port contains 'a', which is not a digit"),
            ("http://[::1/", nil, "an IPv6 address is not closed with ']'"),
            ("http://[1::2::3]/", nil, "an IPv6 address has more than one '::'"),
            ("http://[1:2:3:4:5:6:7:8:9]/", nil, "an IPv6 address has more than eight pieces"),
            ("http://[1:2]/", nil, "an IPv6 address has fewer than eight pieces and no '::'"),
            ("http://[::1.2.3.256]/", nil, "an IPv6 address has an embedded IPv4 part greater than 255"),
            ("http://1.2.3.256/", nil, "an IPv4 address is out of range"),
            ("http://256.1.1.1/", nil, "an IPv4 address has a part greater than 255"),
            (
                "http://1.2.3.4.5/", nil,
                "the host ends in a number but has more than four parts, so it is no IPv4 address"
            ),
            ("http://a.09/", nil, "the host ends in a number but is not a valid IPv4 address"),
            ("http:///", nil, "the host is missing"),
            ("http://:80/", nil, "the host is missing before the port"),
            ("http://user@/", nil, "there are credentials (before an '@') but no host"),
            ("a/b", nil, "there is no scheme (such as 'https:') and no base URL to resolve against"),
            (
                "x", "mailto:a@b",
                "there is no scheme, and the base URL has an opaque path ('mailto:…'), against which only a fragment ('#…') resolves"
            ),
        ] as [(String, String?, String)])
    func failsWhereTheStandardFailsWithAReason(_ input: String, _ base: String?, _ reason: String) {
        let baseURL = base.flatMap { WebURL($0) }
        guard case .failure(let failure) = WebURL.parse(input, base: baseURL) else {
            Issue.record("\(input) parsed")
            return
        }
        #expect(failure.reason == reason)
    }

    @Test func gettersSliceTheSerialization() throws {
        let url = try #require(WebURL("HTTPS://us%20er:pw@Shop.Example:8443/a/../b%2Fc?q=1&r#Top"))
        #expect(url.href == "https://us%20er:pw@shop.example:8443/b%2Fc?q=1&r#Top")
        #expect(url.description == url.href)
        #expect(url.scheme == "https")
        #expect(url.isSpecial && url.isHTTP && !url.hasOpaquePath)
        #expect(url.username == "us%20er")
        #expect(url.password == "pw")
        #expect(url.host == .domain("shop.example"))
        #expect(url.hostname == "shop.example")
        #expect(url.port == 8443)
        #expect(url.pathname == "/b%2Fc")
        #expect(url.query == "q=1&r")
        #expect(url.fragment == "Top")
        #expect(url.hrefWithoutFragment == "https://us%20er:pw@shop.example:8443/b%2Fc?q=1&r")
        #expect(url.pathAndQuery == "/b%2Fc?q=1&r")

        let plain = try #require(WebURL("http://h"))
        #expect(plain.href == "http://h/")
        #expect(plain.port == nil && plain.query == nil && plain.fragment == nil && plain.username == "")
        #expect(WebURL("http://h/?")?.query == "")
        #expect(WebURL("http://h/#")?.fragment == "")

        let mail = try #require(WebURL("mailto:a@b.example?subject=x"))
        #expect(mail.hasOpaquePath && !mail.isSpecial && !mail.isHTTP)
        #expect(mail.host == nil && mail.hostname == "")
        #expect(mail.pathname == "a@b.example")
        #expect(mail.pathAndQuery == "a@b.example?subject=x")

        #expect(WebURL("http://0x7f.1/")?.host == .ipv4(0x7F00_0001))
        #expect(WebURL("http://[1::2]/")?.host == .ipv6([1, 0, 0, 0, 0, 0, 0, 2]))
        #expect(WebURL("http://[1::2]/")?.hostname == "[1::2]")
        #expect(WebURL("sc://Opaque%41/")?.host == .opaque("Opaque%41"))
        #expect(WebURL("file:///etc")?.host == .empty)
        #expect(WebURL("sc:/x")?.host == nil)
        #expect(WebURL("non-spec:/..//p")?.pathname == "//p")
        #expect(WebURL("https://h/a#x") == WebURL("https://H:443/a#x"))
        #expect(Set([WebURL("https://h/a")!, WebURL("HTTPS://h/./a")!]).count == 1)
    }

    /// Latin-1 as a page's encoding: `€` is not in it.
    static let latin1: @Sendable (Substring) -> [UInt8] = { text in
        text.unicodeScalars.flatMap { $0.value < 256 ? [UInt8($0.value)] : Array("&#\($0.value);".utf8) }
    }

    @Test func queryEncodingIsUsedOnlyForSpecialSchemesOtherThanWebSockets() throws {
        let base = try #require(WebURL("https://h/p"))
        func href(_ input: String, _ base: WebURL? = nil) -> String? {
            try? WebURL.parse(input, base: base, queryEncoding: Self.latin1).get().href
        }
        #expect(href("?q=é€&r=1'", base) == "https://h/p?q=%E9%26%238364%3B&r=1%27")
        #expect(href("http://h/?q=é#é", nil) == "http://h/?q=%E9#%C3%A9")
        #expect(href("/é?q=a&b;", base) == "https://h/%C3%A9?q=a&b;")
        #expect(href("ws://h/?q=é") == "ws://h/?q=%C3%A9")
        #expect(href("wss://h/?q=é") == "wss://h/?q=%C3%A9")
        #expect(href("sc://h/?q=é") == "sc://h/?q=%C3%A9")
        #expect(href("mailto:a?q=é") == "mailto:a?q=%C3%A9")
        #expect(WebURL("?q=é€", base: base)?.href == "https://h/p?q=%C3%A9%E2%82%AC")
    }

    static let fastPathBases = [
        "http://h/a/b", "https://www.acme.test/shop/item?x=1#f", "http://h/", "http://h:8080/a/",
        "https://user:pw@h/a/b/c", "https://h/a/b/", "https://[::1]/a", "https://1.2.3.4/x/y",
    ]

    static let fastPathInputs = [
        "", "a", "a/b", "/a", "/", "//x/y", "?q", "?", "#", "#f", "a?b#c", "/p/12.html", "next.html", ".hidden/x",
        "./a", "../a", "a/./b", "a/../b", ".", "..", "a/.", "a/..", "..a", "a..", "a:b", "a/b:c", "/a:b", "1a:b",
        "%2e/a", "a/%2E%2e", "a%2Fb", "a b", "a\\b", "\\a", "é", "a?q'x", "a?q%20x", "a#f`", "a#f'", "a?q#f#g",
        "?a=b&c=d", "#top?x", "a?b?c", "a//b", "/a//b/", "~user/x_y-z", "a;b=c,d", "a@b", "a!$&'()*+,;=",
        "https://x.test/a", "https://X.test/a", "http://1.2.3.4/", "http://a.0x1/", "http://a.1x/",
        "http://xn--a.b/", "http://a.xn--b/", "http://xn-a.b/", "HTTP://h/", "https://h", "https://h:443/",
        "https://h:444/", "https://a..b/", "https://h./", "https://h../", "https://.h/", "https://h/?a=b'c",
        "https://h/#`", "https://_a.b/", "https://a_b.c_d/x", "https://h/a/./b", "https://h/a/../b",
        "https://h/.", "https://h/..", "https://h/%2e", "https://h/a?b#c", "https://h//", "https://-a.b-/",
        "https://h/\u{0}", "https://h/ ", " https://h/", "https://h/a\tb", "https://user@h/", "http:/h/x",
        "http:h/x", "https://h\\x", "https://h/a\\b", "https://h?x", "https://h#x", "https://h.0/", "https://h.9a/",
        "https://h.a9/", "http://h.com/?%", "http://h.com/#%", "mailto:x", "x:y",
    ]

    /// The fast paths give exactly what the state machine gives, serialization and offsets alike, or decline.
    @Test func fastPathsAgreeWithTheFullParser() {
        for baseText in [nil] + Self.fastPathBases.map(Optional.some) {
            let base = baseText.flatMap { WebURL.parse($0).success }
            for input in Self.fastPathInputs {
                let full = URLParser.parse(input, base: base, queryEncoding: nil)
                let public_ = WebURL.parse(input, base: base)
                switch (full, public_) {
                case (.success(let slow), .success(let fast)):
                    #expect(slow.href == fast.href, "\(input) against \(baseText ?? "nothing")")
                    #expect(slow.layout == fast.layout, "\(input) against \(baseText ?? "nothing")")
                case (.failure(let slow), .failure(let fast)):
                    #expect(slow == fast)
                default:
                    Issue.record("\(input) against \(baseText ?? "nothing"): \(full) vs \(public_)")
                }
            }
        }
        // The fast paths are taken where they should be: a canonical absolute URL is its own serialization.
        #expect(FastPath.absolute("https://www.acme.test/shop/a?b=c#d") != nil)
        #expect(FastPath.relative("/p/12.html", against: WebURL("https://h/a/b")!) != nil)
        #expect(FastPath.relative("../p", against: WebURL("https://h/a/b")!) == nil)
    }

    /// The same on 20,000 generated references made of the bytes the fast paths decide on.
    @Test func fastPathsAgreeWithTheFullParserOnGeneratedReferences() {
        var random = SeededGenerator(state: 24)
        let pieces = [
            "/", "/", ".", "..", "?", "#", "a", "b", "%", "2e", "%2E", ":", "\\", " ", "'", "`", "h", "x", "-", "_",
            "0", "9", "@", "[", "]", "é", "\t", "xn--", "https://", "http://", "HTTP://", "//", "www.", ":443", "~",
        ]
        let bases = Self.fastPathBases.compactMap { WebURL($0) }
        for _ in 0..<20_000 {
            let input = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let base = Bool.random(using: &random) ? bases.randomElement(using: &random) : nil
            let full = URLParser.parse(input, base: base, queryEncoding: nil)
            switch (full, WebURL.parse(input, base: base)) {
            case (.success(let slow), .success(let fast)):
                #expect(slow.href == fast.href && slow.layout == fast.layout, "\(input) against \(base?.href ?? "-")")
            case (.failure(let slow), .failure(let fast)):
                #expect(slow == fast)
            default:
                Issue.record("\(input) against \(base?.href ?? "nothing"): the fast path and the parser disagree")
            }
        }
    }

    /// Whatever the input, parsing never traps, and a URL's serialization parses back to itself (the Standard's
    /// serializer and parser round-trip).
    @Test func serializationsParseBackToThemselves() {
        var random = SeededGenerator(state: 7)
        let pieces = [
            "/", "\\", ".", "..", "%2e", "?", "#", ":", "@", "[", "]", "::", "1", "0x", "255", ".", "a", "Z", " ", "\t",
            "\u{0}", "%", "%41", "%zz", "'", "<", "^", "|", "é", "\u{FFFD}", "C:", "C|", "file:", "http:", "sc:",
            "mailto:", "//", "localhost", "xn--", "[::1]", "[1:2:3:4:5:6:7:8]", "1.2.3.4", ":8080", ":99999",
        ]
        let bases =
            [nil]
            + ["http://h/a/b?q#f", "file:///C:/a/b", "sc://h/a", "sc:/a/b", "mailto:x", "sc:/.//p"]
            .map { WebURL($0) }
        for _ in 0..<20_000 {
            let input = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            guard case .success(let url) = WebURL.parse(input, base: bases.randomElement(using: &random)!) else {
                continue
            }
            #expect(WebURL(url.href)?.href == url.href, "\(input) gave \(url.href)")
        }
    }

    /// Every case of the WHATWG URL tests (`conformanceFolder`: AASA_CONFORMANCE_DIR or ../shared/conformance).
    @Test func urlTestDataAgrees() throws {
        guard let folder = conformanceFolder?.path else {
            print("WebURLTests: no conformance folder (set AASA_CONFORMANCE_DIR), so urltestdata.json is not run")
            return
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("url/urltestdata.json"))
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        var checked = 0
        for (index, item) in cases.enumerated() {
            guard let test = item as? [String: Any], let input = test["input"] as? String else { continue }
            var base: WebURL?
            var result: Result<WebURL, WebURL.Failure>
            if let baseText = test["base"] as? String {
                switch WebURL.parse(baseText) {
                case .success(let url):
                    base = url
                    result = WebURL.parse(input, base: base)
                case .failure(let failure): result = .failure(failure)
                }
            } else {
                result = WebURL.parse(input)
            }
            checked += 1
            if test["failure"] as? Bool == true {
                #expect(result.success == nil, "case \(index) \(input) should fail")
                continue
            }
            guard let url = result.success else {
                Issue.record("case \(index) \(input) failed: \(result)")
                continue
            }
            let port = url.port.map(String.init) ?? ""
            let got: [String: String] = [
                "href": url.href, "protocol": url.scheme + ":", "username": url.username, "password": url.password,
                "host": url.hostname + (port.isEmpty ? "" : ":" + port), "hostname": url.hostname, "port": port,
                "pathname": url.pathname, "search": url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "",
                "hash": url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "",
            ]
            for (key, value) in got { #expect(test[key] as? String == value, "case \(index) \(input): \(key)") }
        }
        #expect(checked == 891)
    }
}

extension Result {
    fileprivate var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
