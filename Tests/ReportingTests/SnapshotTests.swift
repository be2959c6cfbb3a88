import AASA
import Audit
import Foundation
import Reporting
import Testing

/// Every report writer's output for `SampleReport`, compared byte for byte with the files under Snapshots/.
/// `RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests` records them again; read the diff before committing.
@Suite struct SnapshotTests {
    @Test func reportJSON() throws {
        let json = try SampleReport.current().json()
        try Snapshot.check(json, "report.json")
        // Read back and written again: the same bytes.
        #expect(try AuditReport.decode(json).json() == json)
    }

    @Test func reportHTML() throws {
        try Snapshot.check(HTMLReport.render(SampleReport.current()), "report.html")
    }

    @Test func urlsCSV() throws {
        let report = SampleReport.current()
        var pieces = ""
        try URLsCSV.render(StreamedReport(report)) { pieces += $0 }
        #expect(pieces == URLsCSV.render(report), "the streamed table is the same text")
        try Snapshot.check(pieces, "urls.csv")
    }

    @Test func findingsCSV() throws {
        try Snapshot.check(FindingsCSV.render(SampleReport.current()), "findings.csv")
    }

    @Test func junitXML() throws {
        try Snapshot.check(JUnitReport.render(SampleReport.current(), failOn: .warning), "report.junit.xml")
    }

    @Test func summaryMarkdown() throws {
        try Snapshot.check(MarkdownReport.render(SampleReport.current()), "summary.md")
    }

    @Test func sarif() throws {
        let report = SampleReport.current()
        let text = try SARIFReport.render(
            file: "shop/apple-app-site-association", findings: report.domains[0].findings, version: "1.2.3")
        try Snapshot.check(text, "check.sarif")
    }

    @Test func aBaselineReadFromDiskComparesAsTheReportInMemory() throws {
        let previous = SampleReport.previous()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        try previous.json().write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        var current = SampleReport.current()
        current.changes = nil
        let fromDisk = Changes.compare(try AuditReport.baseline(at: path.path), current, baseline: "b")
        let inMemory = Changes.compare(previous, current, baseline: "b")
        #expect(try JSONOutput.text(fromDisk) == JSONOutput.text(inMemory))
        // Read a domain at a time against the run's stream (what `audit` does): the same changes.
        var streamed = try Changes.compare(baselineAt: path.path, StreamedReport(current))
        #expect(streamed.baseline == path.path)
        streamed.baseline = "b"
        #expect(try JSONOutput.text(streamed) == JSONOutput.text(inMemory))
        #expect(
            !inMemory.newFindings.isEmpty && !inMemory.resolvedFindings.isEmpty && !inMemory.contentChanged.isEmpty
                && !inMemory.certificatesExpiring.isEmpty && !inMemory.verdictFlips.isEmpty
                && !inMemory.domainsRemoved.isEmpty, "the sample changes in every way a baseline shows")
    }
}

/// Compares rendered text with a committed file, or records it when RECORD_SNAPSHOTS=1.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    static func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(Data(text.utf8), name, sourceLocation: sourceLocation)
    }

    static func check(_ rendered: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try rendered.write(to: file)
            return
        }
        guard let snapshot = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                "no snapshot \(name) under \(folder.path): RECORD_SNAPSHOTS=1 records it",
                sourceLocation: sourceLocation)
            return
        }
        // Bytes, not Strings: String equality would accept another Unicode normalisation.
        guard snapshot != rendered else { return }
        Issue.record(
            Comment(rawValue: difference(snapshot, rendered, name)), sourceLocation: sourceLocation)
    }

    /// The first line that differs, both versions, invisible characters made visible.
    static func difference(_ snapshot: Data, _ rendered: Data, _ name: String) -> String {
        let old = snapshot.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let new = rendered.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        func show(_ lines: [Data]) -> String {
            line < lines.count ? String(reflecting: String(decoding: lines[line], as: UTF8.self)) : "(end of file)"
        }
        return """
            \(name) differs from its snapshot at line \(line + 1) (RECORD_SNAPSHOTS=1 records it again):
              snapshot: \(show(old))
              rendered: \(show(new))
            """
    }
}
