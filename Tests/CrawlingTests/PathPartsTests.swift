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

    /// The path starts at the first "/" from where URLAuthority ends the authority, as it did before: a URL libcurl
    /// normalised always has one there, so only hand-written URLs reach these.
    @Test func thePathStartsAtTheFirstSlashAfterTheAuthority() {
        #expect(PathParts("https://u@s.test:8443/a?b#c").pathAndQuery == "/a?b")
        #expect(PathParts("https://s.test?x=1").pathAndQuery == "/", "a query with no slash: no path")
        #expect(PathParts("https://s.test?x=/y").pathAndQuery == "/y", "the first slash, even inside the query")
        #expect(PathParts("https://s.test#/y").path == "/y", "and inside the fragment")
        #expect(PathParts("https://[::1]:80/z").path == "/z")
    }

    /// Only URLs with an authority have a path here (the frontier only sees http(s) URLs).
    @Test(arguments: ["mailto:a/b", "/a/b", "1a://h/b", "a:b://h/c"])
    func textThatIsNotASchemeURLHasNoPath(_ text: String) {
        #expect(PathParts(text).pathAndQuery == "/")
        #expect(PathParts(text).path == "")
    }
}
