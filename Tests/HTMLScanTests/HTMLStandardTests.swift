import CHTMLScan
import Foundation
import Testing

/// The scanner reports what a browser has: libxml2 2.9 finds the elements, the HTML Standard's tokenizer says which
/// of them are elements at all and reads their attribute values. Each case was wrong before the tokenizer was added
/// (libxml2 built elements inside raw text, decoded with HTML 4's 253 names and stopped an href at a bad reference).
@Suite struct HTMLStandardTests {
    /// The hrefs (or an iframe's src) the scanner reports for `html`, in order, fed in chunks of `chunk` bytes.
    func links(_ html: String, chunk: Int = 4096) -> [String] {
        scan(Array(html.utf8), chunk: chunk).compactMap { $0.1["href"] ?? $0.1["src"] }
    }

    @Test(arguments: ["textarea", "title", "xmp", "noembed", "noframes"])
    func nothingInsideARawTextOrRCDATAElementIsALink(element: String) {
        #expect(links("<\(element)><a href=/in></\(element)><a href=/out>") == ["/out"])
    }

    @Test func anIframesSourceIsALinkAndItsContentIsText() {
        #expect(links("<iframe src=/frame><a href=/in></iframe><a href=/out>") == ["/frame", "/out"])
    }

    @Test func rawTextEndsOnlyAtItsOwnEndTagInAnyCase() {
        #expect(links("<textarea></textareax><a href=/in></TEXTAREA ><a href=/out>") == ["/out"])
    }

    @Test func anUnclosedTextareaMakesTheRestOfThePageText() {
        #expect(links("<p><textarea><a href=/in>").isEmpty)
    }

    @Test func aStyleEndsOnlyAtItsOwnEndTag() {
        // libxml2 reads style (and script) as raw text itself: this passed before too, and stays so.
        #expect(links("<style></stylex><a href=/in></style><a href=/out>") == ["/out"])
    }

    @Test func aScriptInsideAnEscapedScriptKeepsTheOuterOneOpen() {
        #expect(links("<script><!--<script></script><a href=/in></script>--></script><a href=/out>") == ["/out"])
    }

    @Test func templateContentsAreNotLinks() {
        #expect(links("<template><a href=/in><link rel=canonical href=/c></template><a href=/out>") == ["/out"])
    }

    @Test func everythingAfterPlaintextIsText() {
        #expect(links("<a href=/before><plaintext></plaintext><a href=/in>") == ["/before"])
    }

    @Test func noscriptContentIsRead() {
        // A crawler runs no scripts, so a browser without scripting is what it sees (this passed before too).
        #expect(links("<noscript><a href=/in></noscript><a href=/out>") == ["/in", "/out"])
    }

    @Test func htmlFiveNamedReferencesAreDecoded() {
        #expect(links("<a href=\"/a&bigstar;b\">") == ["/a★b"])
    }

    @Test func aLegacyReferenceBeforeEqualsStaysAsWrittenInAnAttribute() {
        // "&amp" without ";" is decoded before "&" and kept before "=".
        #expect(links("<a href=\"/p?x=&amp&y=&amp=\">") == ["/p?x=&&y=&amp="])
    }

    @Test func aNulReferenceIsTheReplacementCharacterAndTheHrefGoesOn() {
        #expect(links("<a href=\"/a&#0;b\">") == ["/a\u{FFFD}b"])
    }

    @Test func numericReferencesInTheC1RangeAreWindows1252() {
        #expect(links("<a href=\"/a&#x80;b&#150;c\">") == ["/a€b–c"])
    }

    @Test func anSVGAnchorsXlinkHrefIsALink() {
        #expect(
            links("<svg><a xlink:href=\"/x\"><text>x</text></a><a href=\"/y\" xlink:href=\"/z\"/></svg>") == [
                "/x", "/y",
            ])
    }

    @Test func xlinkHrefOnAnHTMLAnchorIsNoLink() {
        #expect(links("<a xlink:href=\"/no\">h</a><svg></svg><p><a xlink:href=\"/no\">h</a>").isEmpty)
    }

    @Test func svgElementsNamedLikeHTMLLinksAreNotLinks() {
        #expect(
            links("<svg><link rel=canonical href=/c><iframe src=/f></iframe></svg><link rel=canonical href=/d>") == [
                "/d"
            ])
    }

    @Test func chunkBoundariesInsideRawTextAndReferencesDoNotChangeTheResult() {
        let page =
            "<title>a <a href=/t></title><a href=\"/a&bigstar;&#x80;\"><textarea><a href=/in></textarea>"
            + "<svg><a xlink:href=/s></a></svg><template><a href=/tpl></template><a href=/out>"
        for size in [1, 2, 3, 7, 64, 4096] {
            #expect(links(page, chunk: size) == ["/a★€", "/s", "/out"], "chunks of \(size)")
        }
    }
}
