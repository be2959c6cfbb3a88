import AASA
import Foundation
import Testing

@testable import Audit

/// The byte encoder of report.json and the run's log writes what JSONEncoder (`JSONOutput`) writes, to the byte, in
/// both layouts and at any depth, and leaves to JSONEncoder only what it says it leaves.
@Suite struct JSONByteEncoderTests {
    static func bytes(_ value: any Encodable, _ layout: JSONBytes.Layout) -> String? {
        var out = Array("prefix".utf8)
        guard JSONByteEncoder.append(value, to: &out, layout: layout) else {
            #expect(out == Array("prefix".utf8), "a value left to JSONEncoder leaves the buffer as it was")
            return nil
        }
        #expect(out.starts(with: "prefix".utf8))
        return String(decoding: out.dropFirst(6), as: UTF8.self)
    }

    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pretty = String(decoding: try JSONOutput.encoder().encode(value), as: UTF8.self)
        let compact = String(decoding: try JSONOutput.compactEncoder().encode(value), as: UTF8.self)
        #expect(bytes(value, .pretty(0)) == pretty, sourceLocation: sourceLocation)
        #expect(bytes(value, .compact) == compact, sourceLocation: sourceLocation)
        // Two levels in, every line after the first is indented by four more spaces (the blank line of an empty
        // container aside), as the streamed writer places a member's value.
        let nested = pretty.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "    " + $0.element
        }.joined(separator: "\n")
        #expect(bytes(value, .pretty(2)) == nested, sourceLocation: sourceLocation)
        // The compact text laid out again, as a log line becomes a report.json entry.
        var relaid: [UInt8] = []
        JSONBytes.relayout(ArraySlice(compact.utf8), depth: 2, into: &relaid)
        #expect(String(decoding: relaid, as: UTF8.self) == nested, sourceLocation: sourceLocation)
    }

    /// A whole report: domains with fetches (TLS dates, timings as Doubles), findings, apps, crawl summaries with
    /// maps, URL rows with their second, derived container, and `null`s written by `Nullable`.
    @Test func aWholeReportIsWrittenAsJSONEncoderWritesIt() throws {
        var report = try ReportReaderTests.report()
        report.domains[0].fetches[0].timingsMs = Timings(
            dns: 0.5, connect: 1.0, tls: 12.345678, firstByte: 1e-7, total: 123_456_789_012.5)
        try Self.expectSame(report)
        try Self.expectSame(report.domains)
    }

    struct Edge: Codable {
        var text = "quote \" backslash \\ slash / tab \t newline \n bell \u{7} DEL \u{7F} é 🎉"
        var numbers: [Double] = [0, -0.0, 1, 0.1, 2.5e-8, 1e21, 1e300, -123.456, 9_007_199_254_740_993]
        var integers: [Int] = [0, 9, 10, -1, Int.min, Int.max]
        var small: [Int8] = [-128, 127]
        var big: [UInt64] = [UInt64.max]
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_800_000_000.75)]
        var empty: [String] = []
        var emptyMap: [String: Int] = [:]
        var map = ["b": 1, "a": 2, "B": 3, "aa": 4, "é": 5]
        var byNumber = [10: "ten", 9: "nine"]
        var nested: [[String: [Int]]] = [["x": []], [:]]
        var optional: String? = nil
        var present: Int? = 4
        @Nullable var nullable: String? = nil
        var flag = true
        var url = URL(string: "https://example.com/a/b?q=1&c=%20")
        var severity = Severity.warning
    }

    @Test func edgeValuesAreWrittenAsJSONEncoderWritesThem() throws {
        try Self.expectSame(Edge())
        try Self.expectSame([Edge(), Edge()])
        try Self.expectSame("top-level string")
        try Self.expectSame([String: [String]]())
    }

    /// What it does not write itself (a nested container, a number JSON has no text for, a value that encodes
    /// nothing) it says so, and the streamed writer hands that value to JSONEncoder.
    struct Nests: Encodable {
        enum Keys: String, CodingKey { case inner }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedUnkeyedContainer(forKey: .inner)
            try inner.encode(1)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func whatItLeavesToJSONEncoderItSaysItLeaves() throws {
        #expect(Self.bytes(Nests(), .compact) == nil)
        #expect(Self.bytes([Double.nan], .compact) == nil)
        #expect(Self.bytes(Nothing(), .compact) == nil)
        var streamed = Data()
        try JSONOutput.write(["a": Nests()]) { streamed.append($0) }
        #expect(streamed == (try JSONOutput.encoder().encode(["a": Nests()])))
    }
}
