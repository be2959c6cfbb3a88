import Foundation

/// The URLs of a crawl's rows as bytes packed in 1 MiB chunks: a million URLs cost their bytes and 12 bytes each,
/// not a string object each, and growing copies at most the last chunk.
struct URLBytes: Sendable {
    /// Where one URL's bytes are.
    struct Span: Sendable, Equatable {
        var chunk: UInt32
        var offset: UInt32
        var count: UInt32

        /// No bytes at all (where an `Optional` would cost padding): no chunk has this index.
        static let absent = Span(chunk: .max, offset: 0, count: 0)
    }

    static let chunkSize = 1 << 20
    private var chunks: [[UInt8]] = []

    /// Stores `url`'s bytes; one longer than a chunk gets a chunk of its own.
    mutating func append(_ url: String) -> Span {
        let count = url.utf8.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + count > URLBytes.chunkSize {
            // Not reserved up front: a report can hold many small tables.
            chunks.append([])
        }
        let last = chunks.count - 1
        let offset = chunks[last].count
        chunks[last].append(contentsOf: url.utf8)
        return Span(chunk: UInt32(last), offset: UInt32(offset), count: UInt32(count))
    }

    func string(_ span: Span) -> String {
        let start = Int(span.offset)
        return String(decoding: chunks[Int(span.chunk)][start..<start + Int(span.count)], as: UTF8.self)
    }

    /// Whether `span` holds exactly `url`'s bytes, compared without making a string.
    func equals(_ span: Span, _ url: String) -> Bool {
        guard url.utf8.count == Int(span.count) else { return false }
        // A generic `elementsEqual` over the slice and the string's UTF-8 view went a byte at a time.
        var url = url
        return url.withUTF8 { equals(span, $0) }
    }

    /// Whether `span` holds exactly `key`.
    func equals(_ span: Span, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == Int(span.count) else { return false }
        let start = Int(span.offset)
        return chunks[Int(span.chunk)].withUnsafeBufferPointer { chunk in
            key.isEmpty || memcmp(chunk.baseAddress! + start, key.baseAddress!, key.count) == 0
        }
    }
}
