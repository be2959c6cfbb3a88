import Foundation

/// One link a crawled page carries: a row of inlinks.csv, as Screaming Frog's "All Inlinks" export lists them
/// (every link, repeats on a page included, with its text and `rel`).
public struct Inlink: Sendable, Equatable {
    /// The page the link is on.
    public var from: String
    /// The link's target as the crawl resolved it.
    public var to: String
    /// The href (or redirect `Location`) as written.
    public var href: String
    public var anchorText: String
    /// The element's `rel` attribute as written ("nofollow ugc"); empty when it has none.
    public var rel: String
    /// Link distance of `from` from the start page; nil when unknown.
    public var depth: Int?
    /// What carries the link: `anchor`, `area`, `iframe`, `canonical`, `alternate`, `refresh` or `redirect`.
    public var type: String
    /// `to`'s row in the site's URL table, so its HTTP status can be shown; -1 when it has none (past `--max-urls`).
    public var row: Int

    public init(
        from: String, to: String, href: String, anchorText: String = "", rel: String = "", depth: Int?,
        type: String, row: Int
    ) {
        self.from = from
        self.to = to
        self.href = href
        self.anchorText = anchorText
        self.rel = rel
        self.depth = depth
        self.type = type
        self.row = row
    }
}

/// Every crawl's links, spooled to one unlinked temporary file until inlinks.csv is written: a 10,000-page crawl
/// carries a million links, far more than its URL table, so they are never held in memory. Each site's links sit
/// in chunks of about 64 KiB, listed by site; a link that cannot be written (a full disk) is counted as omitted.
public final class InlinkSpool: Sendable {
    /// Links listed per site at most by default: a million rows are about 150 MB of CSV.
    public static let defaultCap = 1_000_000

    /// Links recorded per site at most; the rest are counted.
    public let cap: Int
    private let file = SpoolFile(name: "inlinks")
    /// Each site's chunks in the file, in the order they were written.
    private let chunks = Locked<[String: [(offset: Int64, length: Int)]]>([:])

    public init(cap: Int = InlinkSpool.defaultCap) {
        self.cap = max(0, cap)
    }

    /// Appends one chunk of `site`'s encoded links; false when it could not be written.
    func append(_ bytes: [UInt8], site: String) -> Bool {
        guard let offset = file.append(bytes) else { return false }
        chunks.withLock { $0[site, default: []].append((offset, bytes.count)) }
        return true
    }

    /// Forgets what an earlier crawl of `site` spooled (a site crawled again).
    func reset(site: String) {
        chunks.withLock { _ = $0.removeValue(forKey: site) }
    }

    /// Hands `site`'s links to `body` in the order they were found, a chunk read at a time.
    public func forEach(site: String, _ body: (Inlink) throws -> Void) throws {
        try forEachEncoded(site: site) { try body($0.link) }
    }

    /// `forEach`, each link as the spool's bytes: inlinks.csv writes a million links' cells from them without a
    /// string each.
    public func forEachEncoded(site: String, _ body: (EncodedInlink) throws -> Void) throws {
        for chunk in chunks.withLock({ $0[site] ?? [] }) {
            guard let bytes = file.read(at: chunk.offset, length: chunk.length) else { return }
            try bytes.withUnsafeBufferPointer { bytes in
                var reader = InlinkCoding.Reader(bytes: bytes)
                while let link = reader.next() { try body(link) }
            }
        }
    }
}

/// What one crawl records into the run's spool: links buffered and written in chunks, the cap counted.
public struct InlinkRecorder: Sendable {
    public let spool: InlinkSpool?
    public let site: String
    private var buffer: [UInt8] = []
    /// Links recorded, and those left out past the spool's cap or because the spool could not be written.
    public private(set) var recorded = 0
    public private(set) var omitted = 0

    public init(spool: InlinkSpool?, site: String) {
        self.spool = spool
        self.site = site
        spool?.reset(site: site)
    }

    public mutating func record(_ link: Inlink) {
        guard let spool else { return }
        guard recorded < spool.cap else {
            omitted += 1
            return
        }
        recorded += 1
        InlinkCoding.encode(link, into: &buffer)
        if buffer.count >= 65_536 { flush() }
    }

    /// Writes what is buffered; called once the crawl ends.
    public mutating func flush() {
        guard let spool, !buffer.isEmpty else { return }
        if !spool.append(buffer, site: site) {
            let lost = InlinkCoding.count(buffer)
            recorded -= lost
            omitted += lost
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A link as bytes: each string as its UTF-8 length (4 bytes, little-endian) then its bytes, then `depth` and `row`
/// as 4 bytes each.
enum InlinkCoding {
    static func encode(_ link: Inlink, into out: inout [UInt8]) {
        for text in [link.from, link.to, link.href, link.anchorText, link.rel, link.type] {
            put(UInt32(truncatingIfNeeded: text.utf8.count), &out)
            out.append(contentsOf: text.utf8)
        }
        put(UInt32(bitPattern: Int32(clamping: link.depth ?? -1)), &out)
        put(UInt32(bitPattern: Int32(clamping: link.row)), &out)
    }

    static func put(_ value: UInt32, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// How many whole links `bytes` hold.
    static func count(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            var reader = Reader(bytes: bytes)
            var n = 0
            while reader.next() != nil { n += 1 }
            return n
        }
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        mutating func word() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<4 { value |= UInt32(bytes[at + i]) << UInt32(8 * i) }
            at += 4
            return value
        }

        mutating func text() -> UnsafeBufferPointer<UInt8>? {
            guard let length = word().map(Int.init), length <= bytes.count - at else { return nil }
            defer { at += length }
            return UnsafeBufferPointer(rebasing: bytes[at..<(at + length)])
        }

        mutating func next() -> EncodedInlink? {
            guard let from = text(), let to = text(), let href = text(), let anchor = text(), let rel = text(),
                let type = text(), let depth = word(), let row = word()
            else { return nil }
            let d = Int(Int32(bitPattern: depth))
            return EncodedInlink(
                from: from, to: to, href: href, anchorText: anchor, rel: rel, type: type, depth: d < 0 ? nil : d,
                row: Int(Int32(bitPattern: row)))
        }
    }
}

/// A spooled link's texts as UTF-8 bytes inside the chunk being read: valid only in the body they are handed to.
public struct EncodedInlink {
    public var from: UnsafeBufferPointer<UInt8>
    public var to: UnsafeBufferPointer<UInt8>
    public var href: UnsafeBufferPointer<UInt8>
    public var anchorText: UnsafeBufferPointer<UInt8>
    public var rel: UnsafeBufferPointer<UInt8>
    public var type: UnsafeBufferPointer<UInt8>
    public var depth: Int?
    public var row: Int

    /// The link with its texts as strings.
    public var link: Inlink {
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        return Inlink(
            from: text(from), to: text(to), href: text(href), anchorText: text(anchorText), rel: text(rel),
            depth: depth, type: text(type), row: row)
    }
}
