import Foundation
import Testing

@testable import AASA
@testable import Audit

/// The bytes of URL rows as report.json (pretty) and domains.jsonl (compact) hold them, fixed here as the version
/// before the single row codec wrote them, and what reading rows gives: older reports' rows, hand-made rows and
/// malformed ones with the error each gave then.
@Suite struct URLRowBytesTests {
    static let rule = RuleReference(
        detailsIndex: 0, ruleIndex: 1, format: .components, pointer: "/applinks/details/0/components/1",
        rule: #"{"/": "/caf\u00e9/*"}"#, line: 5, column: 9)

    /// Every member set, escapes in its strings, judged for Android.
    static let full = {
        var row = URLReport(
            url: "https://shop.test/caf\u{E9}/a?q=\"x\"", foundOn: "https://shop.test/", httpStatus: 200,
            verdicts: [
                AppVerdict(appID: "9JA89QQLNQ.com.acme.shop", result: .match, rule: rule, reason: "matched"),
                AppVerdict(appID: "A.b", result: .noMatch, rule: nil, reason: "tab\there\u{1}/"),
            ],
            opensApp: "9JA89QQLNQ.com.acme.shop", note: "other host: recorded, not crawled",
            redirectTo: "https://shop.test/b", depth: 2, inlinks: 3, anchorText: "Caf\u{E9} \\ shop",
            href: "/caf\u{E9}/a",
            android: .init(opens: true, package: "com.acme.shop", rule: "intent-filter AndroidManifest.xml:8"))
        row.contentType = "text/html; charset=\"utf-8\""
        return row
    }()

    /// Unknown (`"opens": null`), no verdicts, every optional null, not judged for Android.
    static let unknown = URLReport(
        url: "https://other.test/", foundOn: nil, httpStatus: nil, verdicts: [], opensApp: nil, note: nil,
        unknownReason: "the file of other.test was not read")

    static func pretty(_ value: some Encodable) throws -> String {
        var data = Data()
        try JSONOutput.write(value, into: { data.append($0) })
        return String(decoding: data, as: UTF8.self)
    }

    static func compact(_ value: some Encodable) throws -> String {
        var data = Data()
        try withoutActuallyEscaping({ (piece: Data) in data.append(piece) }) { sink in
            var writer = StreamedJSONWriter(compact: true, sink: sink)
            try writer.write(value, depth: 0)
            try writer.flush()
        }
        return String(decoding: data, as: UTF8.self)
    }

    static let fullPretty = #"""
        {
          "anchorText" : "Café \\ shop",
          "androidPackage" : "com.acme.shop",
          "androidRule" : "intent-filter AndroidManifest.xml:8",
          "androidUnknownReason" : null,
          "apps" : [
            "9JA89QQLNQ.com.acme.shop"
          ],
          "contentType" : "text/html; charset=\"utf-8\"",
          "depth" : 2,
          "foundOn" : "https://shop.test/",
          "href" : "/café/a",
          "httpStatus" : 200,
          "inlinks" : 3,
          "note" : "other host: recorded, not crawled",
          "opens" : true,
          "opensAndroid" : true,
          "opensApp" : "9JA89QQLNQ.com.acme.shop",
          "redirectTo" : "https://shop.test/b",
          "rule" : "{\"/\": \"/caf\\u00e9/*\"}",
          "ruleLocation" : "/applinks/details/0/components/1",
          "unknownReason" : null,
          "url" : "https://shop.test/café/a?q=\"x\"",
          "verdicts" : [
            {
              "appID" : "9JA89QQLNQ.com.acme.shop",
              "reason" : "matched",
              "result" : "match",
              "rule" : {
                "column" : 9,
                "detailsIndex" : 0,
                "format" : "components",
                "line" : 5,
                "pointer" : "/applinks/details/0/components/1",
                "rule" : "{\"/\": \"/caf\\u00e9/*\"}",
                "ruleIndex" : 1
              }
            },
            {
              "appID" : "A.b",
              "reason" : "tab\there\u0001/",
              "result" : "no_match",
              "rule" : null
            }
          ]
        }
        """#

    static let unknownPretty = """
        {
          "anchorText" : null,
          "apps" : [

          ],
          "contentType" : null,
          "depth" : null,
          "foundOn" : null,
          "href" : null,
          "httpStatus" : null,
          "inlinks" : null,
          "note" : null,
          "opens" : null,
          "opensApp" : null,
          "redirectTo" : null,
          "rule" : null,
          "ruleLocation" : null,
          "unknownReason" : "the file of other.test was not read",
          "url" : "https://other.test/",
          "verdicts" : [

          ]
        }
        """

    static let fullCompact =
        #"{"anchorText":"Café \\ shop","androidPackage":"com.acme.shop","#
        + #""androidRule":"intent-filter AndroidManifest.xml:8","androidUnknownReason":null,"#
        + #""apps":["9JA89QQLNQ.com.acme.shop"],"contentType":"text/html; charset=\"utf-8\"","depth":2,"#
        + #""foundOn":"https://shop.test/","href":"/café/a","#
        + #""httpStatus":200,"inlinks":3,"note":"other host: recorded, not crawled","opens":true,"#
        + #""opensAndroid":true,"opensApp":"9JA89QQLNQ.com.acme.shop","redirectTo":"https://shop.test/b","#
        + #""rule":"{\"/\": \"/caf\\u00e9/*\"}","ruleLocation":"/applinks/details/0/components/1","#
        + #""unknownReason":null,"url":"https://shop.test/café/a?q=\"x\"","verdicts":[{"#
        + #""appID":"9JA89QQLNQ.com.acme.shop","reason":"matched","result":"match","rule":{"column":9,"#
        + #""detailsIndex":0,"format":"components","line":5,"pointer":"/applinks/details/0/components/1","#
        + #""rule":"{\"/\": \"/caf\\u00e9/*\"}","ruleIndex":1}},{"appID":"A.b","reason":"tab\there\u0001/","#
        + #""result":"no_match","rule":null}]}"#

    static let unknownCompact =
        #"{"anchorText":null,"apps":[],"contentType":null,"depth":null,"foundOn":null,"href":null,"httpStatus":null,"#
        + #""inlinks":null,"#
        + #""note":null,"opens":null,"opensApp":null,"redirectTo":null,"rule":null,"ruleLocation":null,"#
        + #""unknownReason":"the file of other.test was not read","url":"https://other.test/","verdicts":[]}"#

    @Test func aFixedRowIsWrittenAsBefore() throws {
        #expect(try Self.pretty(Self.full) == Self.fullPretty)
        #expect(try Self.pretty(Self.unknown) == Self.unknownPretty)
        #expect(try Self.compact(Self.full) == Self.fullCompact)
        #expect(try Self.compact(Self.unknown) == Self.unknownCompact)
    }

    /// Rows inside a list land one level in: every line after the first gets two more spaces, but the blank line
    /// of an empty list.
    @Test func aNestedRowIsIndentedAsBefore() throws {
        func indented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        }
        let expected = "[\n" + indented(Self.fullPretty) + ",\n" + indented(Self.unknownPretty) + "\n]"
        #expect(try Self.pretty(URLTable([Self.full, Self.unknown])) == expected)
        #expect(
            try Self.compact(URLTable([Self.full, Self.unknown])) == "[\(Self.fullCompact),\(Self.unknownCompact)]")
    }

    /// JSONEncoder (a DomainReport encoded whole, as `links` spools it) writes a row's bytes as the writer does.
    @Test func jsonEncoderWritesTheSameBytes() throws {
        #expect(String(decoding: try JSONOutput.encoder().encode(Self.full), as: UTF8.self) == Self.fullPretty)
        #expect(String(decoding: try JSONOutput.encoder().encode(Self.unknown), as: UTF8.self) == Self.unknownPretty)
        #expect(String(decoding: try JSONOutput.compactEncoder().encode(Self.full), as: UTF8.self) == Self.fullCompact)
    }

    /// A report whose second domain's `urls` is `rows` (JSON text).
    static func report(rows: String) throws -> String {
        let text = String(decoding: try ReportReaderTests.report().json(), as: UTF8.self)
        let empty = "\"urls\" : [\n\n      ]"
        let range = try #require(text.range(of: empty, options: .backwards))
        return text.replacingCharacters(in: range, with: "\"urls\" : [" + rows + "]")
    }

    static func rows(_ rows: String) throws -> [URLReport] {
        let report = try AuditReport.decode(Data(try report(rows: rows).utf8))
        return Array(report.domains[1].urls)
    }

    /// Rows as the versions before wrote them: without the members added since, `opens` null without a reason,
    /// Android members without `opensAndroid`.
    @Test func rowsOfOlderReportsAndHandMadeRowsRead() throws {
        let old = try Self.rows(
            #"{"url":"https://a.test/","foundOn":null,"httpStatus":200,"verdicts":[],"opensApp":null,"note":"n"}"#)
        #expect(
            old == [
                URLReport(
                    url: "https://a.test/", foundOn: nil, httpStatus: 200, verdicts: [], opensApp: nil, note: "n")
            ])
        let hand = try Self.rows(
            #"{"url":"u","verdicts":[],"opens":null},{"url":"v","verdicts":[],"opens":null,"unknownReason":"why"},"#
                + #"{"url":"w","verdicts":[],"opens":true,"apps":["x"],"rule":"r","ruleLocation":"/p","later":[1,{}]}"#)
        #expect(hand.map(\.unknownReason) == [URLReport.unknownWithoutReason, "why", nil])
        #expect(hand[2].apps.isEmpty && hand[2].decidingRule == nil, "derived members are worked out, not read")
        let android = try Self.rows(
            #"{"url":"a","verdicts":[],"opensAndroid":null},{"url":"b","verdicts":[],"androidPackage":"p"},"#
                + #"{"url":"c","verdicts":[],"opensAndroid":false,"androidPackage":"p","androidRule":null}"#)
        #expect(
            android.map(\.android) == [
                .init(opens: nil, package: nil, rule: nil, unknownReason: URLReport.unknownWithoutReason), nil,
                .init(opens: false, package: "p", rule: nil),
            ])
        let read = try Self.rows(Self.fullCompact + "," + Self.unknownPretty)
        #expect(read == [Self.full, Self.unknown])
    }

    /// Each malformed row gives one sentence naming the row's place, the member and what is wrong with it.
    @Test(arguments: [
        (#"{"url":null,"verdicts":[]}"#, #"LINE, domains[1].urls[0].url: null where a string is expected"#),
        (#"{"verdicts":[]}"#, #"LINE, domains[1].urls[0]: missing "url""#),
        (#"{"url":"a"}"#, #"LINE, domains[1].urls[0]: missing "verdicts""#),
        (#"{"url":"a","verdicts":[],"httpStatus":"200"}"#, #"LINE, domains[1].urls[0].httpStatus: expected a number"#),
        (
            #"{"url":"a","verdicts":[],"depth":1.5}"#,
            #"LINE, domains[1].urls[0].depth: "depth" is 1.5, not a whole number"#
        ),
        (
            #"{"url":"a","verdicts":[],"depth":1e30}"#,
            #"LINE, domains[1].urls[0].depth: "depth" is 1e+30, not a whole number"#
        ),
        (
            #"{"url":"a","verdicts":[{"appID":"A","result":"maybe","reason":"r"}]}"#,
            #"LINE, domains[1].urls[0].verdicts[0].result: "result" is "maybe", not "match", "exclude" or "no_match""#
        ),
        (
            #"{"url":"a","verdicts":[{"appID":"A","result":"match","reason":"r","rule":{"detailsIndex":0,"ruleIndex":0,"#
                + #""format":"regex","pointer":"/p","rule":"x","line":1,"column":1}}]}"#,
            #"LINE, domains[1].urls[0].verdicts[0].rule.format: "format" is "regex", not "components" or "paths""#
        ),
        (
            #"{"url":"a","verdicts":[{"appID":"A","result":"match","reason":"r","rule":{"rule":"x"}}]}"#,
            #"LINE, domains[1].urls[0].verdicts[0].rule: missing "detailsIndex""#
        ),
        (
            #"{"url":"a","verdicts":[],"opensAndroid":"true"}"#,
            "LINE, domains[1].urls[0].opensAndroid: expected true or false"
        ),
        (#"{"url":"a","verdicts":[],"note":5}"#, #"LINE, domains[1].urls[0].note: expected a string"#),
        (
            #"{"url":"a","verdicts":[],"inlinks":-1}"#,
            "LINE, domains[1].urls[0].inlinks: -1 is negative (from 0 to 134217726)"
        ),
        // Numbers a row's packed fields cannot hold (`URLFacts.pageCounts`, `URLFacts.httpStatuses`), though within
        // what a report may hold otherwise: refused, never wrapped or cut.
        (
            #"{"url":"a","verdicts":[],"inlinks":5000000000}"#,
            "LINE, domains[1].urls[0].inlinks: 5000000000 is out of range (from 0 to 134217726)"
        ),
        (
            #"{"url":"a","verdicts":[],"depth":134217727}"#,
            "LINE, domains[1].urls[0].depth: 134217727 is out of range (from 0 to 134217726)"
        ),
        (
            #"{"url":"a","verdicts":[],"httpStatus":70000}"#,
            "LINE, domains[1].urls[0].httpStatus: 70000 is out of range (from 0 to 999)"
        ),
        (
            #"{"url":"a","verdicts":[],"httpStatus":-5}"#,
            "LINE, domains[1].urls[0].httpStatus: -5 is negative (from 0 to 999)"
        ),
    ])
    func malformedRowsGiveTheErrorTheyGave(_ row: String, _ problem: String) throws {
        let text = try Self.report(rows: row)
        let line = text.prefix(upTo: try #require(text.range(of: row)).lowerBound)
            .split(separator: "\n", omittingEmptySubsequences: false).count
        let error = try ReportReaderTests.error(reading: text)
        #expect(
            error == "FILE is not an aasa-audit report.json: "
                + problem.replacingOccurrences(of: "LINE", with: "line \(line)"))
    }
}

/// A run log's record (domains.jsonl, read by `--resume`, `links` and the report pass) reads its rows by the same
/// fields: a number a row's facts cannot hold is refused there too, naming the row and the number.
@Suite struct URLRowLogNumberTests {
    @Test(arguments: [
        (#""inlinks":5000000000"#, "line 1, report.urls[0].inlinks: 5000000000 is out of range (from 0 to 134217726)"),
        (#""httpStatus":70000"#, "line 1, report.urls[0].httpStatus: 70000 is out of range (from 0 to 999)"),
    ])
    func aLogRecordsRowWithANumberItsFactsCannotHoldIsRefused(_ member: String, _ problem: String) throws {
        let domain = String(
            decoding: try JSONOutput.compactEncoder().encode(ReportReaderTests.report().domains[1]), as: UTF8.self)
        let tampered = domain.replacingOccurrences(
            of: #""urls":[]"#, with: #""urls":[{"url":"a","verdicts":[],\#(member)}]"#)
        #expect(tampered != domain)
        #expect {
            _ = try ReportReader.record(Array(#"{"index":0,"report":\#(tampered)}"#.utf8), name: "log")
        } throws: { error in
            "\(error)" == problem
        }
    }
}
