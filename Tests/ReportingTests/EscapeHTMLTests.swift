import Testing

@testable import Reporting

/// `escapeHTML` returns text with nothing to escape as it is; anything else goes scalar by scalar. Both give what
/// the scalar writer gives for every character.
@Suite struct EscapeHTMLTests {
    static func scalarByScalar(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars { appendEscapedHTML(scalar, to: &out) }
        return out
    }

    @Test func everyASCIICharacterAndSomeOthersAreEscapedAsTheScalarWriterDoes() {
        var samples = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) }
        samples += [0xFFFE, 0xFDD0].map { String(UnicodeScalar($0)!) }
        samples += ["\u{80}", "\u{9F}", "é", "\u{200E}", "\u{202E}", "🎉", "\u{2028}"]
        for sample in samples {
            for text in [sample, "a\(sample)b", "shop.example.com/\(sample)"] {
                #expect(escapeHTML(text) == Self.scalarByScalar(text), "\(text.unicodeScalars.map(\.value))")
            }
        }
        #expect(escapeHTML("https://shop.example.com/a?b=c") == "https://shop.example.com/a?b=c")
        #expect(escapeHTML("a<b") == "a&lt;b")
    }
}
