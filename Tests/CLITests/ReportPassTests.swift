import AASA
import Audit
import Foundation
import Reporting
import Testing

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
        var files: [String: Data] = [:]
        let writers = try ReportFiles.writers(report, formats: ReportFormat.allCases, failOn: .warning) { name in
            files[name] = Data()
            return { files[name, default: Data()].append($0) }
        }
        try report.pass(writers)
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
}
