import AASA
import Fetching
import Testing

@testable import Crawling

/// The hashed de-duplication set: a hash names candidate rows, the key itself decides, so colliding keys stay apart.
@Suite struct URLKeyIndexTests {
    /// Keys kept the way the frontier keeps them: row N's key is `keys[N]`.
    struct Rows {
        var index: URLKeyIndex
        var keys: [String] = []

        mutating func add(_ key: String) -> Int {
            if let row = index.row(of: key, isKey: { keys[$0] == key }) { return row }
            keys.append(key)
            index.insert(key, row: keys.count - 1)
            return keys.count - 1
        }
    }

    @Test func keysWhoseHashesAllCollideKeepTheirOwnRows() {
        var rows = Rows(index: URLKeyIndex(hash: { _ in 0xDEAD_BEEF_0000_0007 }))
        let keys = (0..<3_000).map { "https://shop.test/p/\($0)" }
        #expect(keys.map { rows.add($0) } == Array(0..<3_000), "every key is new though every hash is the same")
        #expect(keys.map { rows.add($0) } == Array(0..<3_000), "and each is found again at its own row")
        #expect(rows.index.count == 3_000)
        #expect(
            rows.index.row(of: "https://shop.test/p/3000", isKey: { rows.keys[$0] == "https://shop.test/p/3000" })
                == nil)
    }

    @Test func keysThatShareTheirHighHashBitsButNotTheLowOnesAreFoundAfterGrowing() {
        // Only the high 32 bits are kept; low bits that differ must not send a lookup elsewhere after growing.
        var rows = Rows(index: URLKeyIndex(hash: { UInt64($0.utf8.count % 7) << 32 | UInt64($0.utf8.count) }))
        let keys = (0..<5_000).map { "https://shop.test/" + String(repeating: "a", count: $0 % 40) + "/\($0)" }
        #expect(keys.map { rows.add($0) } == Array(0..<5_000))
        #expect(keys.map { rows.add($0) } == Array(0..<5_000))
    }

    @Test func theFrontierRecordsEachURLOnceWhateverTheHashSays() {
        var f = CrawlFrontier(domain: "shop.test", options: CrawlOptions(), robots: .allowAll)
        var seen: [Int] = []
        for round in 0..<2 {
            for i in 0..<20_000 {
                let href = i % 3 == 0 ? "/p/\(i)#part" : "/P/\(i)"
                let row = f.add(
                    LinkResolver.resolve(href, against: "https://SHOP.test:443/"), foundOn: "https://shop.test/",
                    depth: 1)
                if round == 0 { seen.append(row ?? -1) } else { #expect(row == seen[i]) }
            }
        }
        #expect(seen == Array(0..<20_000))
        #expect(f.urls.count == 20_000)
        #expect(f.urls.url(at: 3).hasSuffix("/p/3#part") && f.urls.url(at: 4).hasSuffix("/P/4"))
        #expect(f.urls[3].url == f.urls.url(at: 3))
    }
}
