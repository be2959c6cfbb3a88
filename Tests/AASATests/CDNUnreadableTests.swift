import AASA
import Testing

/// `cdn-unreadable` reports a CDN answer of 200 that no device can read, unless it is the site's own bytes.
@Suite struct CDNUnreadableTests {
    func ids(site: String, cdn: String) -> [String] {
        var probe = ExampleProbe.healthy(
            wellKnown: ExampleProbe.exchange(body: site), root: ExampleProbe.exchange(.root, body: site))
        probe.cdn = ExampleProbe.exchange(.cdn, body: cdn)
        return Catalogue.check(probe).filter { $0.location.url == DomainProbe.url(ExampleProbe.domain, .cdn) }.map(\.id)
    }

    @Test func anHTMLPageOrHalfAFileIsNeverTheSame() {
        #expect(ids(site: ExampleProbe.body, cdn: "<!DOCTYPE html><html></html>") == ["cdn-unreadable"])
        #expect(ids(site: ExampleProbe.body, cdn: String(ExampleProbe.body.dropLast(3))) == ["cdn-unreadable"])
        #expect(Set(ids(site: ExampleProbe.body, cdn: "[]")) == ["cdn-mismatch", "cdn-unreadable"])
        #expect(ids(site: ExampleProbe.body, cdn: ExampleProbe.body).isEmpty)
    }

    /// The site's own findings explain a copy of its own unreadable file; another unreadable body is reported.
    @Test func theSitesOwnBytesAreLeftToTheSitesFindings() {
        #expect(ids(site: "<html>shell</html>", cdn: "<html>shell</html>").isEmpty)
        #expect(ids(site: "<html>shell</html>", cdn: "<html>sign in</html>") == ["cdn-unreadable"])
        let huge = #"{"applinks": {"details": []}, "n": 1e400}"#
        #expect(ids(site: huge, cdn: huge).isEmpty)
        #expect(Set(ids(site: ExampleProbe.body, cdn: huge)) == ["cdn-mismatch", "cdn-unreadable"])
    }
}
