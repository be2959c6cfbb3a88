import AASA

/// Reads a sitemap while it downloads, so a 50 MB file is never held: each piece goes through the scanner and is
/// dropped. A gzip file (served as application/gzip rather than with a Content-Encoding libcurl undoes) cannot be
/// scanned that way and is kept compressed, to be inflated within the limit once it has arrived.
final class SitemapStream: BodyConsumer {
    /// What a fetched sitemap gave: its locations, or a gzip file still to inflate and parse.
    enum Outcome: Sendable {
        case parsed(Sitemap.Parsed)
        case gzip([UInt8])
    }

    private var scanner = Sitemap.Scanner()
    /// Gzip or plain, told by the first two bytes; nil until they have arrived.
    private var isGzip: Bool?
    private var head: [UInt8] = []
    private var gzip: [UInt8] = []
    private var seen = 0
    private var cut: Sitemap.Cut?

    func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        guard isGzip != nil else {
            head += bytes
            guard head.count >= 2 else { return }
            isGzip = head.starts(with: [0x1F, 0x8B])
            take(ArraySlice(head))
            head = []
            return
        }
        take(ArraySlice(bytes))
    }

    private func take(_ piece: ArraySlice<UInt8>) {
        if isGzip == true {
            append(piece)
        } else if cut == nil {
            scan(piece)
        }
    }

    /// Compressed bytes kept up to one past the limit (a bigger compressed file inflates past it anyway).
    private func append(_ piece: ArraySlice<UInt8>) {
        let room = Sitemap.maximumBytes + 1 - gzip.count
        gzip.append(contentsOf: piece.prefix(max(0, room)))
    }

    private func scan(_ piece: ArraySlice<UInt8>) {
        let room = Sitemap.maximumBytes - seen
        seen += piece.count
        if !scanner.feed(piece.prefix(max(0, room))) {
            cut = .locations(Sitemap.maximumLocations)
        } else if piece.count > room {
            cut = .bytes(Sitemap.maximumBytes)
        }
    }

    func finish() -> Outcome {
        if isGzip == nil && !head.isEmpty { scan(ArraySlice(head)) }  // a one-byte file
        if isGzip == true { return Outcome.gzip(gzip) }
        return Outcome.parsed(Sitemap.Parsed(isIndex: scanner.isIndex, locations: scanner.locations, cut: cut))
    }
}
