import CHTMLScan
import Foundation
import TestSupport
import Testing

/// Collects each link element's href and the anchor text the C scanner hands over after it.
final class AnchorCollector {
    var anchors: [(href: String, text: String?)] = []
}

private let collectAnchor: chtmlscan_element_fn = { context, name, attributes in
    let collector = Unmanaged<AnchorCollector>.fromOpaque(context!).takeUnretainedValue()
    let element = String(cString: name!)
    guard element == "a" || element == "area" else { return }
    var href = ""
    var i = 0
    while let key = attributes?[i] {
        if String(cString: key) == "href" { href = attributes?[i + 1].map { String(cString: $0) } ?? "" }
        i += 2
    }
    collector.anchors.append((href, nil))
}

private let collectText: chtmlscan_text_fn = { context, text, length in
    let collector = Unmanaged<AnchorCollector>.fromOpaque(context!).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: text, count: length)
    collector.anchors[collector.anchors.count - 1].text = String(decoding: bytes, as: UTF8.self)
}

/// The anchors of `html`, fed in chunks of `chunk` bytes to the real libxml2 push parser.
func anchors(_ html: String, chunk: Int = 4096) -> [(href: String, text: String?)] {
    let bytes = Array(html.utf8)
    let collector = AnchorCollector()
    let context = Unmanaged.passUnretained(collector).toOpaque()
    let scanner = chtmlscan_create("UTF-8", context, collectAnchor)
    defer { chtmlscan_free(scanner) }
    chtmlscan_collect_anchor_text(scanner, collectText)
    var offset = 0
    repeat {
        let end = min(bytes.count, offset + chunk)
        bytes[offset..<end].withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = chtmlscan_feed(scanner, $0.baseAddress, $0.count, end == bytes.count ? 1 : 0)
            }
        }
        offset = end
    } while offset < bytes.count
    return collector.anchors
}

/// The text inside `a` elements (DESIGN §3: at most 200 characters each), on real HTML through real libxml2.
@Suite struct AnchorTextTests {
    func text(_ html: String, chunk: Int = 4096) -> [String?] { anchors(html, chunk: chunk).map(\.text) }

    @Test func nestedElementsEntitiesAndWhitespaceGiveWhatAReaderSees() {
        let html = """
            <p>before</p><a href="/1">  Shoes
              &amp;\t<b>hats</b>,&nbsp;<span><i>on</i> sale</span>  </a><p>after</p>
            <a href="/2">caf&eacute; &#x1F600; &lt;tag&gt;</a>
            """
        #expect(text(html) == ["Shoes & hats,\u{A0}on sale", "café 😀 <tag>"])
    }

    @Test func imagesGiveTheirAltTextAndAnAreaItsAlt() {
        let html = """
            <a href="/logo"><img src="/l.png" alt=" Acme  logo "></a>
            <a href="/both">Buy<img src=x alt="now">today</a>
            <a href="/none"><img src="/l.png"></a>
            <map><area href="/area" alt="Area  link"><area href="/bare"></map>
            """
        #expect(text(html) == ["Acme logo", "Buy now today", nil, "Area link", nil])
    }

    @Test func scriptsAndStylesAreNotText() {
        let html = #"<a href="/x">Go<script>document.write("<b>no</b>")</script><style>a{}</style> on</a>"#
        #expect(text(html) == ["Go on"])
    }

    /// libxml2 drops the C0 controls XML forbids before SAX sees them; DEL, the C1 controls and line breaks
    /// (text or `<br>`) separate words. No control character reaches the text either way.
    @Test func controlCharactersNeverReachTheTextAndLineBreaksSeparateWords() {
        let html = "<a href=/x>one\u{1}two\u{1B}[31mthree\u{7F}four\u{85}five<br>six\r\nseven</a>"
        #expect(text(html) == ["onetwo[31mthree four five six seven"])
    }

    @Test func anchorsDoNotNestAndAnUnclosedOneEndsWithThePage() {
        let html = #"<a href="/outer">outer <a href="/inner">inner</a> tail</a><div><a href="/last">last words"#
        let found = anchors(html)
        #expect(found.map(\.href) == ["/outer", "/inner", "/last"])
        #expect(found.map(\.text) == ["outer", "inner", "last words"])
    }

    @Test func textIsCappedAtTwoHundredCharactersWithoutCuttingACharacter() {
        let long = String(repeating: "é", count: 150) + " " + String(repeating: "😀", count: 100)
        let found = text("<a href=/long>\(long)</a><a href=/next>next</a>")
        let first = found.first.flatMap { $0 } ?? ""
        #expect(first.unicodeScalars.count == 200)
        #expect(first == String(repeating: "é", count: 150) + " " + String(repeating: "😀", count: 49))
        #expect(found.last == "next", "the cap of one anchor does not touch the next")
    }

    @Test func emptyAnchorsGiveNoText() {
        #expect(text("<a href=/a></a><a href=/b>   </a><a href=/c><span> </span></a>") == [nil, nil, nil])
    }

    @Test func chunkBoundariesDoNotChangeTheText() {
        let html =
            "<a href=/1>  Shoes &amp; <b>hats</b>  </a>" + "<a href=/2>caf\u{E9} \u{1F600} words</a>"
            + "<a href=/3><img alt=\"Logo\"> and text</a>"
        let whole = text(html)
        for size in [1, 2, 3, 7] { #expect(text(html, chunk: size) == whole, "chunk \(size)") }
    }

    @Test func withoutAskingNoTextIsCollectedAndTheElementsAreTheSame() {
        let html = "<a href=/1>one</a><area href=/2 alt=two>"
        let plain = scan(Array(html.utf8)).map(\.0)
        #expect(plain == ["a", "area"])
        #expect(anchors(html).map(\.href) == ["/1", "/2"])
    }

    /// Random markup and bytes: whatever the page, every text is at most 200 characters, trimmed, valid where the
    /// page was, and free of control characters.
    @Test func hostileMarkupKeepsEveryTextWithinItsBounds() {
        let seed = TestSeed(default: 130)
        var generator = seed.generator
        let pieces = [
            "<a href=/x>", "</a>", "<img alt=\"", "\">", "<br>", "<area href=/y alt='", "'>", " ", "\t\n", "é", "😀",
            "\u{85}", "\u{7F}", "&amp;", "&#1;", "<script>", "</script>", "<b>", "word", "<a>", "<",
        ]
        for round in 0..<300 {
            var html = ""
            for _ in 0..<Int.random(in: 1...400, using: &generator) { html += pieces.randomElement(using: &generator)! }
            var bytes = Array(html.utf8)
            if round % 3 == 0 {
                for _ in 0..<8 {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            }
            for text in anchors(String(decoding: bytes, as: UTF8.self), chunk: 1 + round % 50).compactMap(\.text) {
                #expect(text.unicodeScalars.count <= 200 && !text.isEmpty, "\(seed), round \(round)")
                #expect(text.first != " " && text.last != " ", "\(seed), round \(round)")
                #expect(
                    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(seed), round \(round)")
            }
        }
        let flood = "<a href=/f>" + String(repeating: "\u{1F600}x ", count: 100_000) + "</a>"
        #expect(anchors(flood, chunk: 65_536).first?.text?.unicodeScalars.count == 200)
    }
}
