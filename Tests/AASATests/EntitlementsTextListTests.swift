import AASA
import Foundation
import Testing

/// The text form of `--entitlements` (one entry a line) reads lines as every input list does, and within bounds.
@Suite struct EntitlementsTextListTests {
    /// A CRLF file once read as one entry (Swift's "\r\n" is one Character, never equal to "\n"); VT, FF and
    /// U+2028 are characters of an entry, not line ends.
    @Test func onlyLFAndCRLFEndAnEntry() throws {
        let text = "applinks:a.test\r\n# comment\r\n\r\napplinks:b.test\u{0C}c.test\nwebcredentials:d.test\u{2028}\n"
        let read = try Entitlements.read(Data(text.utf8), file: "e.txt")
        #expect(
            read.entries.map(\.raw) == [
                "applinks:a.test", "applinks:b.test\u{0C}c.test", "webcredentials:d.test\u{2028}",
            ])
    }

    @Test func aListPastTheEntryCapIsRefused() throws {
        let text = String(repeating: "applinks:a.test\n", count: Entitlements.maximumEntries + 1)
        #expect(throws: Entitlements.ReadError.self) { _ = try Entitlements.read(Data(text.utf8), file: "e.txt") }
        let fits = String(repeating: "applinks:a.test\n", count: Entitlements.maximumEntries)
        #expect(try Entitlements.read(Data(fits.utf8), file: "e.txt").entries.count == Entitlements.maximumEntries)
    }
}
