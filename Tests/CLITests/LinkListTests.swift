import AASA
import Audit
import Testing

@testable import AuditCLI

@Suite struct LinkListTests {
    @Test func whatIsALinkWhatIsSkippedAndWhatIsAMistake() {
        #expect(LinkList.refusal("https://a.test/p?q=1#f") == nil)
        #expect(LinkList.refusal("myapp://p/1") == nil, "a custom scheme is judged")
        for skipped in ["mailto:a@b.test", "tel:+1555", "sms:+1555", "javascript:void(0)", "JavaScript:x"] {
            var list = LinkList()
            list.add(skipped, source: "f:1")
            #expect(list.skipped == 1 && list.skippedLinks.count == 1 && list.links.isEmpty, "\(skipped)")
        }
        #expect(LinkList.refusal("www.acme.test/sale")?.hasPrefix("not a link: no scheme") == true)
        #expect(LinkList.refusal("myapp://h:99999/")?.contains("port") == true)
        #expect(LinkList.refusal("https://a.test/a b")?.contains("space or a control character") == true)
        #expect(LinkList.refusal("https://a.test/\u{1B}[2J")?.contains("control character") == true)
        #expect(LinkList.refusal("https://[::1") != nil, "the URL Standard refuses it")
        #expect(LinkList.refusal("https://a.test/" + String(repeating: "x", count: 9000))?.hasPrefix("longer") == true)
    }

    @Test func skippedValuesAreCountedAndMistakesNamedByTheirSource() {
        var list = LinkList()
        list.add("mailto:x@y.test", source: "f:1")
        list.add("#top", source: "f:2")
        list.add("nope", source: "f:3")
        list.add(" https://a.test/ ", source: "f:4")
        #expect(list.skipped == 2)
        #expect(
            list.skippedLinks.entries.map { "\($0.source) \($0.input) \($0.kind.rawValue)" } == [
                "f:1 mailto:x@y.test mail"
            ])
        #expect(list.inputErrors.map(\.line) == [#"f:3: "nope": not a link: no scheme (write https://…)"#])
        #expect(list.links.map(\.url) == ["https://a.test/"] && list.links[0].source == "f:4")
    }

    /// A list entry is judged as a browser requests it, its input kept as written for the reports.
    @Test func entriesAreJudgedInTheirCanonicalForm() {
        var list = LinkList()
        list.add("HTTPS://Shop.TEST:443/a/./b/../c?x=é#F", source: "f:1")
        list.add("https://b\u{FC}cher.test/", source: "f:2")
        #expect(list.links.map(\.url) == ["https://shop.test/a/c?x=%C3%A9#F", "https://xn--bcher-kva.test/"])
        #expect(list.links[0].input == "HTTPS://Shop.TEST:443/a/./b/../c?x=é#F")
        list.add("https://exa<mple.test/", source: "f:3")
        #expect(list.inputErrors.first?.reason.hasPrefix("not a link: ") == true)
    }

    /// A mail link with a space in its subject, a control character or a data: URL past the length cap is skipped
    /// for its scheme, not refused; only the first `RefusedInputs.kept` are listed.
    @Test func entriesSkippedForTheirSchemeAreListedBeforeAnyRefusalAndBounded() {
        var list = LinkList()
        list.add("mailto:a@b.test?subject=Hello World", source: "f:1")
        list.add("data:text/plain," + String(repeating: "x", count: 9_000), source: "f:2")
        #expect(list.refused.isEmpty && list.skippedLinks.entries.map(\.kind) == [.mail, .other])
        #expect(list.skippedLinks.entries[1].input.count == SkippedLink.inputLength)
        for line in 3...1_500 { list.add("tel:+1555", source: "f:\(line)") }
        #expect(list.skipped == 1_500 && list.skippedLinks.entries.count == 1_000 && list.skippedLinks.omitted == 500)
    }

    @Test func eachUnresolvedHrefIsRefusedForItsRealCause() {
        func reason(_ href: String, _ base: String?) -> String? {
            guard case .failure(let failure) = LinkList.resolve(href, base: base, parsed: base.flatMap { WebURL($0) })
            else { return nil }
            return failure.reason
        }
        #expect(reason("/p", nil) == "a relative link: no <base href> to resolve it")
        #expect(
            reason("p", "ftp://files.test/")
                == #"a relative link: the <base href> "ftp://files.test/" is not an absolute http(s) URL to resolve it against"#
        )
        #expect(reason("p", "/shop/")?.contains("not an absolute http(s) URL") == true)
        #expect(
            reason("//[bad/x", "https://shop.test/")?.hasPrefix(
                #"a relative link that does not resolve against the <base href> "https://shop.test/": "#) == true)
        #expect(reason("https://shop.test:99999/", nil)?.hasPrefix("not a link: ") == true)
        #expect(reason("https://shop.test:99999/", nil)?.contains("port") == true)
    }

    @Test func anHrefWrittenTwiceIsFoundOnEachOfItsLines() {
        let html = """
            <a href="https://a.test/x?a=1&amp;b=2">one</a>
            <p>
            <a href="https://a.test/x?a=1&amp;b=2">two</a>
            """
        var finder = LineFinder(Array(html.utf8))
        #expect(finder.line(of: "https://a.test/x?a=1&b=2") == 1)
        #expect(finder.line(of: "https://a.test/x?a=1&b=2") == 3)
        #expect(finder.line(of: "https://a.test/x?a=1&b=2") == nil, "no third one")
    }

    /// As a browser resolves it: the URL Standard's parser, against the file's `<base href>`.
    @Test func aRelativeHrefIsResolvedAgainstThePagesBase() {
        func resolved(_ href: String, _ base: String?) -> String? {
            try? LinkList.resolve(href, base: base, parsed: base.flatMap { WebURL($0) }).get()
        }
        #expect(resolved("/p/1", "https://shop.test/a/") == "https://shop.test/p/1")
        #expect(resolved("p/1", "https://shop.test/a/") == "https://shop.test/a/p/1")
        #expect(resolved("../../p/%2e%2E/q", "https://shop.test/a/b/") == "https://shop.test/q")
        #expect(resolved("\\p\\1\n", "https://shop.test/a/") == "https://shop.test/p/1", "backslashes, a newline")
        #expect(resolved("?page=2", "https://shop.test/a/b") == "https://shop.test/a/b?page=2")
        #expect(resolved("/p/1", nil) == nil)
        #expect(resolved("/p/1", "file:///etc/") == nil, "only an http(s) base")
        #expect(resolved("mailto:a@b.test", "https://shop.test/") == "mailto:a@b.test")
        #expect(resolved("HTTPS://Shop.TEST:443/a/./b", nil) == "https://shop.test/a/b")
    }
}
