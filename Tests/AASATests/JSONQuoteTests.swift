import AASA
import Foundation
import Testing

/// `JSONNode.quote` (a node's `jsonText`: a rule's `rule` in the reports, finding messages, the change
/// fingerprint) and `JSONBytes.string` (every report writer) are one quoter; they differ only on U+0008 and U+000C.
@Suite struct JSONQuoteTests {
    /// Every control character, the two that need a backslash, and the characters written as they are.
    static let awkward = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar($0)! })) + "\"\\/\u{7F}é𝄞"

    /// The bytes `jsonText` has always had: `\u0008` and `\u000c`, only \n \r \t by name.
    static let jsonTextBytes =
        #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f"#
        + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#
        + "\\\"\\\\/\u{7F}é𝄞\""

    @Test func quoteKeepsTheBytesJSONTextHasAlwaysHad() {
        #expect(JSONNode.quote(Self.awkward) == Self.jsonTextBytes)
    }

    @Test func aRulesTextKeepsItsBytes() throws {
        let text = #"{"paths": ["/a\b\f\u0001\"/"]}"#
        let root = try JSONParser.parse(Array(text.utf8))
        let rule = try #require(root["paths"]?.elements?.first)
        #expect(rule.jsonText == #""/a\u0008\u000c\u0001\"/""#)
        #expect(root.jsonText == #"{"paths": ["/a\u0008\u000c\u0001\"/"]}"#)
    }

    @Test func stringWritesWhatJSONEncoderWrites() throws {
        var bytes: [UInt8] = []
        JSONBytes.string(Self.awkward, &bytes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        #expect(
            String(decoding: bytes, as: UTF8.self) == String(decoding: try encoder.encode(Self.awkward), as: UTF8.self))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#"\b\t\n\u000b\f\r"#))
    }
}
