import Testing

@testable import Crawling

/// A row's Content-Type is the header as sent, without the control characters a header value may carry (a terminal
/// or spreadsheet reading the report would act on them) and at most 200 characters long.
@Suite struct ShownContentTypeTests {
    @Test func theTypeIsKeptAsSent() {
        #expect(ShownContentType.of("text/html; charset=utf-8") == "text/html; charset=utf-8")
        #expect(ShownContentType.of("Text/HTML;Charset=\"UTF-8\"") == "Text/HTML;Charset=\"UTF-8\"", "case and quotes")
        #expect(ShownContentType.of(nil) == nil)
    }

    @Test func controlCharactersAreRemovedAndTheLengthCapped() {
        #expect(
            ShownContentType.of("text/html\u{1B}[31m;\u{7}\u{0} charset=\u{85}utf-8\u{7F}")
                == "text/html[31m; charset=utf-8")
        #expect(ShownContentType.of("\u{1B}\u{7}") == nil, "nothing left")
        let long = "text/plain; x=" + String(repeating: "é", count: 300)
        #expect(ShownContentType.of(long) == String(long.prefix(ShownContentType.limit)))
        #expect(ShownContentType.of(long)?.count == 200)
    }
}
