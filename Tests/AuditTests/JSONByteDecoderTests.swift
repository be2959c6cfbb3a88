import AASA
import Foundation
import Testing

@testable import Audit

/// The byte decoder of the run's log reads what JSONDecoder (`JSONOutput`) reads, to the value, and leaves to
/// JSONDecoder everything it does not take, never reading a text otherwise than JSONDecoder would.
@Suite struct JSONByteDecoderTests {
    /// `value`'s compact text (as the log writes it) read by both decoders: the same value, compared by the bytes each
    /// encodes to.
    static func expectSame<T: Codable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try JSONOutput.compactEncoder().encode(value)
        let fast = try #require(
            JSONByteDecoder.decode(T.self, from: Array(text)), "the byte decoder reads what the log writes",
            sourceLocation: sourceLocation)
        let slow = try JSONOutput.decoder().decode(T.self, from: text)
        let encoder = JSONOutput.compactEncoder()
        #expect(try encoder.encode(fast) == encoder.encode(slow), sourceLocation: sourceLocation)
        #expect(try encoder.encode(fast) == text, sourceLocation: sourceLocation)
    }

    /// Every domain of a whole report: fetches (TLS dates, timings as Doubles, headers), findings, apps, a crawl
    /// summary with maps, URL rows with their derived container, the served file, `null`s written by `Nullable`.
    @Test func everyReportTypeReadsAsJSONDecoderReadsIt() throws {
        var report = try ReportReaderTests.report()
        report.domains[0].fetches[0].timingsMs = Timings(
            dns: 0.5, connect: 1.0, tls: 12.345678, firstByte: 1e-7, total: 123_456_789_012.5)
        report.domains[0].fetches[0].headers = [
            HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-É", value: "\u{1}\"\\"),
        ]
        report.domains[0].partial = true
        for domain in report.domains { try Self.expectSame(domain) }
        try Self.expectSame(report)
        // A log line read as this process's own (trusted: the byte decoder) and as any other: the same record.
        let line = Array(
            try JSONOutput.compactEncoder().encode(DomainRecord(index: 7, partial: true, report: report.domains[0])))
        let own = try ReportReader.recordAndReportRange(line, name: "log", trusted: true)
        let other = try ReportReader.recordAndReportRange(line, name: "log", trusted: false)
        #expect(own.report == other.report && own.record.index == 7 && own.record.partial)
        let encoder = JSONOutput.compactEncoder()
        #expect(try encoder.encode(own.record.report) == encoder.encode(other.record.report))
    }

    @Test func edgeValuesReadAsJSONDecoderReadsThem() throws {
        try Self.expectSame(JSONByteEncoderTests.Edge())
        try Self.expectSame([JSONByteEncoderTests.Edge(), JSONByteEncoderTests.Edge()])
        try Self.expectSame("top-level string")
        try Self.expectSame([String: [String]]())
        try Self.expectSame([Int?.none, 3, nil])
    }

    /// What JSONDecoder would have to judge is left to it: another type where a value belongs, a fraction where a
    /// whole number belongs, a member written twice, an escaped member name, a bad escape, invalid UTF-8, a number
    /// JSON has no value for, text after the value, nesting deeper than the index goes.
    @Test func whatItDoesNotTakeIsLeftToJSONDecoder() {
        struct Row: Codable {
            var name: String
            var count: Int
        }
        func fast(_ text: String) -> Row? { JSONByteDecoder.decode(Row.self, from: Array(text.utf8)) }
        #expect(fast(#"{"name":"a","count":2}"#)?.count == 2)
        #expect(fast(#" { "count" : -0 , "name" : "\u00e9\ud83c\udf89" } "#)?.name == "é🎉")
        for text in [
            #"{"name":1,"count":2}"#, #"{"name":"a","count":2.0}"#, #"{"name":"a","count":1e2}"#,
            #"{"name":"a","count":2,"count":3}"#, #"{"na\u006de":"a","count":2}"#, #"{"name":"\q","count":2}"#,
            #"{"name":"\ud800","count":2}"#, #"{"name":"a","count":99999999999999999999}"#,
            #"{"name":"a","count":2} x"#, #"{"name":"a","count":02}"#, #"{"name":"a"}"#, #"{"name":"a","count":2"#,
            "{\"name\":\"\u{1}\",\"count\":2}",
        ] {
            #expect(fast(text) == nil, "\(text)")
        }
        var invalid = Array(#"{"name":"x","count":2}"#.utf8)
        invalid[9] = 0xFF
        #expect(JSONByteDecoder.decode(Row.self, from: invalid) == nil)
        #expect(JSONByteDecoder.decode([Double].self, from: Array("[1e400]".utf8)) == nil)
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(JSONByteDecoder.decode([[[Int]]].self, from: Array(deep.utf8)) == nil)
        #expect(JSONByteDecoder.decode([[Int]].self, from: Array("[[]]".utf8)) == [[]])
    }

    /// A domain's text with bytes changed at random (seeded; the seed is in any failure): whatever the byte decoder
    /// reads, JSONDecoder reads the same; what it leaves, JSONDecoder reads or refuses.
    @Test func changedTextIsNeverReadOtherwiseThanByJSONDecoder() throws {
        let seed: UInt64 = 26
        var random = SplitMix(seed: seed)
        let report = try ReportReaderTests.report()
        let text = Array(try JSONOutput.compactEncoder().encode(report.domains[0]))
        let alphabet = Array(#"{}[]":,0123456789-.eE\ntfrulasx"#.utf8) + [0x20, 0xC3, 0xA9, 0xFF]
        var read = 0
        for trial in 0..<1_500 {
            var changed = text
            for _ in 0...Int(random.next() % 3) {
                let at = Int(random.next() % UInt64(changed.count))
                changed[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            guard let fast = JSONByteDecoder.decode(DomainReport.self, from: changed) else { continue }
            read += 1
            let slow = try? JSONOutput.decoder().decode(DomainReport.self, from: Data(changed))
            let encoder = JSONOutput.compactEncoder()
            #expect(
                try slow.map(encoder.encode) == encoder.encode(fast),
                "seed \(seed), trial \(trial): \(String(decoding: changed, as: UTF8.self))")
        }
        // Most changes land in strings and still read: the comparison above ran.
        #expect(read > 250, "seed \(seed): \(read) of 1,500 changed texts read")
    }
}
