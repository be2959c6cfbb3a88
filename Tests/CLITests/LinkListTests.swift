import AASA
import Audit
import Testing

@testable import AuditCLI

@Suite struct LinkListTests {
    @Test func whatIsALinkWhatIsSkippedAndWhatIsAMistake() {
        #expect(LinkList.refusal("https://a.test/p?q=1#f") == nil)
        #expect(LinkList.refusal("myapp://p/1") == nil, "a custom scheme is judged")
        for skipped in ["mailto:a@b.test", "tel:+1555", "sms:+1555", "javascript:void(0)", "JavaScript:x"] {
            #expect(LinkList.refusal(skipped) == "", "\(skipped)")
        }
        #expect(LinkList.refusal("www.acme.test/sale")?.hasPrefix("not a link: no scheme") == true)
        #expect(LinkList.refusal("https://a.test/a b")?.contains("space or a control character") == true)
        #expect(LinkList.refusal("https://a.test/\u{1B}[2J")?.contains("control character") == true)
        #expect(LinkList.refusal("https:///path") == "not a link: no host")
        #expect(LinkList.refusal("https://a.test/" + String(repeating: "x", count: 9000))?.hasPrefix("longer") == true)
    }

    @Test func skippedValuesAreCountedAndMistakesNamedByTheirSource() {
        var list = LinkList()
        list.add("mailto:x@y.test", source: "f:1")
        list.add("#top", source: "f:2")
        list.add("nope", source: "f:3")
        list.add(" https://a.test/ ", source: "f:4")
        #expect(list.skipped == 2)
        #expect(list.inputErrors.map(\.line) == [#"f:3: "nope": not a link: no scheme (write https://…)"#])
        #expect(list.links.map(\.url) == ["https://a.test/"] && list.links[0].source == "f:4")
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

    @Test func aRelativeHrefIsResolvedAgainstThePagesBase() {
        #expect(LinkList.resolve("/p/1", base: "https://shop.test/a/") == "https://shop.test/p/1")
        #expect(LinkList.resolve("p/1", base: "https://shop.test/a/") == "https://shop.test/a/p/1")
        #expect(LinkList.resolve("/p/1", base: nil) == "/p/1")
        #expect(LinkList.resolve("/p/1", base: "file:///etc/") == "/p/1", "only an http(s) base")
        #expect(LinkList.resolve("mailto:a@b.test", base: "https://shop.test/") == "mailto:a@b.test")
    }
}
