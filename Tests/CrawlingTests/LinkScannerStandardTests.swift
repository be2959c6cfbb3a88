import Foundation
import Testing

@testable import Crawling

/// `LinkScanner` on pages whose links only the HTML Standard's reading gets right, through the whole Swift path:
/// kinds, the page's charset, and the places `links --html` names.
@Suite struct LinkScannerStandardTests {
    @Test func eachKeptLinkEndsWhereItsOwnStartTagEnds() {
        let html =
            "<textarea>\n<a href=/in>\n</textarea>\n<p>x <a href=\"/a&bigstar;\">a</a>\n<svg><a\nxlink:href=/s>s</a></svg>"
        let (page, ends, utf8) = LinkScanner.scanPositions(Array(html.utf8), maximumLinks: 10)
        #expect(utf8)
        #expect(page.links.map(\.href) == ["/a★", "/s"])
        #expect(ends == [PageLinks.Position(line: 4, column: 27), PageLinks.Position(line: 6, column: 14)])
    }

    @Test func anSVGAnchorIsAnAnchorWithItsText() {
        let page = LinkScanner.scan(Array("<svg><a xlink:href=\"/x\"><text>Open</text></a></svg>".utf8))
        #expect(page.links == [PageLinks.Link(href: "/x", kind: .anchor, text: "Open")])
    }

    @Test func referencesAreDecodedBesideTheBytesOfALegacyCharset() {
        let bytes = Array("<a href=\"/caf".utf8) + [0xE9] + Array("&bigstar;&#x80;\">x</a>".utf8)
        #expect(LinkScanner.scan(bytes).links.map(\.href) == ["/café★€"], "an unlabelled page that is not UTF-8")
        #expect(LinkScanner.scan(bytes, charset: "iso-8859-1").links.map(\.href) == ["/café★€"])
    }

    /// A charset libxml2 has no converter for, on bytes that are not UTF-8: libxml2 switches to Latin-1 part-way
    /// (making a raw buffer of its own, which the scanner once leaked: Scripts/sanitize address found it). Fed a
    /// byte at a time and whole, the links after the switch are still found.
    @Test func anUnknownCharsetOnBytesThatAreNotUTF8StillGivesTheLinks() {
        let bytes =
            Array("<p>".utf8) + [0x80, 0x81, 0xFF, 0xFE] + Array("<a href=\"/one\">x</a><a href=/two>y</a>".utf8)
        #expect(LinkScanner.scan(bytes, charset: "x-no-such-charset").links.map(\.href) == ["/one", "/two"])
        let stream = LinkScanner.Stream(charset: "x-no-such-charset")
        for byte in bytes { [byte].withUnsafeBufferPointer { stream.consume($0) } }
        #expect(stream.finish().links.map(\.href) == ["/one", "/two"])
    }

    @Test func aBaseInsideTemplateContentsIsNotThePagesBase() {
        let page = LinkScanner.scan(Array("<template><base href=/t/></template><base href=/b/><a href=x>".utf8))
        #expect(page.base == "/b/")
    }
}
