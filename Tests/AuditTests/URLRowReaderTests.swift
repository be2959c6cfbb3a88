import Foundation
import Testing

@testable import AASA
@testable import Audit

/// URL rows read by hand must be the rows JSONDecoder reads from the same bytes; what the hand reader does not
/// take (nil) goes to JSONDecoder, so it must never take a row and read it differently.
@Suite struct URLRowReaderTests {
    static func decoded(_ bytes: [UInt8]) -> URLReport? {
        try? JSONOutput.decoder().decode(URLReport.self, from: Data(bytes))
    }

    /// Every row of the writer's tests, as report.json writes it (indented), as domains.jsonl writes it (compact)
    /// and as JSONEncoder writes it with escaped slashes and no sorting.
    @Test func everyWrittenRowReadsAsJSONDecoderReadsIt() throws {
        let plain = JSONEncoder()
        var read = 0
        for row in URLRowJSONTests.rows() {
            var indented: [UInt8] = []
            row.appendJSON(to: &indented, layout: .pretty(3))
            var compact: [UInt8] = []
            row.appendJSON(to: &compact, layout: .compact)
            let other = Array(try plain.encode(row))
            for text in [indented, compact, other] {
                let hand = URLRowReader.row(text)
                #expect(
                    hand != nil,
                    "a written row is read by hand: \(String(decoding: text, as: UTF8.self).debugDescription)")
                #expect(hand == Self.decoded(text) && hand == row)
                read += 1
            }
            let opened = URLRowReader.openedApp(compact)
            #expect(opened?.url == row.url && opened?.opensApp == row.opensApp)
        }
        #expect(read > 3_000)
    }

    /// Text the writer never produces: the hand reader either reads it as JSONDecoder does or leaves it to it.
    @Test(arguments: [
        #"{"url":"a","verdicts":[],"httpStatus":200.0}"#,
        #"{"url":"a","verdicts":[],"httpStatus":2e2}"#,
        #"{"url":"a","verdicts":[],"httpStatus":"200"}"#,
        #"{"url":"a","verdicts":[],"httpStatus":99999999999999999999}"#,
        #"{"url":"a","verdicts":[],"depth":-0}"#,
        #"{"url":"a","verdicts":[],"depth":01}"#,
        #"{"url":"a","verdicts":[],"note":"\ud800"}"#,
        #"{"url":"a","verdicts":[],"note":"\ud83d\ude00 \u00e9\/\b"}"#,
        "{\"url\":\"a\",\"verdicts\":[],\"note\":\"tab\traw\"}",
        #"{"url":"a","verdicts":[],"note":"\x"}"#,
        #"{"url":"a"}"#,
        #"{"verdicts":[]}"#,
        #"{"url":null,"verdicts":[]}"#,
        #"{"url":"a","verdicts":[{"appID":"A","result":"maybe","reason":"r"}]}"#,
        #"{"url":"a","verdicts":[{"appID":"A","result":"match","reason":"r","rule":{"rule":"x"}}]}"#,
        #"{"url":"a","verdicts":[{"appID":"A","result":"match","reason":"r","rule":null}]}"#,
        #"{"url":"a","verdicts":[],"url":"b"}"#,
        #"{"url":"a","verdicts":[],"later":{"x":[1,true,null,{"y":"z"}]}}"#,
        #"{"url":"a","verdicts":[],}"#,
        #"{"url":"a","verdicts":[]} x"#,
        #"  {  "url" : "a" , "verdicts" : [ ] }  "#,
        #"{"url":"a","verdicts":[],"opens":true,"apps":[],"rule":null,"ruleLocation":null}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":null}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":true,"androidPackage":null}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":1}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":"true"}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":nul}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":false,"opensAndroid":true}"#,
        #"{"url":"a","verdicts":[],"androidPackage":"p","androidRule":"r"}"#,
        #"{"url":"a","verdicts":[],"androidPackage":5}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":false,"androidRule":["r"]}"#,
        #"{"url":"a","verdicts":[],"opensAndroid":true,"androidUnknownReason":"why"}"#,
    ])
    func anythingElseIsReadAsJSONDecoderReadsItOrLeftToIt(_ text: String) {
        let bytes = Array(text.utf8)
        if let hand = URLRowReader.row(bytes) {
            #expect(hand == Self.decoded(bytes), "read by hand but not as JSONDecoder reads it")
        }
    }

    /// Rows judged for Android read back with their answers; `"opensAndroid": null` without a reason is unknown all
    /// the same, and Android members without `opensAndroid` are not an answer, by either reader.
    @Test func androidAnswersReadBackByBothReaders() throws {
        let judged = URLRowJSONTests.rows().filter { $0.android != nil }
        #expect(judged.count > 90)
        for row in judged {
            var text: [UInt8] = []
            row.appendJSON(to: &text, layout: .compact)
            #expect(URLRowReader.row(text)?.android == row.android)
            #expect(Self.decoded(text)?.android == row.android)
        }
        for text in [
            #"{"url":"a","verdicts":[],"opensAndroid":null}"#,
            #"{"url":"a","verdicts":[],"opensAndroid":null,"androidUnknownReason":null}"#,
        ] {
            let expected = URLReport.Android(
                opens: nil, package: nil, rule: nil, unknownReason: URLReport.unknownWithoutReason)
            #expect(URLRowReader.row(Array(text.utf8))?.android == expected)
            #expect(Self.decoded(Array(text.utf8))?.android == expected)
        }
        let stray = Array(#"{"url":"a","verdicts":[],"androidPackage":"p","androidRule":"r"}"#.utf8)
        #expect(URLRowReader.row(stray)?.android == nil && Self.decoded(stray)?.android == nil)
        #expect(URLRowReader.row(stray) != nil)
    }

    /// Written rows with one byte changed, dropped or doubled (a fixed sequence, so a failure repeats): whatever
    /// the hand reader takes, JSONDecoder reads the same.
    @Test func mutatedRowsAreReadAsJSONDecoderReadsThemOrLeftToIt() throws {
        var generator = SplitMix(seed: 19)
        let interesting = Array(#"{}[],:"\/u0 -.e1tfn"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var taken = 0
        var differing: [String] = []
        let rows = URLRowJSONTests.rows()
        for row in rows.prefix(400) + rows.filter({ $0.android != nil }).prefix(60) {
            var text: [UInt8] = []
            row.appendJSON(to: &text, layout: .pretty(0))
            for _ in 0..<12 {
                var mutated = text
                let at = Int(generator.next() % UInt64(mutated.count))
                switch generator.next() % 3 {
                case 0: mutated[at] = interesting[Int(generator.next() % UInt64(interesting.count))]
                case 1: mutated.remove(at: at)
                default: mutated.insert(mutated[at], at: at)
                }
                guard let hand = URLRowReader.row(mutated) else { continue }
                taken += 1
                if hand != Self.decoded(mutated) { differing.append(String(decoding: mutated, as: UTF8.self)) }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first ?? "")")
        #expect(taken > 100, "some mutations still have the plain shape")
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        let bytes = Array(#"{"url":"a"#.utf8) + [0xFF] + Array(#"","verdicts":[]}"#.utf8)
        #expect(URLRowReader.row(bytes) == nil)
        #expect(URLRowReader.openedApp(bytes) == nil)
    }

    /// The shapes the reader must take, so the fast path is the one a real report takes.
    @Test func plainShapesAreReadByHand() {
        #expect(
            URLRowReader.row(Array(#"{"url":"a","verdicts":[],"url":"b"}"#.utf8)) == nil, "JSONDecoder keeps the first")
        #expect(URLRowReader.row(Array(#"{"url":"é\/\ud83d\ude00","verdicts":[]}"#.utf8))?.url == "é/😀")
        #expect(URLRowReader.row(Array(#"{"url":"a","verdicts":[],"later":{"x":[1,true,null]}}"#.utf8)) != nil)
    }
}
