import Testing

@testable import Crawling

@Suite struct PathPartsTests {
    @Test func theURLIsReadIntoThePartsTheDefencesUse() {
        let parts = PathParts("https://s.test/cal/2026/05?z=1&a=2&z=3#frag")
        #expect(parts.pathAndQuery == "/cal/2026/05?z=1&a=2&z=3")
        #expect(parts.path == "/cal/2026/05")
        #expect(parts.query == "z=1&a=2&z=3")
        #expect(parts.names == "a&z&z")
        #expect(parts.shape == "/cal/N/N?a&z&z")
        #expect(!parts.hasRepeatingSegment)
        #expect(PathParts("https://s.test/x/y/x/z/x").hasRepeatingSegment, "a third occurrence anywhere in the path")
        #expect(PathParts("https://s.test").pathAndQuery == "/")
    }
}
