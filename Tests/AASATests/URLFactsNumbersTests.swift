import Testing

@testable import AASA

/// A row's status, depth and inlinks share one word of bit fields: each reads back as set, none spills into
/// another, and a number a field cannot hold (which no fetch or crawl gives) is kept as documented, never wrapped
/// and never a trap.
@Suite struct URLFactsNumbersTests {
    @Test func eachNumberReadsBackAsSetAndLeavesTheOthersAlone() {
        let statuses: [Int?] = [nil, 1, 99, 100, 200, 404, 599, 999]
        let counts: [Int?] = [nil, 0, 1, 60, 100_000, 100_000_000, URLFacts.pageCounts.upperBound]
        for status in statuses {
            for depth in counts {
                for inlinks in counts {
                    let facts = URLFacts(httpStatus: status, depth: depth, inlinks: inlinks)
                    #expect(facts.httpStatus == status && facts.depth == depth && facts.inlinks == inlinks)
                }
            }
        }
        var facts = URLFacts(httpStatus: 999, depth: URLFacts.pageCounts.upperBound, inlinks: 7)
        facts.depth = nil
        #expect(facts.httpStatus == 999 && facts.depth == nil && facts.inlinks == 7)
        facts.httpStatus = nil
        facts.inlinks = URLFacts.pageCounts.upperBound
        #expect(facts.httpStatus == nil && facts.depth == nil && facts.inlinks == URLFacts.pageCounts.upperBound)
        #expect(URLFacts() == URLFacts(httpStatus: nil, depth: nil, inlinks: nil))
    }

    /// 27 bits hold any depth or count of a crawl of `--max-pages`' most, 100,000,000 pages.
    @Test func theFieldsHoldWhatACrawlCanReach() {
        #expect(URLFacts.pageCounts == 0...134_217_726)
        #expect(URLFacts.pageCounts.upperBound >= 100_000_000)
        #expect(URLFacts.httpStatuses == 0...999)
    }

    /// Set from code past a field: a count stays at the top (saturates, where bits would wrap to a small number),
    /// below 0 counts none; a number no server sends as a status (0 as ever, negative, four digits) is no status.
    @Test func aNumberAFieldCannotHoldIsKeptAsDocumented() {
        let top = URLFacts.pageCounts.upperBound
        for (given, kept) in [(top + 1, top), (Int.max, top), (1 << 37, top), (-1, 0), (Int.min, 0)] {
            let facts = URLFacts(httpStatus: 200, depth: given, inlinks: given)
            #expect(facts.depth == kept && facts.inlinks == kept && facts.httpStatus == 200, "\(given)")
        }
        for status in [0, -1, 1_000, 1_024, 70_000, Int.max, Int.min] {
            let facts = URLFacts(httpStatus: status, depth: 3, inlinks: 4)
            #expect(facts.httpStatus == nil && facts.depth == 3 && facts.inlinks == 4, "\(status)")
        }
    }

    /// The crawler adds one inlink at a time: at the top it stays there.
    @Test func addingAnInlinkAtTheTopStaysThere() {
        var table = URLTable()
        table.append(url: "https://shop.test/", foundOn: nil, httpStatus: 200, note: nil, depth: 2)
        table.setInlinks(URLFacts.pageCounts.upperBound - 1, at: 0)
        table.addInlink(at: 0)
        table.addInlink(at: 0)
        #expect(table[0].inlinks == URLFacts.pageCounts.upperBound)
        #expect(table[0].depth == 2 && table[0].httpStatus == 200)
    }
}
