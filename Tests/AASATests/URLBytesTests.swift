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
