import AASA
internal import CHTMLScan
import Foundation
import Synchronization

/// What one HTML page links to, as the page's markup says it (not yet resolved).
public struct PageLinks: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable { case anchor, area, alternate, canonical, iframe, refresh }

    public struct Link: Sendable, Equatable {
        public var href: String
        public var kind: Kind
        /// What a reader sees of an `a` (its text and its images' `alt`) or an `area`'s `alt`: whitespace collapsed,
        /// at most 200 characters; nil when empty or for other kinds.
        public var text: String?
        /// The element's `rel` as written ("nofollow"), for inlinks.csv; nil when it has none.
        public var rel: String?

        public init(href: String, kind: Kind, text: String? = nil, rel: String? = nil) {
            self.href = href
            self.kind = kind
            self.text = text
            self.rel = rel
        }
    }

    /// Where the parser was in the page: a line counting LF and a column counting characters, both from 1.
    public struct Position: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }

    public var links: [Link] = []
    /// The first `<base href>`.
    public var base: String?
    /// `<meta name="apple-itunes-app" content="…">`: the Smart App Banner.
    public var smartBanner: String?
    /// Links past the per-page cap, counted but not kept.
    public var dropped = 0
    /// The charset the page was read in (an IANA label as found, e.g. "windows-1252"): its links' queries are
    /// percent-encoded in it, as a browser does.
    public var charset: String?

    public init() {}
}

/// Bytes a crawl has handed to its scan queue and not yet parsed.
public final class ScanBacklog: Sendable {
    public let limit: Int
    private let queued = Atomic<Int>(0)

    public init(limit: Int) { self.limit = limit }

    /// Counts `count` more bytes; true when that puts the backlog over its limit.
    func add(_ count: Int) -> Bool { queued.add(count, ordering: .relaxed).newValue > limit }
    func remove(_ count: Int) { queued.subtract(count, ordering: .relaxed) }
    public var bytes: Int { queued.load(ordering: .relaxed) }
}

/// Scans HTML with libxml2's SAX push parser (no tree), keeping only link-bearing elements, and of those only what a
/// browser has, read as the HTML Standard reads them (CHTMLScan's tokenizer): nothing from raw text, RCDATA, template
/// contents or after `<plaintext>`; `<noscript>` content is read, since a crawler runs no scripts; SVG's `<a>`.
public enum LinkScanner {
    /// Enough for any real page; a page with more links (a trap or an attack) is cut here.
    public static let maximumLinks = 20_000

    final class Collector {
        var page = PageLinks()
        /// The link of the `a` or `area` whose text the scanner hands over next, if that element was kept.
        var openAnchor: Int?
        var maximumLinks = LinkScanner.maximumLinks
        /// With `scanPositions`: the scanner, and where each kept link's start tag ends.
        var scanner: OpaquePointer?
        var ends: [PageLinks.Position]?
    }

    /// A scanner reporting link-bearing elements and anchor text to `collector`, or nil when libxml2 has none.
    static func makeScanner(_ encoding: String, _ collector: Collector) -> OpaquePointer? {
        let context = Unmanaged.passUnretained(collector).toOpaque()
        guard
            let scanner = chtmlscan_create(encoding, context, onElement)
                ?? chtmlscan_create("UTF-8", context, onElement)
        else { return nil }
        chtmlscan_collect_anchor_text(scanner, onAnchorText)
        return scanner
    }

    /// `charset` comes from the Content-Type header; otherwise `<meta charset>` in the first KiB, else UTF-8, and
    /// Windows-1252 when the bytes are not UTF-8 (what browsers do for unlabelled legacy pages).
    public static func scan(_ body: [UInt8], charset: String? = nil) -> PageLinks {
        let encoding = charset ?? metaCharset(body) ?? (isUTF8(body) ? "UTF-8" : "windows-1252")
        let collector = Collector()
        collector.page.charset = encoding
        guard let scanner = makeScanner(encoding, collector) else { return PageLinks() }
        defer { chtmlscan_free(scanner) }
        body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = chtmlscan_feed(scanner, $0.baseAddress, $0.count, 1) }
        }
        return collector.page
    }

    /// `scan`, keeping up to `maximumLinks` links, with where each link's start tag ends: `links --html` names the
    /// line each href is written on by looking for it only inside its own tag, where looking through the rest of
    /// the file for each href (written with character references, it is never found as decoded) took time
    /// quadratic in the file.
    /// `utf8`: columns count UTF-8 characters (else the page was read in a single-byte charset, a byte each).
    public static func scanPositions(
        _ body: [UInt8], maximumLinks: Int
    ) -> (
        page: PageLinks, ends: [PageLinks.Position], utf8: Bool
    ) {
        let encoding = metaCharset(body) ?? (isUTF8(body) ? "UTF-8" : "windows-1252")
        let collector = Collector()
        collector.maximumLinks = maximumLinks
        collector.ends = []
        let utf8 = ["utf-8", "utf8"].contains(encoding.lowercased())
        guard let scanner = makeScanner(encoding, collector) else { return (PageLinks(), [], utf8) }
        collector.scanner = scanner
        defer { chtmlscan_free(scanner) }
        body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = chtmlscan_feed(scanner, $0.baseAddress, $0.count, 1) }
        }
        return (collector.page, collector.ends ?? [], utf8)
    }

    /// A scanner fed while the page downloads (libxml2's push parser), so a page is never held whole. The first
    /// KiB is buffered to find a `<meta charset>` when the header names none.
    public final class Stream: BodyConsumer {
        let headerCharset: String?
        var prefix: [UInt8] = []
        var scanner: OpaquePointer?
        let collector = Collector()

        public init(charset: String?) { headerCharset = charset }

        deinit { if let scanner { chtmlscan_free(scanner) } }

        public func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
            if scanner == nil {
                prefix.append(contentsOf: bytes)
                if prefix.count >= 1024 { start() }
                return
            }
            feed(bytes, last: false)
        }

        public func finish() -> PageLinks {
            if scanner == nil { start() }
            feed(UnsafeBufferPointer(start: nil, count: 0), last: true)
            return collector.page
        }

        func start() {
            // Unlabelled legacy pages: judge UTF-8 on the prefix, ignoring a sequence cut at its end.
            let sample = prefix.count > 4 ? Array(prefix.dropLast(3)) : prefix
            let encoding =
                headerCharset ?? LinkScanner.metaCharset(prefix)
                ?? (LinkScanner.isUTF8(sample) ? "UTF-8" : "windows-1252")
            collector.page.charset = encoding
            scanner = LinkScanner.makeScanner(encoding, collector)
            let buffered = prefix
            prefix = []
            buffered.withUnsafeBufferPointer { feed($0, last: false) }
        }

        func feed(_ bytes: UnsafeBufferPointer<UInt8>, last: Bool) {
            guard let scanner, bytes.count > 0 || last else { return }
            bytes.withMemoryRebound(to: CChar.self) {
                _ = chtmlscan_feed(scanner, $0.baseAddress, $0.count, last ? 1 : 0)
            }
        }
    }

    /// Feeds a `Stream` on a crawl's serial scan queue, `piece` bytes at a time as the page downloads: libxml2
    /// works beside the fetch loop's TLS and HTTP instead of on its thread, and a big page is still parsed while it
    /// arrives, never held whole. A page within one piece is scanned whole (the faster path) in a single hop.
    /// When the queue falls more than its backlog's limit behind, this page's transfer pauses until the queue has
    /// caught up; the fetch loop never waits for the scanner.
    public final class QueuedStream: BodyConsumer {
        /// The stream, touched only on the queue and made there at the first piece: a page that fits in one piece
        /// is scanned whole and needs none.
        final class Box: @unchecked Sendable {
            let charset: String?
            lazy var stream = Stream(charset: charset)
            init(charset: String?) { self.charset = charset }
        }

        let box: Box
        let queue: DispatchQueue
        let backlog: ScanBacklog
        let piece: Int
        var pending: [UInt8] = []
        var streamed = false
        /// The backlog was over its limit after the last piece: the transfer pauses.
        var behind = false

        public init(charset: String?, queue: DispatchQueue, backlog: ScanBacklog, piece: Int = 64 * 1024) {
            box = Box(charset: charset)
            self.queue = queue
            self.backlog = backlog
            self.piece = max(1, piece)
        }

        public func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
            pending.append(contentsOf: bytes)
            guard pending.count >= piece else { return }
            let chunk = pending
            pending = []
            streamed = true
            if backlog.add(chunk.count) { behind = true }
            queue.async { [box, backlog] in
                chunk.withUnsafeBufferPointer { box.stream.consume($0) }
                backlog.remove(chunk.count)
            }
        }

        /// Pauses the transfer while the scanner is behind; the serial queue resumes it once every piece queued so
        /// far is parsed.
        public func pausesAfterChunk(resume: @escaping @Sendable () -> Void) -> Bool {
            guard behind else { return false }
            behind = false
            queue.async { resume() }
            return true
        }

        /// The rest of the page; its links come from the `PendingScan` once the queue has parsed every piece.
        public func finish() -> PendingScan {
            PendingScan(box: box, queue: queue, rest: pending, streamed: streamed)
        }
    }

    /// A page on its way through the scan queue.
    public struct PendingScan: Sendable {
        let box: QueuedStream.Box
        let queue: DispatchQueue
        let rest: [UInt8]
        let streamed: Bool

        /// Calls `done` on the scan queue with the page's links, after every piece sent before it.
        public func links(_ done: @escaping @Sendable (PageLinks) -> Void) {
            queue.async { [self] in
                guard streamed else { return done(LinkScanner.scan(rest, charset: box.charset)) }
                rest.withUnsafeBufferPointer { box.stream.consume($0) }
                done(box.stream.finish())
            }
        }
    }

    /// Whether `bytes` are valid UTF-8, without making a String of them: ASCII eight bytes at a time, and the
    /// standard library's validation only for a page with other bytes in it.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return String(validating: raw[i...], as: UTF8.self) != nil
                }
                i += 8
            }
            return raw[i...].allSatisfy { $0 < 0x80 } || String(validating: raw[i...], as: UTF8.self) != nil
        }
    }

    /// `<meta charset="…">` or `<meta http-equiv="Content-Type" content="…; charset=…">` near the top.
    static func metaCharset(_ body: [UInt8]) -> String? {
        charsetParameter(in: Array(body.prefix(1024)))?.lowercased()
    }

    /// The value after a case-insensitive `charset=` (in a Content-Type or a page's first KiB), read off the bytes
    /// since every crawled page asks: leading quotes and spaces skipped, up to the next delimiter.
    static func charsetParameter(in bytes: [UInt8]) -> String? {
        let key: [UInt8] = Array("charset=".utf8)
        guard bytes.count >= key.count else { return nil }
        var found: Int?
        for i in 0...(bytes.count - key.count) where ASCII.lower(bytes[i]) == UInt8(ascii: "c") {
            var j = 1
            while j < key.count, ASCII.lower(bytes[i + j]) == key[j] { j += 1 }
            if j == key.count {
                found = i
                break
            }
        }
        guard let start = found else { return nil }
        let value = bytes[(start + key.count)...].drop {
            $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x20
        }
        .prefix { !";\"' \t>/,".utf8.contains($0) }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
    }

    /// Attributes as the scanner hands them over (name, value, name, value, …, NULL); the first of a name wins.
    struct Attributes {
        let pointer: UnsafePointer<UnsafePointer<CChar>?>?

        subscript(name: StaticString) -> String? {
            guard let pointer else { return nil }
            var i = 0
            while let key = pointer[i] {
                if strcmp(key, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0 {
                    return pointer[i + 1].map { String(cString: $0) } ?? ""
                }
                i += 2
            }
            return nil
        }
    }

    static func handle(
        _ name: String, _ attrs: Attributes, into page: inout PageLinks, maximumLinks: Int = LinkScanner.maximumLinks
    ) {
        @discardableResult func add(_ href: String?, _ kind: PageLinks.Kind) -> Bool {
            guard let href, !href.isEmpty else { return false }
            if page.links.count >= maximumLinks {
                page.dropped += 1
                return false
            }
            let rel = kind == .iframe || kind == .refresh ? nil : attrs["rel"].flatMap { $0.isEmpty ? nil : $0 }
            page.links.append(PageLinks.Link(href: href, kind: kind, rel: rel))
            return true
        }
        switch name {
        case "a": add(attrs["href"], .anchor)
        case "area": add(attrs["href"], .area)
        case "iframe": add(attrs["src"], .iframe)
        case "base": if page.base == nil { page.base = attrs["href"] }
        case "link":
            let rel = (attrs["rel"] ?? "").lowercased().split(separator: " ")
            if rel.contains("canonical") {
                add(attrs["href"], .canonical)
            } else if rel.contains("alternate") {
                add(attrs["href"], .alternate)
            }
        case "meta":
            if attrs["name"]?.lowercased() == "apple-itunes-app" {
                page.smartBanner = page.smartBanner ?? attrs["content"] ?? ""
            } else if attrs["http-equiv"]?.lowercased() == "refresh", let content = attrs["content"] {
                // "5; url=/next" or "0;URL='/next'"
                if let range = content.range(of: "url=", options: .caseInsensitive) {
                    let target = content[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
                    add(target, .refresh)
                }
            }
        default: break
        }
    }
}

private let onElement: chtmlscan_element_fn = { context, name, attributes in
    guard let context, let name else { return }
    let collector = Unmanaged<LinkScanner.Collector>.fromOpaque(context).takeUnretainedValue()
    let element = String(cString: name)
    let before = collector.page.links.count
    LinkScanner.handle(
        element, LinkScanner.Attributes(pointer: attributes), into: &collector.page,
        maximumLinks: collector.maximumLinks)
    if collector.ends != nil, let scanner = collector.scanner {
        var line: Int32 = 0
        var column: Int32 = 0
        chtmlscan_position(scanner, &line, &column)
        for _ in before..<collector.page.links.count {
            collector.ends?.append(PageLinks.Position(line: Int(line), column: Int(column)))
        }
    }
    // The scanner hands over this element's text next (when it has any), before any other element is reported.
    if element == "a" || element == "area" {
        collector.openAnchor = collector.page.links.count > before ? before : nil
    }
}

private let onAnchorText: chtmlscan_text_fn = { context, text, length in
    guard let context, let text else { return }
    let collector = Unmanaged<LinkScanner.Collector>.fromOpaque(context).takeUnretainedValue()
    guard let link = collector.openAnchor else { return }
    collector.openAnchor = nil
    let bytes = UnsafeRawBufferPointer(start: text, count: length)
    collector.page.links[link].text = String(decoding: bytes, as: UTF8.self)
}
