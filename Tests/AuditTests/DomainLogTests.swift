import AASA
import Foundation
import Testing

@testable import Audit

/// A run's domains.jsonl: each domain one line as it finishes, report.json written from it with the bytes of the
/// whole report, a torn last line dropped, links between audited domains judged from it at the end.
@Suite struct DomainLogTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("domainlog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func open(_ url: URL) throws -> RunFolder { try RunFolder.open(url.path, creating: false) }

    /// blog.test, audited, serving `URLTableTests.blogFile`: other audited sites' links to /post/ open its app.
    static func blog() -> DomainReport {
        let fetch = Exchange(
            location: .wellKnown, url: "https://blog.test/.well-known/apple-app-site-association",
            userAgent: "AASA-Bot/1.0.0", httpStatus: 200, contentType: "application/json", bytes: 90)
        return DomainReport(
            domain: "blog.test", fetches: [fetch], apps: [], findings: [],
            file: String(decoding: URLTableTests.blogFile, as: UTF8.self))
    }

    static func header(_ domains: [DomainReport] = []) -> AuditReport {
        AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1.5),
            interrupted: false, notAudited: [], domains: domains)
    }

    /// A record is one compact line, `partial` and the log format members like the others: what the reader reads
    /// back, the domain's report unchanged.
    @Test func aRecordIsOneCompactLineWithItsFlagsAsMembers() throws {
        let domain = try ReportReaderTests.report().domains[0]
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let fd = Foundation.open(path, O_WRONLY | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(DomainLog.writeLine(domain, index: 4, partial: true, to: fd) != .notEncoded)
        let line = try String(contentsOfFile: path, encoding: .utf8)
        #expect(line.hasPrefix(#"{"index":4,"partial":true,"report":{"apps":["#), "\(line.prefix(60))")
        #expect(line.hasSuffix(#","version":2}"# + "\n"))
        #expect(line.dropLast().allSatisfy { $0 != "\n" } && !line.contains("\" : "), "one line, no layout")
        let record = try ReportReader.record(Array(line.utf8), name: "log")
        #expect(record.index == 4 && record.partial && record.version == DomainRecord.format)
        var whole = Data()
        try JSONOutput.write(record.report) { whole.append($0) }
        var original = Data()
        try JSONOutput.write(domain) { original.append($0) }
        #expect(whole == original, "the report reads back as it was written")
    }

    /// A log written before the format was versioned (today's lines without `version`) is refused whole, naming both
    /// formats, and left as it was.
    @Test func aLogOfAnotherFormatIsRefusedNamingBoth() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let old =
            #"{"index" : 0,"report" : {"apps" : [],"domain" : "a.test","entitlements" : [],"fetches" : [],"#
            + #""findings" : [],"notes" : [],"urls" : [],"verdict" : "pass"}}"# + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: DomainLog.ReadFailure.self) {
            try DomainLog.recover(folder: Self.open(folder), audited: ["a.test"], lineLimit: 1 << 20)
        }
        #expect(
            error?.reason == "\(path) is in log format 1, written by an older aasa-audit; this version resumes only "
                + "log format 2, so start a new run")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == old, "not cut")
    }

    /// Domains finish out of order; the report comes in input order, byte for byte what the whole report writes.
    @Test func reportJSONFromTheLogIsTheWholeReportsBytes() throws {
        let sample = try ReportReaderTests.report()
        let domains = sample.domains + [DomainReport(domain: "third.test", fetches: [], apps: [], findings: [])]
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: Self.open(folder), audited: Set(domains.map(\.domain)))
        for index in [2, 0, 1] { log.append(domains[index], index: index) }
        #expect(log.failure == nil)
        let stream = try log.finish()
        let lines = try String(contentsOf: folder.appendingPathComponent(DomainLog.fileName), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty, "one line per domain, each ended")
        #expect(lines[0].hasPrefix(#"{"index":2,"partial":false,"report":{"#))
        var streamed = StreamedReport(header: Self.header(), domains: stream)
        var whole = Self.header(domains)
        streamed.header.changes = sample.changes
        whole.changes = sample.changes
        var bytes = Data()
        try streamed.writeJSON { bytes.append($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: try whole.json(), as: UTF8.self))
        #expect(streamed.summary.domains == 3 && streamed.summary.warnings == whole.summary.warnings)
        #expect(streamed.reaches(.warning) && !streamed.reaches(.error))
    }

    /// big.test with `urls` crawled rows, then small.test with none, logged in `folder`.
    static func bigAndSmall(urls: Int, in folder: URL) throws -> DomainStream {
        var big = DomainReport(domain: "big.test", fetches: [], apps: [], findings: [])
        for n in 0..<urls {
            big.urls.append(url: "https://big.test/p/\(n)", foundOn: "https://big.test/", httpStatus: 200, note: nil)
        }
        let small = DomainReport(domain: "small.test", fetches: [], apps: [], findings: [])
        let log = try DomainLog(folder: open(folder), audited: ["big.test", "small.test"])
        log.append(big, index: 0)
        log.append(small, index: 1)
        return try log.finish()
    }

    /// A line this run wrote is laid out for report.json as it is, not encoded again, even when it went out in
    /// several 64 KiB pieces; a line changed on disk since (same length, another byte) is decoded and encoded like
    /// any value, and so is one recovered from an earlier run, which has no digest.
    @Test func aLineThisRunWroteIsLaidOutAsItIsAndAChangedOneIsNot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try Self.bigAndSmall(urls: 2_000, in: folder)
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let lines = try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: UInt8(ascii: "\n"))
        #expect(lines[0].count > 2 * StreamedJSONWriter.flushSize, "written in pieces")
        for entry in stream.entries {
            let loaded = try stream.loaded(entry)
            var encoded = Data()
            var writer = StreamedJSONWriter(compact: true) { encoded.append($0) }
            try writer.write(loaded.report, depth: 0)
            try writer.flush()
            #expect(loaded.json.map { Data($0) } == encoded, "the record's own text, \(entry.domain)")
        }
        // One byte of small.test's name changed in place: still a record, no longer the line this run wrote.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let offset = lines[0].count + 1 + Array(lines[1]).firstRange(of: Array("small.test".utf8))!.lowerBound
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data("t".utf8))
        try handle.close()
        _ = try stream.loaded(stream.entries[0])  // the one-domain cache no longer holds small.test
        let changed = try stream.loaded(stream.entries[1])
        #expect(changed.json == nil && changed.report.domain == "tmall.test")
        let recovered = try DomainLog.recover(
            folder: Self.open(folder), audited: ["big.test", "tmall.test"], lineLimit: 1 << 24)
        #expect(recovered.entries.allSatisfy { $0.lineDigest == nil }, "an earlier run's lines carry no digest")
    }

    /// A line this run wrote is read without checking its numbers' ranges again (it is the line written); one changed
    /// on disk since is checked like any file's: a count made negative in place is refused, naming the member.
    @Test func aChangedLinesNumbersAreCheckedAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: Self.open(folder), audited: ["small.test", "other.test"])
        log.append(SchemeLinkVerdictsTests.report("small.test", rules: "/x/*"), index: 0)
        log.append(SchemeLinkVerdictsTests.report("other.test", rules: nil, status: 404), index: 1)
        let stream = try log.finish()
        #expect(try stream.loaded(stream.entries[0]).json != nil, "the line this run wrote")
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let line = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let at = try #require(line.firstRange(of: Array(#""bytes":10"#.utf8))).lowerBound + #""bytes":"#.utf8.count
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(at))
        try handle.write(contentsOf: Data("-1".utf8))
        try handle.close()
        _ = try stream.loaded(stream.entries[1])  // the one-domain cache no longer holds small.test
        #expect {
            try stream.loaded(stream.entries[0])
        } throws: { error in
            "\(error)".contains("bytes: -1 is negative")
        }
    }

    /// A large crawl is still written to the log (for --resume) but read from memory for the reports: decoding its
    /// rows back cost about 1.4 KB a URL (a 1,000,000-page crawl peaked at 1.8 GB writing its reports).
    @Test func aLargeCrawlIsReadFromMemoryNotFromTheLog() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try Self.bigAndSmall(urls: DomainLog.keptInMemoryURLs, in: folder)
        let lines = try String(contentsOf: folder.appendingPathComponent(DomainLog.fileName), encoding: .utf8)
        let records = lines.split(separator: "\n")
        #expect(records.count == 2, "both domains are in the log")
        // The big line went out in 64 KiB pieces and still reads back whole.
        let first = try JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any]
        let urls = (first?["report"] as? [String: Any])?["urls"] as? [Any]
        #expect(records[0].utf8.count > 1 << 16 && urls?.count == DomainLog.keptInMemoryURLs)
        var inMemory: [String] = []
        for entry in stream.entries {
            if case .memory = entry.location { inMemory.append(entry.domain) }
        }
        #expect(inMemory == ["big.test"])
        #expect(try stream.load(stream.entries[0]).urls.count == DomainLog.keptInMemoryURLs)
    }

    /// The process died while writing a line: the line is cut off and its domain is audited again; the records
    /// before it are kept, and a later record of the same index replaces an earlier one.
    @Test func aTornLastLineIsDroppedAndALaterRecordWins() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["a.test", "b.test", "c.test"]
        let log = try DomainLog(folder: Self.open(folder), audited: Set(names))
        log.append(DomainReport(domain: "a.test", fetches: [], apps: [], findings: []), index: 0)
        let failing = Finding(
            id: "not-found", severity: .error, message: "m", location: FindingLocation(), why: "w", hint: "h")
        log.append(DomainReport(domain: "b.test", fetches: [], apps: [], findings: [failing]), index: 1)
        log.append(DomainReport(domain: "b.test", fetches: [], apps: [], findings: []), index: 1)
        _ = try log.finish()
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let good = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"index":2,"partial":false,"report":{"domain":"c.te"#.utf8))
        try handle.close()

        let recovered = try DomainLog.recover(folder: Self.open(folder), audited: Set(names), lineLimit: 1 << 20)
        #expect(recovered.tornBytes > 0)
        #expect(recovered.entries.map(\.domain) == ["a.test", "b.test"])
        #expect(recovered.entries.map(\.verdict) == [.pass, .pass], "the later record of b.test replaced the first")
        #expect(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == good, "the torn line is cut off")

        // Appending after recovery continues the same file; the kept records still read.
        let again = try DomainLog(
            folder: Self.open(folder), audited: Set(names), kept: recovered.entries, resuming: true)
        again.append(DomainReport(domain: "c.test", fetches: [], apps: [], findings: []), index: 2)
        var seen: [String] = []
        try again.finish().forEach { seen.append($0.domain) }
        #expect(seen == names)
    }

    /// A bad line before the last is not a torn write: the log is refused, naming the line.
    @Test func aBadLineBeforeTheLastIsAnError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not json\n{\"index\" : 0}\n".utf8).write(to: folder.appendingPathComponent(DomainLog.fileName))
        #expect(throws: DomainLog.ReadFailure.self) {
            try DomainLog.recover(folder: Self.open(folder), audited: [], lineLimit: 1 << 20)
        }
    }

    /// A line longer than any record the run can write (here a newline-free tail past a 1 MiB cap) is refused naming
    /// the line, before more than the cap is held; the file is left as it was, not cut.
    @Test func aLineLongerThanTheCapIsRefusedNamingIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: Self.open(folder), audited: ["a.test"])
        log.append(DomainReport(domain: "a.test", fetches: [], apps: [], findings: []), index: 0)
        _ = try log.finish()
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 3 << 20))
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        let error = #expect(throws: DomainLog.ReadFailure.self) {
            try DomainLog.recover(folder: Self.open(folder), audited: ["a.test"], lineLimit: 1 << 20)
        }
        #expect(error?.reason.contains("line 2 is longer than 1048576 bytes") == true, "\(String(describing: error))")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size, "not cut")
        #expect(DomainLog.lineLimit(maxURLs: nil) == DomainLog.lineLimitWithoutURLs)
        #expect(DomainLog.lineLimit(maxURLs: Int.max) > DomainLog.lineLimitWithoutURLs, "no overflow trap")
    }

    /// A log planted as a FIFO is refused by `recover` without opening it (no wait for a writer), and a fresh log
    /// whose name is taken by a link is refused rather than written through.
    @Test func aLogThatIsNotARegularFileIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(DomainLog.fileName).path
        #expect(mkfifo(path, 0o644) == 0)
        let error = #expect(throws: DomainLog.ReadFailure.self) {
            try DomainLog.recover(folder: Self.open(folder), audited: [], lineLimit: 1 << 20)
        }
        #expect(error?.reason == "\(path) is a FIFO, not a file: refusing to read it")
        try FileManager.default.removeItem(atPath: path)
        let target = folder.appendingPathComponent("target")
        try Data("kept\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
        for resuming in [false, true] {
            let refusal = #expect(throws: RunFolder.Failure.self) {
                try DomainLog(folder: Self.open(folder), audited: [], resuming: resuming)
            }
            #expect(refusal?.description == "\(path) is a symbolic link, not a file: refusing to write through it")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "kept\n")
    }

    /// shop.test's crawl linked to blog.test's /post/1; blog.test was audited too and serves a file: read from the
    /// log, the link gets blog.test's verdict, and shop.test's count of URLs opening an app counts it.
    @Test func linksBetweenAuditedDomainsAreJudgedFromTheLog() throws {
        var shop = try ReportReaderTests.report().domains[0]
        // Judged by its own file only, as a crawl leaves it.
        var urls = URLTable()
        urls.append(url: "https://shop.test/shoes/1", foundOn: "https://shop.test/", httpStatus: 200, note: nil)
        urls.append(
            url: "https://blog.test/post/1", foundOn: "https://shop.test/shoes/1", httpStatus: nil,
            note: .text("other host: recorded, not crawled"), depth: 2, anchorText: "Post")
        urls.addInlink(at: 1)
        urls.setRedirect("https://blog.test/post/1/", at: 1)
        urls.judge(host: "shop.test", by: try URLTableTests.matcher(URLTableTests.shopFile))
        shop.urls = urls
        let blog = Self.blog()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: Self.open(folder), audited: ["shop.test", "blog.test"])
        log.append(shop, index: 0)
        log.append(blog, index: 1)
        var stream = try log.finish()
        #expect(stream.entries[0].linkedDomains == ["blog.test"])
        let before = stream.entries[0].urlsOpeningApp
        try stream.judgeLinks(schemes: nil, associated: nil)
        let judged = try stream.load(stream.entries[0])
        let post = try #require(judged.urls.first { $0.url == "https://blog.test/post/1" })
        #expect(post.opensApp == "ABCDE12345.com.acme.blog")
        #expect(stream.entries[0].urlsOpeningApp == before + 1)
        // The same as judging the domains held whole.
        var whole = [shop, blog]
        CrossDomainOracle.judge(&whole)
        #expect(Array(whole[0].urls) == Array(judged.urls))
    }

    /// A row judged again by another audited site's file keeps the Android answer its own run gave it
    /// (`--android-manifest`), note included: only the iOS verdicts are worked out anew.
    @Test func aLinkJudgedAgainKeepsItsAndroidAnswer() throws {
        var shop = try ReportReaderTests.report().domains[0]
        var urls = URLTable()
        urls.append(url: "https://shop.test/shoes/1", foundOn: "https://shop.test/", httpStatus: 200, note: nil)
        urls.append(url: "https://blog.test/post/1", foundOn: "https://shop.test/shoes/1", httpStatus: nil, note: nil)
        urls.judge(host: "shop.test", by: try URLTableTests.matcher(URLTableTests.shopFile))
        let yes = URLReport.Android(opens: true, package: "com.acme.shop", rule: "intent-filter AndroidManifest.xml:8")
        let unknown = URLReport.Android(opens: nil, package: "com.acme.shop", rule: nil, unknownReason: "not read")
        urls.setAndroid(yes, at: 0)
        urls.setAndroid(unknown, at: 1)
        urls.setNotes([.android("Android 14 and lower ignore dynamic rules: there the app opens this URL.")], at: 1)
        shop.urls = urls
        let blog = Self.blog()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: Self.open(folder), audited: ["shop.test", "blog.test"])
        log.append(shop, index: 0)
        log.append(blog, index: 1)
        var stream = try log.finish()
        #expect(stream.entries[0].androidJudged && !stream.entries[1].androidJudged)
        try stream.judgeLinks(schemes: nil, associated: nil)
        let judged = try stream.load(stream.entries[0])
        let post = try #require(judged.urls.first { $0.url == "https://blog.test/post/1" })
        #expect(post.opensApp == "ABCDE12345.com.acme.blog", "judged again for iOS")
        #expect(post.android == unknown && post.note == urls[1].note)
        #expect(judged.urls.first?.android == yes && judged.urls.androidJudged)
    }
}
