import AASA
import Testing

/// crawl-page-error quotes five failed pages. Pages fail in the order their fetches finish, so it quotes the first
/// five by URL: two crawls that fail on the same pages say the same.
@Suite struct CrawlPageErrorTests {
    static func message(_ errors: [PageError]) throws -> String {
        let evidence = CrawlEvidence(domain: "example.com", file: nil, urls: URLTable(), pageErrors: errors)
        return try #require(Catalogue.check(evidence).first { $0.id == "crawl-page-error" }).message
    }

    @Test func theExamplesAreTheFirstFiveByURLInWhateverOrderPagesFailed() throws {
        let paths = ["/z", "/b", "/a/2", "/é", "/a", "/A", "/c", "/b/"]
        let errors = paths.map { PageError(url: "https://example.com\($0)", status: 404, error: nil) }
        let expected =
            "8 page(s) failed: HTTP 404 ×8; for example "
            + ["/A", "/a", "/a/2", "/b", "/b/"].map { "https://example.com\($0)" }.joined(separator: ", ") + "."
        // Every rotation and the reverse of each: the message never changes.
        for shift in errors.indices {
            let rotated = Array(errors[shift...] + errors[..<shift])
            #expect(try Self.message(rotated) == expected, "rotated by \(shift)")
            #expect(try Self.message(rotated.reversed()) == expected, "reversed, rotated by \(shift)")
        }
        let two = try Self.message(Array(errors.prefix(2)))
        #expect(two == "2 page(s) failed: HTTP 404 ×2; for example https://example.com/b, https://example.com/z.")
    }
}
