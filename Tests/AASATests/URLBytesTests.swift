import Testing

@testable import AASA

/// URL rows keep their URLs as bytes in chunks: every URL must read back exactly, wherever a chunk ends.
@Suite struct URLBytesTests {
    @Test func urlsReadBackExactlyAcrossChunksAndOneLongerThanAChunk() {
        var urls = URLTable()
        var written: [String] = []
        let long = "https://shop.test/" + String(repeating: "é", count: URLBytes.chunkSize)
        for i in 0..<40_000 {
            let url = i == 20_000 ? long : "https://shop.test/\(String(repeating: "x", count: i % 97))/\(i)?q=ü\(i)"
            written.append(url)
            urls.append(url: url, foundOn: nil, httpStatus: nil, note: nil)
        }
        #expect(urls.count == written.count)
        #expect((0..<urls.count).allSatisfy { urls.url(at: $0) == written[$0] && urls[$0].url == written[$0] })
        #expect(urls.hasURL(long, at: 20_000) && !urls.hasURL(long + "x", at: 20_000))
        #expect(!urls.hasURL(written[1], at: 2) && urls.hasURL(written[39_999], at: 39_999))
    }
}

/// A span is one word with a 20-bit offset and count: URLs of every length around those bounds (a report read back
/// may carry one of megabytes), as URLs and as hrefs beside them, read back whole, and the short ones after them too.
@Suite struct URLBytesLongURLTests {
    @Test func urlsOfEveryLengthAroundAChunkReadBackWhole() {
        let whole = URLBytes.Span.wholeChunk
        let size = URLBytes.chunkSize
        let lengths = [0, 1, whole - 1, 0, whole, 0, 5, whole + 1, size - 1, 1, size, size + 1, 3 * size, 0, 2, 700]
        var table = URLTable()
        var written: [(url: String, href: String)] = []
        for (index, length) in lengths.enumerated() {
            let url = String(repeating: Character(UnicodeScalar(UInt8(97 + index % 26))), count: length)
            let href = index.isMultiple(of: 2) ? "/\(index)" : String(url.dropFirst(min(length, 1)))
            written.append((url, href))
            table.append(url: url, href: href, facts: URLFacts())
        }
        for (position, row) in written.enumerated() {
            #expect(table.url(at: position) == row.url, "url \(position): \(row.url.utf8.count) bytes")
            #expect(table[position].href == row.href, "href \(position): \(row.href.utf8.count) bytes")
            #expect(table.hasURL(row.url, at: position) && !table.hasURL(row.url + "a", at: position))
            #expect(row.url.isEmpty || !table.hasURL(String(row.url.dropLast()), at: position))
        }
    }

    @Test func aSpanIsOneWord() {
        #expect(MemoryLayout<URLBytes.Span>.size == 8)
        let span = URLBytes.Span(chunk: URLBytes.Span.noChunk - 1, offset: URLBytes.chunkSize - 1, count: 0xF_FFFE)
        #expect(span.chunk == URLBytes.Span.noChunk - 1 && span.offset == URLBytes.chunkSize - 1)
        #expect(span.count == 0xF_FFFE && span != .absent)
    }
}
