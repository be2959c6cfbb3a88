import Testing

@testable import Crawling

/// The trap defences as a plain value, each cut exactly at its threshold.
@Suite struct CrawlTrapDetectorTests {
    func detector(chainLimit: Int = 60, parameterCombinations: Int = 25) -> CrawlTrapDetector {
        CrawlTrapDetector(chainLimit: chainLimit, parameterCombinations: parameterCombinations)
    }

    func trap(_ url: String, depth: Int, in detector: inout CrawlTrapDetector) -> CrawlTrap? {
        detector.trap(PathParts(url), depth: depth)
    }

    @Test func aPathSegmentSeenThreeTimesIsATrap() {
        var d = detector()
        #expect(trap("https://s.test/a/b/a/b", depth: 1, in: &d) == nil, "twice is a real path")
        #expect(trap("https://s.test/a/b/a/b/a", depth: 1, in: &d) == .repeatingSegments)
        #expect(trap("https://s.test/x/x/x?q=1", depth: 1, in: &d) == .repeatingSegments)
        #expect(
            CrawlTrap.repeatingSegments.description == "crawl trap (repeating path segments)")
    }

    @Test func aFortyPostChainIsKept() {
        var d = detector(chainLimit: CrawlOptions().chainLimit)
        for post in 1...40 {
            #expect(trap("https://s.test/blog/post/\(post)", depth: post, in: &d) == nil, "post \(post)")
        }
    }

    @Test func aChainIsCutOnceItGoesMoreThanTheLimitBelowItsFirstPage() {
        var d = detector(chainLimit: 60)
        var firstCut: Int?
        for depth in 1...100 {
            if trap("https://s.test/calendar/2026/\(depth)", depth: depth, in: &d) != nil {
                firstCut = firstCut ?? depth
            }
        }
        #expect(firstCut == 62, "61 is 60 levels below the first at 1")
        let cut = trap("https://s.test/calendar/1999/12", depth: 62, in: &d)
        #expect(cut == .chain(shape: "/calendar/N/N?", limit: 60))
        #expect(cut?.description == "crawl trap (a chain of more than 60 /calendar/N/N? pages)")
        #expect(trap("https://s.test/calendar/2026/5", depth: 61, in: &d) == nil, "depth, not the number of pages")
        #expect(trap("https://s.test/other/5", depth: 99, in: &d) == nil, "another shape starts its own chain")
    }

    @Test func theChainShapeIncludesTheParameterNames() {
        var d = detector(chainLimit: 2)
        #expect(trap("https://s.test/list?page=1", depth: 1, in: &d) == nil)
        #expect(trap("https://s.test/list?sort=a", depth: 4, in: &d) == nil, "another parameter, another shape")
        #expect(trap("https://s.test/list?page=9", depth: 4, in: &d) == .chain(shape: "/list?page", limit: 2))
    }

    @Test(arguments: [1, 25])
    func moreThanFourTimesTheParameterCombinationsOnOnePathIsATrap(combinations: Int) {
        var d = detector(parameterCombinations: combinations)
        let kept = combinations * 4
        for n in 1...kept {
            #expect(trap("https://s.test/shop?colour=\(n)", depth: 1, in: &d) == nil, "combination \(n)")
        }
        #expect(trap("https://s.test/shop?colour=1", depth: 1, in: &d) == nil, "a combination seen before")
        let cut = trap("https://s.test/shop?colour=\(kept + 1)", depth: 1, in: &d)
        #expect(cut == .parameterExplosion(path: "/shop"))
        #expect(cut?.description == "crawl trap (parameter explosion on /shop)")
        #expect(
            trap("https://s.test/shop?colour=\(kept + 1)", depth: 1, in: &d) == cut, "a cut combination is not kept")
        #expect(trap("https://s.test/other?colour=\(kept + 1)", depth: 1, in: &d) == nil, "each path has its own")
    }
}
