import Foundation
import Testing

@testable import AASA
@testable import Audit

/// URL rows have one codec, `URLReport.jsonFields`: its byte writer must write what JSONEncoder writes through the
/// same declaration, whatever the row holds and however deep it lands (report.json is diffed byte for byte between
/// runs), and every row written must read back as it was, by the byte reader and through JSONDecoder.
@Suite struct URLRowCodecTests {
    /// Every character JSON escapes or could be mistaken for one, alone and together.
    static let awkward: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
            "\u{7F}", "\"", "\\", "/", "\\/", "é", "e\u{301}", "日本", "👍🏽", "👨‍👩‍👧", "\u{2028}\u{2029}", "\u{FEFF}",
            "\u{10FFFF}", "", " ", "a\r\nb", "\\u0041", "\"/*\"",
            "https://shop.test/caf\u{E9}/\u{1}\u{1F}\u{7F}?q=\"x\"&r=\\#/frag",
        ]
    static let allAwkward = awkward.joined()

    static func rule(_ text: String, format: AASADocument.RuleFormat = .components, number: Int = 3) -> RuleReference {
        RuleReference(
            detailsIndex: number, ruleIndex: number * 7, format: format,
            pointer: "/applinks/details/\(number)/~1\(text)",
            rule: text, line: number * 1_000, column: number + 10)
    }

    static let verdictSets: [[AppVerdict]] = [
        [],
        [AppVerdict(appID: "A.b", result: .noMatch, rule: nil, reason: "no rule matched")],
        [
            AppVerdict(
                appID: "9JA89QQLNQ.com.acme.shop", result: .match, rule: rule(#"{"/": "/shoes/*"}"#), reason: "r"),
            AppVerdict(
                appID: "9JA89QQLNQ.com.acme.beta", result: .exclude,
                rule: rule(#"{"/": "/a\"b\\c/*", "exclude": true}"#, number: 0), reason: "excluded \"here\""),
            AppVerdict(appID: "X.y", result: .noMatch, rule: nil, reason: allAwkward),
            AppVerdict(
                appID: allAwkward, result: .match, rule: rule("NOT /😀/*\t\n", format: .paths, number: 12), reason: ""),
        ],
        [
            AppVerdict(appID: "X.y", result: .noMatch, rule: nil, reason: "no rule matched"),
            AppVerdict(
                appID: "9JA89QQLNQ.com.acme.beta", result: .exclude,
                rule: rule(#"{"/": "/private/*", "exclude": true}"#, number: 1), reason: "excluded"),
            AppVerdict(appID: "A.b", result: .match, rule: rule(#"{"/": "/*"}"#, number: 2), reason: "matched"),
        ],
    ]

    /// Every combination of the optional members, each verdict set, and every awkward string in every string.
    static func rows() -> [URLReport] {
        var rows: [URLReport] = []
        for mask in 0..<256 {
            for verdicts in verdictSets {
                rows.append(
                    URLReport(
                        url: "https://shop.test/\(mask)", foundOn: mask & 1 != 0 ? "https://shop.test/" : nil,
                        httpStatus: mask & 2 != 0 ? [200, 0, -1, 404, Int.max, Int.min][mask % 6] : nil,
                        verdicts: verdicts, opensApp: mask & 4 != 0 ? "9JA89QQLNQ.com.acme.shop" : nil,
                        note: mask & 8 != 0 ? "other host: recorded, not crawled" : nil,
                        redirectTo: mask & 16 != 0 ? "https://shop.test/next?a=1&b=\"2\"" : nil,
                        depth: mask & 32 != 0 ? [0, 1, 9, 10, 60, Int.max][mask % 6] : nil,
                        inlinks: mask & 64 != 0 ? [0, 1, 9, 10, 100_000, Int.max][mask % 6] : nil,
                        anchorText: mask & 128 != 0 ? "Shoes & \"hats\", on sale" : nil))
            }
        }
        for text in awkward + [allAwkward] {
            rows.append(
                URLReport(
                    url: text, foundOn: text, httpStatus: 7,
                    verdicts: [AppVerdict(appID: text, result: .exclude, rule: rule(text), reason: text)],
                    opensApp: text, note: text, redirectTo: text, depth: 3, inlinks: 2, anchorText: text))
            // An unknown answer: `opens` is null and the reason is written.
            rows.append(
                URLReport(
                    url: text, foundOn: text, httpStatus: nil, verdicts: [], opensApp: nil, note: text,
                    unknownReason: text))
            rows.append(
                URLReport(
                    url: text, foundOn: nil, httpStatus: nil, verdicts: [], opensApp: nil, note: text,
                    android: .init(opens: true, package: text, rule: text)))
            rows.append(
                URLReport(
                    url: text, foundOn: nil, httpStatus: nil, verdicts: [], opensApp: nil, note: nil,
                    unknownReason: text, android: .init(opens: nil, package: text, rule: nil, unknownReason: text)))
        }
        // Rows judged for Android (`--android-manifest`): each answer beside a spread of the rows above.
        for mask in stride(from: 0, to: 256, by: 17) {
            for (position, android) in androidAnswers.enumerated() {
                var row = rows[mask * verdictSets.count + position % verdictSets.count]
                row.android = android
                rows.append(row)
            }
        }
        return rows
    }

    /// Android answers of every shape: yes, no, unknown with why, and members missing.
    static let androidAnswers: [URLReport.Android] = [
        .init(
            opens: true, package: "com.acme.shop",
            rule: "intent-filter AndroidManifest.xml:8 (.ShopActivity), scheme https, host shop.example.com "
                + "(<data> line 13), pathPrefix=\"/products/\" (<data> line 15)"),
        .init(
            opens: false, package: "com.acme.shop",
            rule: "intent-filter AndroidManifest.xml:8, dynamic rule https://shop.test/.well-known/assetlinks.json#"
                + "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"),
        .init(opens: false, package: nil, rule: nil),
        .init(
            opens: nil, package: "com.acme.shop", rule: nil,
            unknownReason: "the assetlinks.json of shop.test was not read"),
        .init(opens: true, package: allAwkward, rule: allAwkward, unknownReason: nil),
        .init(opens: nil, package: nil, rule: allAwkward, unknownReason: allAwkward),
    ]

    /// JSONEncoder's text for `value`, with every line after the first indented `depth` levels (not the blank
    /// line of an empty container), as it appears nested that deep.
    static func encoded(_ value: some Encodable, depth: Int) throws -> String {
        let text = String(decoding: try JSONOutput.encoder().encode(value), as: UTF8.self)
        let pad = String(repeating: "  ", count: depth)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : pad + $0.element }
            .joined(separator: "\n")
    }

    static func handWritten(_ value: some JSONRecord, depth: Int) -> String {
        var out: [UInt8] = []
        value.writeJSON(to: &out, layout: .pretty(depth))
        return String(decoding: out, as: UTF8.self)
    }

    /// Every value written by hand and by JSONEncoder at `depth`; the first that differs is shown whole, so one
    /// slip does not bury the output under hundreds of failures.
    static func expectSame<Value: JSONRecord>(
        _ values: [Value], depth: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var differing: [(handWritten: String, encoded: String)] = []
        for value in values {
            let pair = (handWritten(value, depth: depth), try encoded(value, depth: depth))
            if pair.0 != pair.1 { differing.append(pair) }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(values.count) differ", sourceLocation: sourceLocation)
        if let first = differing.first {
            #expect(first.handWritten == first.encoded, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [0, 1, 2, 5])
    func everyRowIsJSONEncodersBytesAtEveryDepth(depth: Int) throws {
        try Self.expectSame(Self.rows(), depth: depth)
    }

    /// The members worked out from the verdicts (`opens`, `apps`, `rule`, `ruleLocation`) take every shape in the
    /// rows above, awkward text included, and are written with the values urls.csv shows.
    @Test func derivedMembersTakeEveryShapeAndHoldTheirValues() throws {
        let rows = Self.rows()
        #expect(rows.contains { $0.opens } && rows.contains { !$0.opens } && rows.contains(where: \.unknown))
        #expect(rows.contains { $0.apps.isEmpty } && rows.contains { $0.apps.count == 1 })
        #expect(rows.contains { $0.apps.count == 2 && $0.apps.contains(Self.allAwkward) })
        #expect(rows.contains { $0.decidingRule == nil })
        #expect(rows.contains { !$0.opens && $0.decidingRule?.rule.contains("exclude") == true })
        #expect(rows.contains { $0.decidingRule?.rule == Self.allAwkward })
        #expect(rows.contains { $0.decidingRule?.pointer.contains(Self.allAwkward) == true })
        // JSONDecoder, not JSONSerialization: the latter drops a leading U+FEFF from a string.
        for row in rows {
            let written = try JSONDecoder().decode(Derived.self, from: Data(Self.handWritten(row, depth: 0).utf8))
            #expect(written.opens == (row.unknown ? nil : row.opensApp != nil))
            #expect(written.apps == row.verdicts.filter { $0.result == .match }.map(\.appID))
            #expect(written.rule == row.decidingRule?.rule && written.ruleLocation == row.decidingRule?.pointer)
        }
    }

    /// A row judged for Android writes all four Android members (null where unknown or missing); any other row none
    /// of them, so a run without `--android-manifest` writes the bytes it wrote before.
    @Test func androidMembersAreWrittenExactlyWhenTheRowWasJudgedForAndroid() throws {
        var judged = 0
        for row in Self.rows() {
            let text = Self.handWritten(row, depth: 1)
            // JSONDecoder, not JSONSerialization: the latter drops a leading U+FEFF from a string.
            let written = try JSONDecoder().decode(AndroidMembers.self, from: Data(text.utf8))
            if let android = row.android {
                judged += 1
                #expect(written.present == 4)
                #expect(written.answer == android)
            } else {
                #expect(written.present == 0 && !text.contains("ndroid"), "\(text)")
            }
        }
        #expect(judged > 90)
    }

    /// The Android members as written: how many of the four are there, and their values.
    struct AndroidMembers: Decodable {
        var present: Int
        var answer: URLReport.Android

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: JSONKey.self)
            let keys = ["opensAndroid", "androidPackage", "androidRule", "androidUnknownReason"].map(JSONKey.init)
            present = keys.filter(c.contains).count
            answer = URLReport.Android(
                opens: try c.decodeIfPresent(Bool.self, forKey: keys[0]),
                package: try c.decodeIfPresent(String.self, forKey: keys[1]),
                rule: try c.decodeIfPresent(String.self, forKey: keys[2]),
                unknownReason: try c.decodeIfPresent(String.self, forKey: keys[3]))
        }
    }

    /// The derived members as written, each required (a missing one is an error, not nil).
    struct Derived: Decodable {
        enum Keys: String, CodingKey { case opens, apps, rule, ruleLocation }

        /// Null for an unknown answer.
        var opens: Bool?
        var apps: [String]
        var rule: String?
        var ruleLocation: String?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            opens = try c.decode(Bool?.self, forKey: .opens)
            apps = try c.decode([String].self, forKey: .apps)
            rule = try c.decode(String?.self, forKey: .rule)
            ruleLocation = try c.decode(String?.self, forKey: .ruleLocation)
        }
    }

    @Test func verdictsAndRulesAloneAreJSONEncodersBytesToo() throws {
        let verdicts = Array(Self.verdictSets.joined())
        try Self.expectSame(verdicts, depth: 3)
        try Self.expectSame(verdicts.compactMap(\.rule), depth: 1)
    }

    /// Random Unicode text (a fixed seed: a failure reproduces) in every string of a row.
    @Test func randomTextIsEscapedAsJSONEncoderEscapesIt() throws {
        var random = SplitMix(seed: 14)
        let ranges: [ClosedRange<UInt32>] = [
            0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        func text() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 40) {
                let range = ranges[Int(random.next() % UInt64(ranges.count))]
                let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
                scalars.append(UnicodeScalar(value)!)
            }
            return String(scalars)
        }
        let results: [MatchResult] = [.match, .exclude, .noMatch]
        let rows = (0..<300).map { _ in
            URLReport(
                url: text(), foundOn: text(), httpStatus: Int(truncatingIfNeeded: random.next()),
                verdicts: (0..<Int(random.next() % 3)).map { _ in
                    AppVerdict(
                        appID: text(), result: results[Int(random.next() % 3)],
                        rule: random.next() % 2 == 0 ? nil : Self.rule(text()), reason: text())
                },
                opensApp: text(), note: text())
        }
        try Self.expectSame(rows, depth: 2)
    }

    /// Objects inside objects inside arrays, with URL tables at each level: the rows land at several depths.
    struct Nest: StreamedJSONObject {
        var name: String
        var children: [Nest]
        var urls: URLTable
        var mixed: [URLReport]
    }

    @Test func theStreamedWriterTakesTheFastPathAndWritesJSONEncodersBytes() throws {
        #expect((Self.rows()[0] as any Encodable) is any JSONRecord, "URL rows skip JSONEncoder")
        let rows = Self.rows()
        // Enough rows to cross the writer's flush size.
        var many = URLTable()
        while many.count < 768 { for row in rows { many.append(row) } }
        let leaf = Nest(name: "leaf", children: [], urls: URLTable(Array(rows.prefix(5))), mixed: [])
        let middle = Nest(name: "middle", children: [leaf, leaf], urls: URLTable(), mixed: Array(rows.suffix(3)))
        let top = Nest(name: Self.allAwkward, children: [middle, leaf], urls: many, mixed: rows)
        var streamed = Data()
        try JSONOutput.write(top, into: { streamed.append($0) })
        #expect(streamed.count > 2 * StreamedJSONWriter.flushSize)
        let expected = try JSONOutput.encoder().encode(top)
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    /// A file whose rules hold quotes, backslashes, control characters, non-ASCII and emoji: crawled rows judged
    /// by it carry that text, escaped as the file's JSON, in their rule references.
    static let awkwardFile = Array(
        """
        {"applinks": {"details": [
          {"appIDs": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.beta"],
           "components": [{"/":\t"/a\\"b\\\\c/*", "exclude": true},
                          {"/": "/caf\\u00e9/*",
                           "#": "x\\ty"}, {"/": "/日本/*", "comment": "👍🏽 \\u0001\\u001f\\u007f"}, {"/": "/*"}]},
          {"appIDs": ["ABCDE12345.com.acme.old"], "paths": ["NOT /😀/*", "/*"]}]}}
        """.utf8)

    @Test func aWholeReportIsJSONEncodersBytes() throws {
        var crawled = URLTable()
        for path in ["a\"b\\c/1", "caf%C3%A9/x#x%09y", "日本/1", "😀/x", "other", "", "%00/\u{7F}"] {
            crawled.append(
                url: "https://shop.test/\(path)", foundOn: "https://shop.test/\u{1}", httpStatus: 200, note: nil)
        }
        crawled.append(url: "https://elsewhere.test/", foundOn: nil, httpStatus: nil, note: .text("\u{0}\u{7F}"))
        crawled.judge(host: "shop.test", by: Matcher(try #require(DecodedFile(bytes: Self.awkwardFile).document)))
        let ruleTexts = Set(crawled.flatMap { $0.verdicts.compactMap { $0.rule?.rule } })
        #expect(ruleTexts.contains { $0.contains(#"\"b\\c"#) } && ruleTexts.contains { $0.contains("日本") })
        #expect(ruleTexts.contains { $0.contains("😀") } && ruleTexts.contains { $0.contains(#"\u0001\u001f\#u{7F}"#) })
        #expect(crawled.contains { $0.verdicts.contains { $0.result == .exclude } })
        var report = try ReportReaderTests.report()
        report.domains.append(
            DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: crawled, file: Self.allAwkward)
        )
        // A row keeps a status, a depth and a count within what its fields hold (-1 and Int.max as none or at the
        // top), all of which the reader reads back; it refuses the others as numbers from a tampered file.
        report.domains.append(
            DomainReport(domain: "given.test", fetches: [], apps: [], findings: [], urls: URLTable(Self.rows())))
        let written = try report.json()
        #expect(
            String(decoding: written, as: UTF8.self)
                == String(decoding: try JSONOutput.encoder().encode(report), as: UTF8.self))
        let back = try AuditReport.decode(written)
        #expect(Array(back.domains[3].urls) == Array(report.domains[3].urls), "read back")
    }

    /// A kept row is where its URL and href are, then the crawl's facts as a `URLReport` holds them, with no padding:
    /// a crawl keeps one per URL, so each byte of it is 100 KB of a 100,000-URL crawl's peak memory. 80 bytes: two
    /// spans of one word each, and the facts' three strings, notes and one word of packed numbers (before the
    /// content type it was 88, with it 104; three `UInt32` spans and three `Int`s were 24 bytes more).
    @Test func aKeptRowIsItsSpansAndItsFacts() {
        #expect(MemoryLayout<URLBytes.Span>.size == 8)
        #expect(MemoryLayout<URLFacts>.stride == 64)
        #expect(
            MemoryLayout<URLTable.Stored>.stride == 2 * MemoryLayout<URLBytes.Span>.size + MemoryLayout<URLFacts>.stride
        )
        #expect(MemoryLayout<URLTable.Stored>.stride == 80)
    }

    /// Every stored property of a row (its crawl facts' among them), a verdict and a rule reference is one of its JSON
    /// members (a row's `notes` as `note`, its `android` as `opensAndroid` and the three beside it, the facts' packed
    /// numbers as the members they are read as): a property added without its line in `jsonFields` would be dropped
    /// from report.json and domains.jsonl without a word.
    @Test func everyStoredPropertyIsAMember() {
        func check<Record: JSONRecord>(
            _ type: Record.Type, _ value: Any? = nil, renamed: [String: String] = [:], expanded: Set<String> = []
        ) {
            let members = Set(Record.jsonFields.declared.map(\.name.description))
            for property in Mirror(reflecting: value ?? Record.jsonBlank).children.compactMap(\.label)
            where !expanded.contains(property) {
                #expect(members.contains(renamed[property] ?? property), "\(Record.self).\(property)")
            }
        }
        check(URLReport.self, renamed: ["notes": "note", "android": "opensAndroid"], expanded: ["facts"])
        check(URLReport.self, URLReport.jsonBlank.facts, renamed: ["notes": "note"], expanded: ["numbers"])
        // The packed numbers, each its own member.
        let members = Set(URLReport.jsonFields.declared.map(\.name.description))
        #expect(Mirror(reflecting: URLReport.jsonBlank.facts).children.contains { $0.label == "numbers" })
        #expect(["httpStatus", "depth", "inlinks"].allSatisfy(members.contains))
        check(AppVerdict.self)
        check(RuleReference.self)
    }

    // Reading.

    static func decoded(_ bytes: [UInt8]) -> URLReport? {
        try? JSONOutput.decoder().decode(URLReport.self, from: Data(bytes))
    }

    /// Every row of the writer's tests, as report.json writes it (indented), as domains.jsonl writes it (compact)
    /// and as JSONEncoder writes it with escaped slashes and no sorting.
    @Test func everyWrittenRowReadsAsJSONDecoderReadsIt() throws {
        let plain = JSONEncoder()
        var read = 0
        for row in Self.rows() {
            var indented: [UInt8] = []
            row.writeJSON(to: &indented, layout: .pretty(3))
            var compact: [UInt8] = []
            row.writeJSON(to: &compact, layout: .compact)
            let other = Array(try plain.encode(row))
            for text in [indented, compact, other] {
                let fromBytes = URLReport.read(jsonBytes: text)
                #expect(
                    fromBytes != nil,
                    "a written row is read by the byte reader: \(String(decoding: text, as: UTF8.self).debugDescription)"
                )
                #expect(fromBytes == Self.decoded(text) && fromBytes == row)
                read += 1
            }
            let opened = URLReport.read(jsonBytes: compact, only: URLReport.baselineFields)
            #expect(opened?.url == row.url && opened?.opensApp == row.opensApp)
        }
        #expect(read > 3_000)
    }

    /// Text the writer never produces: the byte reader either reads it as JSONDecoder does or leaves it to it.
    @Test(arguments: [
        #"{"url":"a","verdicts":[],"httpStatus":200.0}"#,
        #"{"url":"a","verdicts":[],"httpStatus":2e2}"#,
        #"{"url":"a","verdicts":[],"httpStatus":"200"}"#,
        #"{"url":"a","verdicts":[],"httpStatus":99999999999999999999}"#,
        #"{"url":"a","verdicts":[],"httpStatus":70000}"#,
        #"{"url":"a","verdicts":[],"httpStatus":0}"#,
        #"{"url":"a","verdicts":[],"inlinks":5000000000}"#,
        #"{"url":"a","verdicts":[],"depth":134217727}"#,
        #"{"url":"a","verdicts":[],"depth":-1}"#,
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
        if let fromBytes = URLReport.read(jsonBytes: bytes) {
            #expect(fromBytes == Self.decoded(bytes), "read by the byte reader but not as JSONDecoder reads it")
        }
    }

    /// Rows judged for Android read back with their answers; `"opensAndroid": null` without a reason is unknown all
    /// the same, and Android members without `opensAndroid` are not an answer, by either reader.
    @Test func androidAnswersReadBackByBothReaders() throws {
        let judged = Self.rows().filter { $0.android != nil }
        #expect(judged.count > 90)
        for row in judged {
            var text: [UInt8] = []
            row.writeJSON(to: &text, layout: .compact)
            #expect(URLReport.read(jsonBytes: text)?.android == row.android)
            #expect(Self.decoded(text)?.android == row.android)
        }
        for text in [
            #"{"url":"a","verdicts":[],"opensAndroid":null}"#,
            #"{"url":"a","verdicts":[],"opensAndroid":null,"androidUnknownReason":null}"#,
        ] {
            let expected = URLReport.Android(
                opens: nil, package: nil, rule: nil, unknownReason: URLReport.unknownWithoutReason)
            #expect(URLReport.read(jsonBytes: Array(text.utf8))?.android == expected)
            #expect(Self.decoded(Array(text.utf8))?.android == expected)
        }
        let stray = Array(#"{"url":"a","verdicts":[],"androidPackage":"p","androidRule":"r"}"#.utf8)
        #expect(URLReport.read(jsonBytes: stray)?.android == nil && Self.decoded(stray)?.android == nil)
        #expect(URLReport.read(jsonBytes: stray) != nil)
    }

    /// Written rows with one byte changed, dropped or doubled (a fixed sequence, so a failure repeats): whatever
    /// the byte reader takes, JSONDecoder reads the same.
    @Test func mutatedRowsAreReadAsJSONDecoderReadsThemOrLeftToIt() throws {
        var generator = SplitMix(seed: 19)
        let interesting = Array(#"{}[],:"\/u0 -.e1tfn"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var taken = 0
        var differing: [String] = []
        let rows = Self.rows()
        for row in rows.prefix(400) + rows.filter({ $0.android != nil }).prefix(60) {
            var text: [UInt8] = []
            row.writeJSON(to: &text, layout: .pretty(0))
            for _ in 0..<12 {
                var mutated = text
                let at = Int(generator.next() % UInt64(mutated.count))
                switch generator.next() % 3 {
                case 0: mutated[at] = interesting[Int(generator.next() % UInt64(interesting.count))]
                case 1: mutated.remove(at: at)
                default: mutated.insert(mutated[at], at: at)
                }
                guard let fromBytes = URLReport.read(jsonBytes: mutated) else { continue }
                taken += 1
                if fromBytes != Self.decoded(mutated) { differing.append(String(decoding: mutated, as: UTF8.self)) }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first ?? "")")
        #expect(taken > 100, "some mutations still have the plain shape")
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        let bytes = Array(#"{"url":"a"#.utf8) + [0xFF] + Array(#"","verdicts":[]}"#.utf8)
        #expect(URLReport.read(jsonBytes: bytes) == nil)
        #expect(URLReport.read(jsonBytes: bytes, only: URLReport.baselineFields) == nil)
    }

    /// The shapes the reader must take, so the fast path is the one a real report takes.
    @Test func plainShapesAreReadByHand() {
        #expect(
            URLReport.read(jsonBytes: Array(#"{"url":"a","verdicts":[],"url":"b"}"#.utf8)) == nil,
            "JSONDecoder keeps the first")
        #expect(URLReport.read(jsonBytes: Array(#"{"url":"é\/\ud83d\ude00","verdicts":[]}"#.utf8))?.url == "é/😀")
        #expect(URLReport.read(jsonBytes: Array(#"{"url":"a","verdicts":[],"later":{"x":[1,true,null]}}"#.utf8)) != nil)
    }
}

/// A small seeded generator (SplitMix64), so random cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
