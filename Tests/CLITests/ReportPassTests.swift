import AASA
import Foundation
import Reporting
import Testing

@testable import Audit
@testable import AuditCLI

/// Every report format written in one pass over a run's log: each domain's record is read once and handed to
/// every writer, and each file has the bytes its format writes alone.
@Suite struct ReportPassTests {
    /// Three domains that every format reads (findings, a crawl's URLs), logged out of order, passing last.
    static func stream(in folder: URL) throws -> DomainStream {
        let failing = Finding(
            id: "not-found", severity: .error, message: "m", location: FindingLocation(), why: "w", hint: "h")
        let warning = Finding(
            id: "content-type", severity: .warning, message: "w", location: FindingLocation(), why: "w", hint: "h")
        var domains: [DomainReport] = []
        for (name, findings) in [("a.test", [warning]), ("b.test", [failing, warning]), ("c.test", [])] {
            var urls = URLTable()
            urls.append(url: "https://\(name)/", foundOn: nil, httpStatus: 200, note: nil)
            let crawl = DomainReport.CrawlSummary(
                pagesFetched: 1, urlsDiscovered: 1, stoppedBecause: "done", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: [])
            domains.append(
                DomainReport(domain: name, fetches: [], apps: [], findings: findings, crawl: crawl, urls: urls))
        }
        let log = try DomainLog(
            folder: RunFolder.open(folder.path, creating: false), audited: Set(domains.map(\.domain)))
        for index in [1, 2, 0] { log.append(domains[index], index: index) }
        return try log.finish()
    }

    @Test func everyFormatIsWrittenFromOneReadOfEachDomain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try Self.stream(in: folder)
        let header = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [], domains: [])
        let report = StreamedReport(header: header, domains: stream)
        // Each writer runs on a thread of its own: the sinks share the dictionary behind a lock.
        let written = Locked<[String: Data]>([:])
        let writers = try ReportFiles.writers(report, formats: ReportFormat.allCases, failOn: .warning) { name in
            written.withLock { $0[name] = Data() }
            return { data in written.withLock { $0[name, default: Data()].append(data) } }
        }
        try report.pass(writers)
        let files = written.withLock { $0 }
        #expect(stream.recordsRead == 3, "each domain read once for every format together")
        #expect(
            files.keys.sorted() == [
                "findings.csv", "report.html", "report.json", "report.junit.xml", "summary.md", "urls.csv",
            ])

        // Each file as its format writes it alone, from the same log.
        func alone(_ render: ((String) throws -> Void) throws -> Void) throws -> Data {
            var text = ""
            try render { text += $0 }
            return Data(text.utf8)
        }
        var json = Data()
        try report.writeJSON { json.append($0) }
        #expect(files["report.json"] == json)
        #expect(files["report.html"] == (try alone { try HTMLReport.render(report, into: $0) }))
        #expect(files["summary.md"] == (try alone { try MarkdownReport.render(report, into: $0) }))
        #expect(files["report.junit.xml"] == (try alone { try JUnitReport.render(report, failOn: .warning, into: $0) }))
        let bom = Data(CSV.byteOrderMark.utf8)
        #expect(files["urls.csv"] == (try bom + alone { try URLsCSV.render(report, into: $0) }))
        #expect(files["findings.csv"] == (try bom + alone { try FindingsCSV.render(report, into: $0) }))
        let html = String(decoding: files["report.html"] ?? Data(), as: UTF8.self)
        // Worst first: b.test (position 1) fails, a.test (0) warns, c.test (2) passes.
        let places = [1, 0, 2].compactMap { html.range(of: "<section id=\"d\($0)\"")?.lowerBound }
        #expect(places.count == 3 && places == places.sorted(), "sections worst first")
    }

    static let header = AuditReport(
        version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
        interrupted: false, notAudited: [], domains: [])

    /// Records what it is handed, in order, from whichever thread runs it; throws at `failAt`.
    final class Recorder: ReportPassWriter {
        struct Failure: Error, Equatable { var position: Int }
        let failAt: Int?
        let seen = Locked<[Int]>([])
        let finished = Locked(false)

        init(failAt: Int? = nil) { self.failAt = failAt }

        func needs(_ position: Int) -> Bool { true }

        func add(_ domain: DomainReport?, at position: Int) throws {
            if position == failAt { throw Failure(position: position) }
            seen.withLock { $0.append(position) }
        }

        func finish() throws { finished.withLock { $0 = true } }
    }

    /// Many domains through several writers, each on its own thread: every writer sees every position once, in
    /// report order, and is finished.
    @Test func everyWriterSeesEveryDomainInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: RunFolder.open(folder.path, creating: false), audited: [])
        let count = 3 * PassLane.depth + 5
        for index in 0..<count {
            log.append(
                DomainReport(domain: "d\(index).test", fetches: [], apps: [], findings: [], urls: URLTable()),
                index: index)
        }
        let report = StreamedReport(header: Self.header, domains: try log.finish())
        let writers = (0..<4).map { _ in Recorder() }
        try report.pass(writers)
        for writer in writers {
            #expect(writer.seen.withLock { $0 } == Array(0..<count))
            #expect(writer.finished.withLock { $0 })
        }
        #expect(report.domains.recordsRead == count, "each domain read once for the four writers")
    }

    /// A writer that throws ends the pass with its error: the reader stops reading, the others are not finished,
    /// and nothing waits for ever.
    @Test func aWritersErrorEndsThePass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try DomainLog(folder: RunFolder.open(folder.path, creating: false), audited: [])
        let count = 10 * PassLane.depth
        for index in 0..<count {
            log.append(
                DomainReport(domain: "d\(index).test", fetches: [], apps: [], findings: [], urls: URLTable()),
                index: index)
        }
        let report = StreamedReport(header: Self.header, domains: try log.finish())
        let failing = Recorder(failAt: 3)
        let others = [Recorder(), Recorder()]
        #expect(throws: Recorder.Failure(position: 3)) { try report.pass([others[0], failing, others[1]]) }
        #expect(failing.seen.withLock { $0 } == [0, 1, 2])
        #expect(!failing.finished.withLock { $0 })
        for writer in others {
            let seen = writer.seen.withLock { $0 }
            #expect(seen == Array(0..<seen.count), "in order, none skipped")
            #expect(seen.count < count, "the reader stopped once the error came")
            #expect(!writer.finished.withLock { $0 }, "a failed pass finishes no writer")
        }
    }
}
