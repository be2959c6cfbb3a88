import AASA
import Foundation
import Testing

@testable import Audit

/// URL rows judged when read, and report.json streamed around them: both must say exactly what building every
/// verdict up front and handing the whole report to JSONEncoder would.
@Suite struct URLTableTests {
    static let shopFile = Array(
        #"""
        {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.beta"],
          "components": [{"/": "/shoes/*", "#": "nolink", "exclude": true}, {"/": "/shoes/*"}, {"/": "/help/*"}]}]}}
        """#.utf8)
    static let blogFile = Array(
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.acme.blog"], "paths": ["/post/*"]}]}}"#.utf8)

    static func matcher(_ file: [UInt8]) throws -> Matcher {
        Matcher(try #require(DecodedFile(bytes: file).document))
    }

    static func table() throws -> URLTable {
        var urls = URLTable()
        urls.append(url: "https://shop.test/shoes/1", foundOn: "https://shop.test/", httpStatus: 200, note: nil)
        urls.append(
            url: "https://shop.test/shoes/1#nolink", foundOn: "https://shop.test/", httpStatus: 200, note: .text("x"))
        urls.append(url: "https://shop.test/about", foundOn: nil, httpStatus: 404, note: nil)
        urls.append(
            url: "https://SHOP.test/help/a", foundOn: "sitemap https://shop.test/sitemap.xml", httpStatus: nil,
            note: nil)
        urls.append(
            url: "https://blog.test/post/1", foundOn: "https://shop.test/shoes/1", httpStatus: nil,
            note: .text("other host: recorded, not crawled"))
        urls.append(
            url: "https://elsewhere.test/\u{1}\"q\"\\", foundOn: "https://shop.test/", httpStatus: nil,
            note: .text("\t\n"))
        urls.judge(host: "shop.test", by: try matcher(shopFile))
        urls.judge(host: "blog.test", by: try matcher(blogFile))
        return urls
    }

    /// A crawl's row on a host whose file was not read is unknown, with why, and counted apart; the crawled site's
    /// rows without a file, and a host known to serve none, open nothing; a host left unknown for a reason says it.
    @Test func rowsOnHostsWhoseFileWasNotReadAreUnknownNotNo() throws {
        var urls = try Self.table()
        urls.append(url: "https://nofile.test/a", foundOn: nil, httpStatus: nil, note: nil)
        urls.append(url: "https://refused.test/a", foundOn: nil, httpStatus: nil, note: nil)
        urls.append(url: "https://127.0.0.1/a", foundOn: nil, httpStatus: nil, note: nil)
        urls.crawled("shop.test")
        urls.servesNoFile("nofile.test")
        urls.leaveUnknown("refused.test", because: "refused here")
        let rows = Dictionary(uniqueKeysWithValues: urls.map { ($0.url, $0) })
        #expect(rows["https://blog.test/post/1"]?.opensApp == "ABCDE12345.com.acme.blog")
        #expect(rows["https://shop.test/about"]?.answer == "no")
        #expect(rows["https://nofile.test/a"]?.answer == "no")
        let elsewhere = try #require(
            rows["https://elsewhere.test/%01%22q%22/"] ?? urls.first { $0.url.contains("elsewhere") })
        #expect(elsewhere.answer == "unknown" && elsewhere.unknownReason == URLTable.notReadReason("elsewhere.test"))
        #expect(elsewhere.verdicts.isEmpty && elsewhere.note == "\t\n", "the row's own note is kept apart")
        #expect(rows["https://refused.test/a"]?.unknownReason == "refused here")
        #expect(rows["https://127.0.0.1/a"]?.unknownReason == "127.0.0.1 is an IP address, whose file is never fetched")
        let tally = urls.tally()
        #expect(tally.unknown == 3 && tally.tested == 5 && tally.opening == urls.filter(\.opens).count)
        #expect(
            urls.hostsInOrder() == [
                "shop.test", "blog.test", "elsewhere.test", "nofile.test", "refused.test", "127.0.0.1",
            ])
        // Without `crawled` (a table no crawl made) a row no file judges opens nothing, as before.
        #expect(try Self.table().allSatisfy { !$0.unknown })
    }

    @Test func crawlFactsKeepTheShortestDepthTheTextAndPageGivenAndEveryInlink() throws {
        var urls = URLTable()
        urls.append(url: "https://shop.test/a", foundOn: "sitemap https://shop.test/s.xml", httpStatus: nil, note: nil)
        urls.append(url: "https://shop.test/b", foundOn: "https://shop.test/", httpStatus: 301, note: nil, depth: 4)
        for position in 0..<4_096 + 2 where position > 1 {
            urls.append(url: "https://shop.test/\(position)", foundOn: nil, httpStatus: nil, note: nil)
        }
        #expect(urls.depth(at: 0) == nil && urls.depth(at: 1) == 4)
        urls.reached(depth: 6, at: 0)
        urls.reached(depth: 2, at: 1)
        urls.reached(depth: 3, at: 1)
        urls.setAnchorText("first", at: 1)
        urls.setAnchorText("chosen", at: 1)
        urls.setFoundOn("https://shop.test/chosen", href: "../b", at: 1)
        urls.setFoundOn("https://shop.test/chosen", href: "../b", at: 4_096 + 1)
        urls.setFoundOn("https://shop.test/", href: nil, at: 2)
        urls.addInlink(at: 1)
        urls.addInlink(at: 1)
        urls.setRedirect("https://shop.test/c", at: 1)
        let last = 4_096 + 1  // past the first chunk of rows
        urls.addInlink(at: last)
        urls.reached(depth: 1, at: last)
        #expect(urls[0].depth == 6 && urls[0].inlinks == 0 && urls[0].anchorText == nil && urls[0].redirectTo == nil)
        #expect(urls[1].depth == 2 && urls[1].inlinks == 2 && urls[1].anchorText == "chosen")
        #expect(urls[1].foundOn == "https://shop.test/chosen" && urls[0].foundOn == "sitemap https://shop.test/s.xml")
        #expect(urls[1].href == "../b" && urls[last].href == "../b" && urls[last].foundOn == "https://shop.test/chosen")
        #expect(urls[2].href == nil && urls[2].foundOn == "https://shop.test/")
        #expect(urls[1].redirectTo == "https://shop.test/c")
        #expect(urls[last].inlinks == 1 && urls[last].depth == 1, "the open chunk as well as sealed ones")
        // Given rows keep theirs, and a row read back from a baseline knows none.
        var given = URLTable([urls[1]])
        given.append(given: "https://shop.test/x", opensApp: nil)
        #expect(given[0] == urls[1])
        #expect(given[1].inlinks == nil && given[1].depth == nil && given[1].redirectTo == nil)
    }

    /// The crawl picks a row's linking page by this order, so it must be plain byte order: a prefix first, bytes
    /// past ASCII after it, and URLs held in different chunks of bytes (a URL of a megabyte has one of its own).
    @Test func urlsCompareInByteOrderAcrossChunks() {
        var urls = URLTable()
        let long = "https://shop.test/" + String(repeating: "m", count: 1 << 20)
        let listed = [
            "https://shop.test/", "https://shop.test/a", "https://shop.test/ab", "https://shop.test/b", long,
            "https://shop.test/é", "https://shop.test/A", "https://shop.test/mm",
        ]
        for url in listed { urls.append(url: url, foundOn: nil, httpStatus: nil, note: nil) }
        let bytes = listed.map { Array($0.utf8) }
        for a in listed.indices {
            for b in listed.indices {
                #expect(
                    urls.urlPrecedes(a, b) == bytes[a].lexicographicallyPrecedes(bytes[b]),
                    "\(listed[a].prefix(24)) vs \(listed[b].prefix(24))")
            }
        }
    }

    @Test func rowsAreJudgedByTheirHostsFileWhenRead() throws {
        let urls = try Self.table()
        let shop = try Self.matcher(Self.shopFile)
        #expect(urls[0].verdicts == shop.verdicts(for: "https://shop.test/shoes/1").verdicts)
        #expect(urls[0].opensApp == "9JA89QQLNQ.com.acme.shop")
        #expect(urls[0].note == URLTable.sameDomainNote, "a same-domain link that opens the app says TN3155")
        #expect(urls[1].verdicts.allSatisfy { $0.result == .exclude } && urls[1].note == "x")
        #expect(urls[2].opensApp == nil && urls[2].verdicts.allSatisfy { $0.result == .noMatch })
        #expect(urls[3].opensApp == "9JA89QQLNQ.com.acme.shop" && urls[3].note == nil, "found in a sitemap: no note")
        #expect(urls[4].opensApp == "ABCDE12345.com.acme.blog", "another audited site's file judges its URLs")
        #expect(urls[4].note == "other host: recorded, not crawled")
        #expect(urls[5].verdicts.isEmpty && urls[5].opensApp == nil, "a host nobody audited gets no verdict")
    }

    @Test func talliesAndRuleCountsAgreeWithTheVerdictsRead() throws {
        let urls = try Self.table()
        let tally = urls.tally()
        #expect(tally.tested == urls.filter { !$0.verdicts.isEmpty }.count)
        #expect(tally.opening == urls.filter { $0.opensApp != nil }.count)
        var expected: [String: Int] = [:]
        for url in urls where PreparedURL.host(of: url.url) == "shop.test" {
            for pointer in Set(url.verdicts.compactMap { $0.rule?.pointer }) { expected[pointer, default: 0] += 1 }
        }
        #expect(urls.ruleCounts(host: "shop.test") == expected)
        #expect(expected["/applinks/details/0/components/0"] == 1 && expected["/applinks/details/0/components/1"] == 1)
        #expect(urls.appIDs() == ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.beta", "ABCDE12345.com.acme.blog"])
    }

    @Test func talliesFollowChangesAndCopiesKeepTheirOwn() throws {
        let a = try Self.table()
        var b = a
        b.append(url: "https://shop.test/shoes/9", foundOn: nil, httpStatus: nil, note: nil)
        #expect(a.tally().opening == 3 && b.tally().opening == 4, "a copy changed before either was counted")
        var c = b
        #expect(c.tally().opening == 4)
        c.append(url: "https://shop.test/help/z", foundOn: nil, httpStatus: nil, note: nil)
        #expect(c.tally().opening == 5 && b.tally().opening == 4, "a copy changed after both were counted")
        c.judge(host: "elsewhere.test", by: try Self.matcher(Self.blogFile))
        #expect(c.tally().tested == c.count, "a new judge is counted")
    }

    /// Rows, counts and copies share one matching of each row; a new judge, a changed row or a signal that makes the
    /// table unjudged is seen at the next read, and a copy changed apart keeps the original's answers.
    @Test func eachRowIsMatchedOnceUntilTheTableChanges() throws {
        var urls = try Self.table()
        let judged = 5  // four rows on shop.test, one on blog.test
        let rows = Array(urls)
        _ = (urls.tally(), urls.appCounts(), urls.ruleCounts(host: "shop.test"), Array(urls))
        #expect(urls.evaluations == judged)
        let copy = urls
        #expect(Array(copy) == rows && copy.evaluations == judged, "a copy shares what was worked out")
        urls.judge(host: "elsewhere.test", by: try Self.matcher(Self.blogFile))
        #expect(urls[5].verdicts.map(\.appID) == ["ABCDE12345.com.acme.blog"], "a judge added after a read judges")
        #expect(urls.evaluations == judged + 1 && urls.tally().tested == judged + 1)
        #expect(Array(copy) == rows && copy.evaluations == judged, "the copy kept its own answers")
        urls.append(url: "https://blog.test/post/2", foundOn: nil, httpStatus: nil, note: nil)
        #expect(urls[6].opensApp == "ABCDE12345.com.acme.blog" && urls.evaluations == judged + 2)

        // A table too big to judge once a signal came: read judged before it, unjudged after, matched no more.
        let stop = StopSignal()
        var big = URLTable()
        big.stop = stop
        for i in 0..<(URLTable.judgedAfterStop / 20 + 1) {
            big.append(url: "https://shop.test/shoes/\(i)", foundOn: nil, httpStatus: nil, note: nil)
        }
        big.judge(host: "shop.test", by: try Self.matcher(Self.shopFile))
        #expect(big[0].opensApp == "9JA89QQLNQ.com.acme.shop" && big.evaluations == big.count)
        stop.request()
        #expect(big[0].opensApp == nil && big[0].unknownReason == StopSignal.unjudgedNote)
        #expect(big.appCounts().isEmpty && big.evaluations == big.count)
    }

    @Test func aBaselineKeepsWhichAppEachURLOpenedAndFlipsAreFound() throws {
        let before = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [],
            domains: [DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: try Self.table())])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        try before.json().write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let baseline = try AuditReport.baseline(at: path.path)
        let urls = baseline.domains[0].urls
        #expect(urls.map(\.url) == before.domains[0].urls.map(\.url))
        #expect(urls.map(\.opensApp) == before.domains[0].urls.map(\.opensApp))
        #expect(urls.allSatisfy { $0.verdicts.isEmpty }, "verdicts are not read back for a baseline")
        #expect(baseline.domains[0].findings == before.domains[0].findings && baseline.summary.domains == 1)
        // Not our layout (minified): the same streamed reader gives the same.
        let minified = FileManager.default.temporaryDirectory.appendingPathComponent("min-\(UUID().uuidString).json")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(before).write(to: minified)
        defer { try? FileManager.default.removeItem(at: minified) }
        let general = try AuditReport.baseline(at: minified.path).domains[0].urls
        #expect(general.map(\.url) == urls.map(\.url) && general.map(\.opensApp) == urls.map(\.opensApp))
        var now = before
        var table = URLTable()
        table.append(url: "https://shop.test/shoes/1", foundOn: nil, httpStatus: 200, note: nil)
        table.judge(host: "shop.test", by: try Self.matcher(Self.blogFile))
        now.domains[0].urls = table
        let flips = Changes.compare(baseline, now, baseline: path.path).verdictFlips
        #expect(flips.map(\.url) == ["https://shop.test/shoes/1"] && flips.first?.after == nil)
    }

    /// A report written before URLs were canonical named a page as it was linked: read with today's parser it is the
    /// same URL, so its verdict is compared with today's (no flip when it is the same, a flip when it changed) rather
    /// than the row going unmatched.
    @Test func aBaselineURLIsCanonicalisedBeforeItIsCompared() throws {
        func report(_ url: String, opens: Bool) throws -> AuditReport {
            var table = URLTable()
            table.append(url: url, foundOn: nil, httpStatus: 200, note: nil)
            table.judge(host: "shop.test", by: try Self.matcher(opens ? Self.shopFile : Self.blogFile))
            return AuditReport(
                version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
                interrupted: false, notAudited: [],
                domains: [DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: table)])
        }
        let old = try report("https://shop.test:443/shoes/./1", opens: true)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("canon-\(UUID().uuidString).json")
        try old.json().write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let baseline = try AuditReport.baseline(at: path.path)
        let same = try report("https://shop.test/shoes/1", opens: true)
        #expect(Changes.compare(baseline, same, baseline: path.path).verdictFlips.isEmpty)
        let flipped = try report("https://shop.test/shoes/1", opens: false)
        #expect(
            Changes.compare(baseline, flipped, baseline: path.path).verdictFlips.map(\.url) == [
                "https://shop.test/shoes/1"
            ])
    }

    @Test func streamedReportJSONIsByteForByteWhatJSONEncoderWrites() throws {
        let crawled = DomainReport(
            domain: "shop.test", fetches: [], apps: [], findings: [], urls: try Self.table(), file: "{}")
        let given = DomainReport(
            domain: "given.test", fetches: [], apps: [], findings: [],
            urls: URLTable([
                URLReport(
                    url: "https://given.test/", foundOn: nil, httpStatus: 200,
                    verdicts: [AppVerdict(appID: "A.b", result: .noMatch, rule: nil, reason: "r")], opensApp: nil,
                    note: nil)
            ]))
        let empty = DomainReport(domain: "empty.test", fetches: [], apps: [], findings: [])
        let report = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [], domains: [crawled, empty, given])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let expected = try encoder.encode(report)
        let streamed = try report.json()
        #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let none = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: true, notAudited: ["a.test"], domains: [])
        #expect(try none.json() == encoder.encode(none), "an interrupted run with no domain finished")
        let back = try AuditReport.decode(streamed)
        #expect(Array(back.domains[0].urls) == Array(report.domains[0].urls), "read back with the verdicts written")
        #expect(back.summary.urlsOpeningApp == report.summary.urlsOpeningApp && report.summary.urlsOpeningApp == 3)
    }
}
