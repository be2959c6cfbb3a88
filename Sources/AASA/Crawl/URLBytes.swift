import Foundation

/// The URLs of a crawl's rows as bytes packed in 1 MiB chunks: a million URLs cost their bytes and 8 bytes each,
/// not a string object each, and growing copies at most the last chunk.
struct URLBytes: Sendable {
    /// Where one URL's bytes are, in one word (two per kept row, so 4 bytes less each than three `UInt32`s): the
    /// chunk in the top 24 bits, the offset in it in the next 20 (a chunk is 1 MiB), the count in the low 20. A URL
    /// of `wholeChunk` bytes or more (a row read back from a report may carry one) has a chunk of its own and its
    /// count reads `wholeChunk`: it is that whole chunk, however long, never cut.
    struct Span: Sendable, Equatable {
        private let word: UInt64

        /// The count of a URL that is its whole chunk.
        static let wholeChunk = 0xF_FFFF
        /// No chunk has this index: 2^24 − 1 chunks hold at least 8 TiB (two chunks in a row hold more than one
        /// chunk's size, or the second would have taken the first's next URL), more than any machine's memory.
        static let noChunk = 0xFF_FFFF

        init(chunk: Int, offset: Int, count: Int) {
            word =
                UInt64(truncatingIfNeeded: chunk) << 40 | UInt64(truncatingIfNeeded: offset) << 20
                | UInt64(truncatingIfNeeded: count)
        }

        var chunk: Int { Int(word >> 40) }
        var offset: Int { Int(word >> 20 & 0xF_FFFF) }
        /// The count, or `wholeChunk`.
        var count: Int { Int(word & 0xF_FFFF) }

        /// No bytes at all (where an `Optional` would cost padding).
        static let absent = Span(chunk: noChunk, offset: 0, count: 0)
    }

    static let chunkSize = 1 << 20
    private var chunks: [[UInt8]] = []

    /// Stores `url`'s bytes: in the last chunk while they leave it under `chunkSize` (so every offset and count fits
    /// its 20 bits), else in a new one. A URL of `Span.wholeChunk` bytes or more gets a chunk of its own, which no
    /// later URL adds to: the next one's bytes would take it to `chunkSize` or past.
    mutating func append(_ url: String) -> Span {
        let count = url.utf8.count
        let long = count >= Span.wholeChunk
        let fits = chunks.last.map { long ? $0.isEmpty : $0.count + count < URLBytes.chunkSize } ?? false
        // Not reserved up front: a report can hold many small tables.
        if !fits { chunks.append([]) }
        let last = chunks.count - 1
        let offset = chunks[last].count
        chunks[last].append(contentsOf: url.utf8)
        return Span(chunk: last, offset: offset, count: long ? Span.wholeChunk : count)
    }

    /// Where `span`'s bytes start in its chunk, and how many there are.
    @inline(__always) private func extent(_ span: Span, in chunk: Int) -> (start: Int, count: Int) {
        span.count == Span.wholeChunk ? (0, chunk) : (span.offset, span.count)
    }

    func string(_ span: Span) -> String {
        let chunk = chunks[span.chunk]
        let (start, count) = extent(span, in: chunk.count)
        return String(decoding: chunk[start..<start + count], as: UTF8.self)
    }

    /// Whether `span` holds exactly `url`'s bytes, compared without making a string.
    func equals(_ span: Span, _ url: String) -> Bool {
        guard url.utf8.count == span.count || span.count == Span.wholeChunk else { return false }
        // A generic `elementsEqual` over the slice and the string's UTF-8 view went a byte at a time.
        var url = url
        return url.withUTF8 { equals(span, $0) }
    }

    /// Whether `a`'s bytes sort before `b`'s (byte order, a prefix first): an order of URLs that no timing changes.
    func precedes(_ a: Span, _ b: Span) -> Bool {
        chunks[a.chunk].withUnsafeBufferPointer { first in
            chunks[b.chunk].withUnsafeBufferPointer { second in
                let (aStart, aCount) = extent(a, in: first.count)
                let (bStart, bCount) = extent(b, in: second.count)
                let common = min(aCount, bCount)
                let order = common == 0 ? 0 : memcmp(first.baseAddress! + aStart, second.baseAddress! + bStart, common)
                return order != 0 ? order < 0 : aCount < bCount
            }
        }
    }

    /// Whether `span` holds exactly `key`.
    func equals(_ span: Span, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == span.count || span.count == Span.wholeChunk else { return false }
        return chunks[span.chunk].withUnsafeBufferPointer { chunk in
            let (start, count) = extent(span, in: chunk.count)
            return count == key.count
                && (key.isEmpty || memcmp(chunk.baseAddress! + start, key.baseAddress!, count) == 0)
        }
    }
}
