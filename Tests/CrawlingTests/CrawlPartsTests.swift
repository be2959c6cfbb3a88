import Foundation
import TestSupport
import Testing

@testable import Crawling
@testable import Fetching

@Suite struct RobotsTests {
    let robots = Robots(
        parsing: Array(
            """
            # comment
            User-agent: Googlebot
            Disallow: /

            User-agent: *
            Disallow: /private/
            Allow: /private/public/
            Disallow: /*.pdf$
            Disallow: /search?*sort=
            Crawl-delay: 2
            Sitemap: https://example.com/sitemap.xml
            """.utf8))

    @Test func theStarGroupAppliesWithLongestMatch() {
        #expect(robots.allows("/"))
        #expect(!robots.allows("/private/x"))
        #expect(robots.allows("/private/public/x"), "the longer Allow wins")
        #expect(!robots.allows("/docs/a.pdf"))
        #expect(robots.allows("/docs/a.pdf?x=1"), "$ anchors the end")
        #expect(!robots.allows("/search?q=1&sort=price"))
        #expect(robots.allows("/search?q=1"))
        #expect(robots.crawlDelay == 2)
        #expect(robots.sitemaps == ["https://example.com/sitemap.xml"])
    }

    @Test func ourOwnGroupWinsOverTheStarGroup() {
        let ours = Robots(
            parsing: Array("User-agent: *\nDisallow: /\n\nUser-agent: aasa-audit\nDisallow: /tmp/\n".utf8))
        #expect(ours.allows("/shop"))
        #expect(!ours.allows("/tmp/x"))
    }

    @Test func anEmptyDisallowAllowsEverythingAndGarbageIsHarmless() {
        #expect(Robots(parsing: Array("User-agent: *\nDisallow:\n".utf8)).allows("/x"))
        #expect(Robots(parsing: (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).allows("/x"))
        let huge = Array(String(repeating: "Disallow: /a\n", count: 100_000).utf8)
        #expect(Robots(parsing: huge).rules.isEmpty, "rules outside any group are ignored")
    }
}

@Suite struct SitemapTests {
    @Test func urlsetAndIndexLocationsAreRead() {
        let set = Sitemap.parse(
            Array(
                "<urlset><url><loc> https://e.com/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[https://e.com/b]]></loc></url></urlset>"
                    .utf8))
        #expect(!set.isIndex && set.locations == ["https://e.com/a?x=1&y=2", "https://e.com/b"])
        let index = Sitemap.parse(
            Array("<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>".utf8))
        #expect(index.isIndex && index.locations == ["https://e.com/s1.xml"])
    }
}

@Suite struct GzipSitemapTests {
    @Test func gzipBytesAreDecompressedThroughLibxml2() throws {
        let xml = "<urlset><url><loc>https://e.com/a</loc></url></urlset>"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let plain = dir.appendingPathComponent("s.xml")
        try Data(xml.utf8).write(to: plain)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-k", plain.path]
        try process.run()
        process.waitUntilExit()
        let gz = Array(try Data(contentsOf: dir.appendingPathComponent("s.xml.gz")))
        #expect(Sitemap.gunzipped(gz) == Array(xml.utf8))
        #expect(Sitemap.gunzipped(Array(xml.utf8)) == nil, "plain XML is not gzip")
        #expect(Sitemap.gunzipped([0x1F, 0x8B, 0, 1, 2]) != Array(xml.utf8), "a broken gzip file is not a crash")
    }
}

@Suite struct URLResolutionTests {
    /// What the crawl records for an href: the WHATWG URL Standard's canonical URL, as a browser requests it.
    @Test(arguments: [
        ("https://e.com/a/b/c", "../d?x=1#f", "https://e.com/a/d?x=1#f"),
        ("https://e.com/a/", "//other.com/x", "https://other.com/x"),
        ("https://e.com/a/", "/x y/é", "https://e.com/x%20y/%C3%A9"),
        ("https://e.com/a/", "HTTPS://E.COM:443/Path", "https://e.com/Path"),
        ("https://e.com/a/b", "?q=1", "https://e.com/a/b?q=1"),
        ("https://e.com/a/b", "?", "https://e.com/a/b?"),
        ("https://e.com/a/b", "./././c", "https://e.com/a/c"),
        ("https://e.com/items/lamp", "#specs", "https://e.com/items/lamp#specs"),
        ("https://e.com/a/b", " \t ", "https://e.com/a/b"),
        ("https://e.com/a/b", "/x/%2e%2E/y", "https://e.com/y"),
        ("https://e.com/a/b", "/long/\n\tpath", "https://e.com/long/path"),
        ("https://e.com/a/b", "\\x\\y", "https://e.com/x/y"),
        ("https://e.com/", "https://b\u{FC}cher.example/", "https://xn--bcher-kva.example/"),
        ("https://e.com/", "http://0x7f.1/", "http://127.0.0.1/"),
    ])
    func resolvesLikeABrowser(_ base: String, _ reference: String, _ expected: String) {
        guard case .web(let url, _) = LinkResolver.resolve(reference, against: base) else {
            Issue.record("\(reference) did not resolve")
            return
        }
        #expect(url == expected)
    }

    @Test func keysDropTheFragmentOnly() {
        guard
            case .web(let url, let key) = LinkResolver.resolve(
                "https://E.com:443/caf%C3%A9#top", against: "https://e.com/")
        else {
            Issue.record("no resolution")
            return
        }
        #expect(url == "https://e.com/caf%C3%A9#top")
        #expect(key == "https://e.com/caf%C3%A9")
    }

    @Test(arguments: [
        "mailto:a@e.com", "tel:+1555", "javascript:void(0)", "acmeshop://open", "data:text/plain,x", "itms-apps://x",
        // The Standard refuses its host, but the page still links an app: the crawl lists it.
        "acmeshop://x\u{1B}[31m<b>",
    ])
    func otherSchemesAreRecordedNotResolved(_ reference: String) {
        guard case .otherScheme = LinkResolver.resolve(reference, against: "https://e.com/") else {
            Issue.record("\(reference) was treated as a web URL")
            return
        }
    }

    @Test(arguments: ["https://exa<mple.com/", "http://[1:2:3]/", "https://e.com:99999/", "https://%zz.com/"])
    func urlsABrowserRefusesAreNoLinks(_ reference: String) {
        guard case .invalid(let reason) = LinkResolver.resolve(reference, against: "https://e.com/") else {
            Issue.record("\(reference) was accepted")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// A page in a legacy encoding sends its links' queries in that encoding; what it cannot encode goes as `&#N;`.
    @Test func queriesAreEncodedInThePagesEncoding() throws {
        let base = try #require(LinkResolver.Base("https://e.com/a", charset: "windows-1252"))
        guard case .web(let url, _) = LinkResolver.resolve("/s?q=caf\u{E9}\u{65E5}", against: base) else {
            Issue.record("no resolution")
            return
        }
        #expect(url == "https://e.com/s?q=caf%E9%26%2326085%3B")
        guard case .web(let path, _) = LinkResolver.resolve("/caf\u{E9}", against: base) else {
            Issue.record("no resolution")
            return
        }
        #expect(path == "https://e.com/caf%C3%A9", "only the query takes the page's encoding")
        #expect(QueryEncoding.choice(forLabel: " Latin1 ") == .legacy(.windowsCP1252), "the Standard's label")
        #expect(QueryEncoding.choice(forLabel: "UTF8") == .utf8)
        for label in ["UTF-8", "utf8", "Utf-8", "utf-8"] { #expect(QueryEncoding.isUTF8(label), "\(label)") }
        for label in ["utf-16", "utf88", "u-tf8", "utf-", "latin1"] {
            #expect(!QueryEncoding.isUTF8(label), "\(label)")
        }
        #expect(QueryEncoding.choice(forLabel: "x-no-such") == .unsupported("x-no-such"))
    }
}

@Suite struct LinkScannerTests {
    @Test func readsEveryLinkKindWithBaseBannerAndRefresh() {
        let html = """
            <html><head><base href="/shop/"><meta name="apple-itunes-app" content="app-id=1, app-argument=https://e.com/x">
            <meta http-equiv="refresh" content="0; URL='/next'"><link rel="canonical" href="/c"><link rel="alternate stylesheet" href="/alt">
            <link rel="stylesheet" href="/css"></head><body><a href="a?x=1&amp;y=2">a</a><area href="/map"><iframe src="/frame"></iframe>
            <script>document.write('<a href="/in-script">')</script></body></html>
            """
        let page = LinkScanner.scan(Array(html.utf8))
        #expect(page.base == "/shop/")
        #expect(page.smartBanner == "app-id=1, app-argument=https://e.com/x")
        #expect(page.links.map(\.href) == ["/next", "/c", "/alt", "a?x=1&y=2", "/map", "/frame"])
        #expect(page.links.map(\.kind) == [.refresh, .canonical, .alternate, .anchor, .area, .iframe])
    }

    @Test func eachAnchorKeepsItsOwnTextAndAnAnchorWithoutHrefKeepsNone() {
        let html =
            Array(
                (#"<a name="top">Top</a><a href="/1"> One <img alt="logo"> </a><a href="">empty href</a><a href=/2></a>"#
                    + #"<link rel=canonical href=/c><a href=/3>caf"#).utf8) + [0xE9]
            + Array("</a><area href=/4 alt=Map>".utf8)
        let page = LinkScanner.scan(html)
        #expect(page.links.map(\.href) == ["/1", "/2", "/c", "/3", "/4"])
        #expect(page.links.map(\.text) == ["One logo", nil, nil, "café", "Map"], "Windows-1252 text decoded too")
        for size in [1, 5, 64] { #expect(Self.streamed(html, size: size) == page, "chunks of \(size)") }
    }

    @Test func charsetComesFromTheHeaderTheMetaTagOrALatin1Fallback() {
        let latin1 = Array("<a href=\"/caf".utf8) + [0xE9] + Array("\">x</a>".utf8)
        #expect(LinkScanner.scan(latin1).links.first?.href == "/café", "invalid UTF-8 falls back to Windows-1252")
        #expect(LinkScanner.scan(latin1, charset: "iso-8859-1").links.first?.href == "/café")
        let meta = Array("<meta charset=\"iso-8859-1\">".utf8) + latin1
        #expect(LinkScanner.scan(meta).links.first?.href == "/café")
        let utf8 = Array("<a href=\"/café\">x</a>".utf8)
        #expect(LinkScanner.scan(utf8).links.first?.href == "/café")
    }

    /// Feeds `bytes` to a streaming scanner in chunks of `size`.
    static func streamed(_ bytes: [UInt8], charset: String? = nil, size: Int) -> PageLinks {
        let stream = LinkScanner.Stream(charset: charset)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            bytes[offset..<end].withUnsafeBufferPointer { stream.consume($0) }
            offset = end
        }
        return stream.finish()
    }

    @Test func streamingInChunksFindsWhatAWholeScanFinds() {
        let html = Array(
            (String(repeating: "<p>filler text</p>", count: 200)
                + #"<base href="/b/"><a href="x?a=1&amp;b=2">x</a><meta name="apple-itunes-app" content="app-id=1"><area href=/y>"#)
                .utf8)
        let whole = LinkScanner.scan(html)
        for size in [1, 7, 64, 1024, 100_000] {
            #expect(Self.streamed(html, size: size) == whole, "chunks of \(size)")
        }
        #expect(whole.links.map(\.href) == ["x?a=1&b=2", "/y"] && whole.base == "/b/")
    }

    @Test func utf8IsJudgedAsTheStandardLibraryJudgesIt() {
        let seed = TestSeed(default: 227)
        var generator = seed.generator
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xE9], [0xC0, 0x80],
            [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
        ]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                bytes +=
                    Int.random(in: 0..<4, using: &generator) == 0
                    ? pieces.randomElement(using: &generator)! : Array("abcdefgh".utf8)
            }
            #expect(
                LinkScanner.isUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(seed): \(bytes)")
        }
    }

    /// Feeds `bytes` to a queued stream in chunks of `size` and waits for its links.
    static func queued(_ bytes: [UInt8], size: Int, piece: Int, backlog: ScanBacklog) async -> PageLinks {
        let queue = DispatchQueue(label: "test scan")
        let stream = LinkScanner.QueuedStream(charset: nil, queue: queue, backlog: backlog, piece: piece)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            bytes[offset..<end].withUnsafeBufferPointer { stream.consume($0) }
            offset = end
        }
        let pending = stream.finish()
        return await withCheckedContinuation { continuation in pending.links { continuation.resume(returning: $0) } }
    }

    @Test func aQueuedStreamFindsWhatAWholeScanFindsAndKeepsItsBacklogBounded() async {
        let html = Array(
            (String(repeating: "<p>filler text</p>", count: 400) + #"<a href="/x">x</a><base href="/b/">"#
                + String(repeating: #"<a href="/y">y</a>"#, count: 50)).utf8)
        let whole = LinkScanner.scan(html)
        #expect(whole.links.count == 51 && whole.base == "/b/")
        for (size, piece, limit) in [(7, 100, 50), (1_000, 64 * 1024, 2 * 1024 * 1024), (300, 1, 1)] {
            let backlog = ScanBacklog(limit: limit)
            #expect(await Self.queued(html, size: size, piece: piece, backlog: backlog) == whole, "\(size) \(piece)")
            #expect(backlog.bytes == 0, "every piece sent was parsed and counted out")
        }
    }

    @Test func streamingFindsTheCharsetInMetaOrFallsBack() {
        let latin1 = Array("<meta charset=\"iso-8859-1\"><a href=\"/caf".utf8) + [0xE9] + Array("\">x</a>".utf8)
        #expect(Self.streamed(latin1, size: 5).links.first?.href == "/café")
        #expect(Self.streamed(latin1, size: 5).charset == "iso-8859-1", "its links' queries are encoded in it")
        let unlabelled = Array("<a href=\"/caf".utf8) + [0xE9] + Array("\">x</a>".utf8)
        #expect(Self.streamed(unlabelled, size: 3).links.first?.href == "/café")
        #expect(Self.streamed(unlabelled, size: 3).charset == "windows-1252")
        #expect(Self.streamed(Array("<a href=/é>".utf8), size: 1).links.first?.href == "/é")
        var empty = PageLinks()
        empty.charset = "UTF-8"
        #expect(Self.streamed([], size: 1) == empty)
    }

    @Test func hostilePagesAreCappedNotCrashed() {
        let many = Array(String(repeating: "<a href=/x>y</a>", count: 100_000).utf8)
        let page = LinkScanner.scan(many)
        #expect(page.links.count == LinkScanner.maximumLinks)
        #expect(page.dropped == 100_000 - LinkScanner.maximumLinks)
        let deep = Array((String(repeating: "<div>", count: 10_000) + "<a href=/deep>").utf8)
        #expect(LinkScanner.scan(deep).links.map(\.href) == ["/deep"])
        let seed = TestSeed(default: 290)
        var generator = seed.generator
        let garbage = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let scanned = LinkScanner.scan(garbage)
        #expect(scanned.links.count <= LinkScanner.maximumLinks, "\(seed)")
        #expect(scanned == LinkScanner.scan(garbage), "the same bytes give the same links: \(seed)")
    }
}

@Suite struct ContentTypeTests {
    @Test(arguments: [
        ("text/html", true), ("TEXT/HTML; charset=UTF-8", true), (" text/html ;x", true),
        ("application/xhtml+xml", true), ("text/htmlx", false), ("application/json", false), ("", false),
    ])
    func htmlIsRecognisedWhateverTheCaseAndParameters(_ type: String, _ html: Bool) {
        #expect(Crawler.isHTML(type) == html)
    }

    @Test(arguments: [
        ("text/html; charset=UTF-8", "UTF-8"), (#"text/html; Charset="iso-8859-1"; q=1"#, "iso-8859-1"),
        ("text/html", nil), ("text/html; charset=", nil),
    ])
    func theCharsetParameterIsRead(_ type: String, _ charset: String?) {
        #expect(Crawler.charset(type) == charset)
    }
}
