import AASA
internal import CHTMLScan
import Foundation

/// `<loc>` values of a sitemap or sitemap index (sitemaps.org), found in one pass over the bytes without building a
/// tree, within the protocol's limits: 50,000 URLs and 50 MB uncompressed per file.
public enum Sitemap {
    public struct Parsed: Sendable, Equatable {
        public var isIndex: Bool
        public var locations: [String]
        /// Why the file was not read to its end (a protocol limit); nil when it was.
        public var cut: Cut?

        public init(isIndex: Bool, locations: [String], cut: Cut? = nil) {
            self.isIndex = isIndex
            self.locations = locations
            self.cut = cut
        }
    }

    /// A protocol limit a sitemap went past; `description` is the note the crawl writes.
    public enum Cut: Sendable, Equatable, CustomStringConvertible {
        case locations(Int)
        case bytes(Int)
        /// The crawl was cancelled or ran out of time while the file was read.
        case stopped

        public var description: String {
            switch self {
            case .locations(let limit): "more than \(limit) URLs: the first \(limit) were read"
            case .bytes(let limit): "larger than \(limit / (1024 * 1024)) MB uncompressed: the rest was not read"
            case .stopped: "the crawl stopped while it was read"
            }
        }
    }

    /// The sitemaps.org limit per file.
    public static let maximumLocations = 50_000
    /// The sitemaps.org limit per file, uncompressed (50 MB, read as MiB).
    public static let maximumBytes = 50 * 1024 * 1024
    /// A `<loc>` longer than this is not a URL anyone can fetch: skipped, so an unclosed one cannot grow unbounded.
    static let maximumLocationBytes = 8 * 1024
    /// Bytes scanned between two looks at `shouldStop`.
    static let slice = 1024 * 1024

    /// Every `<loc>` in `bytes`, read once from the start: `shouldStop` is asked every megabyte, so a cancelled
    /// crawl leaves even a 50 MB file within a second.
    public static func parse(_ bytes: [UInt8], shouldStop: () -> Bool = { false }) -> Parsed {
        var scanner = Scanner()
        let end = min(bytes.count, maximumBytes)
        var start = 0
        var cut: Cut?
        while start < end && cut == nil {
            if shouldStop() {
                cut = .stopped
                break
            }
            let stop = min(start + slice, end)
            if !scanner.feed(bytes[start..<stop]) { cut = .locations(maximumLocations) }
            start = stop
        }
        if cut == nil && bytes.count > maximumBytes { cut = .bytes(maximumBytes) }
        return Parsed(isIndex: scanner.isIndex, locations: scanner.locations, cut: cut)
    }

    /// The scan's state between pieces of a file: what part of `<sitemapindex`, `<loc>` or `</loc>` the last bytes
    /// matched, and the value being read. Each byte is looked at once.
    struct Scanner {
        static let indexTag = Array("<sitemapindex".utf8)
        static let openTag = Array("<loc>".utf8)
        static let closeTag = Array("</loc>".utf8)

        var isIndex = false
        var locations: [String] = []
        private var indexMatched = 0
        private var matched = 0
        private var inside = false
        private var value: [UInt8] = []
        private var tooLong = false

        /// Scans one piece; false once a location past `maximumLocations` is found (the rest is not looked at).
        mutating func feed(_ piece: ArraySlice<UInt8>) -> Bool {
            for byte in piece {
                let lower = ASCII.lower(byte)
                if !isIndex { indexMatched = Scanner.advance(indexMatched, lower, Scanner.indexTag) }
                if indexMatched == Scanner.indexTag.count { isIndex = true }
                if inside {
                    if value.count < Sitemap.maximumLocationBytes + Scanner.closeTag.count {
                        value.append(byte)
                    } else {
                        tooLong = true
                    }
                    matched = Scanner.advance(matched, lower, Scanner.closeTag)
                    if matched == Scanner.closeTag.count {
                        if !tooLong, let location = Sitemap.location(value.dropLast(Scanner.closeTag.count)) {
                            // One past the limit is found before the scan stops, so a file of exactly 50,000 is
                            // not reported as cut.
                            if locations.count >= Sitemap.maximumLocations { return false }
                            locations.append(location)
                        }
                        inside = false
                        matched = 0
                        value.removeAll(keepingCapacity: true)
                        tooLong = false
                    }
                } else {
                    matched = Scanner.advance(matched, lower, Scanner.openTag)
                    if matched == Scanner.openTag.count {
                        inside = true
                        matched = 0
                    }
                }
            }
            return true
        }

        /// How much of `tag` is matched after `byte`, given `count` bytes were: `<` starts each tag and appears in
        /// it nowhere else, so a mismatch restarts at 0, or at 1 on a `<`.
        @inline(__always) static func advance(_ count: Int, _ byte: UInt8, _ tag: [UInt8]) -> Int {
            if tag[count] == byte { return count + 1 }
            return byte == UInt8(ascii: "<") ? 1 : 0
        }
    }

    /// A `<loc>` value: trimmed, CDATA unwrapped or entities decoded; nil when empty.
    static func location(_ bytes: ArraySlice<UInt8>) -> String? {
        var value = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") {
            value = String(value.dropFirst(9).dropLast(3))
        } else {
            value = decodeEntities(value)
        }
        return value.isEmpty ? nil : value
    }

    /// The decompressed bytes of a gzip file (a .xml.gz sitemap served as application/gzip, not as a
    /// Content-Encoding libcurl would undo), read through libxml2's zlib; nil when it is not gzip. Inflating stops
    /// at `limit` bytes: by default one past the protocol's limit, so `parse` can tell a file that went past it.
    public static func gunzipped(_ bytes: [UInt8], limit: Int = maximumBytes + 1) -> [UInt8]? {
        guard bytes.starts(with: [0x1F, 0x8B]) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-sitemap-\(UUID().uuidString).gz")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        var length = 0
        guard let buffer = chtmlscan_read_decompressed(file.path, limit, &length) else { return nil }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
