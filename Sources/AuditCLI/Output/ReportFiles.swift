import AASA
import Audit
import Foundation
import Reporting

/// The report files `audit --format` can write.
enum ReportFormat: String, CaseIterable, Sendable {
    case json, html, csv, junit, markdown
}

/// Writes a finished audit's report files, each atomically, into the run's folder.
enum ReportFiles {
    /// Why the reports could not be written, in the system's words ("No space left on device").
    struct Failure: Error {
        var reason: String
    }

    /// The path to show the user (report.html if written, else the first file), or why writing failed.
    ///
    /// A SIGINT or SIGTERM while a report not yet marked interrupted is written ends that file early (the signal
    /// also stopped the matching of crawled URLs); every file is then written again into the same folder, marked
    /// interrupted, so no file claims to be complete when it is not.
    static func write(
        _ report: StreamedReport, into folder: Result<RunFolder, any Error>, to outputs: AuditCommand.Plan.Outputs,
        failOn: Severity?, stop: StopSignal
    )
        -> Result<String, Failure>
    {
        do {
            let directory = try folder.get()
            var files = self.files(report, formats: outputs.formats, failOn: failOn, bom: outputs.csvBOM)
            do {
                try write(files, into: directory, endingOnSignal: !report.header.interrupted ? stop : nil)
            } catch  where !report.header.interrupted && stop.isRequested {
                var stopped = report
                stopped.header.interrupted = true
                files = self.files(stopped, formats: outputs.formats, failOn: failOn, bom: outputs.csvBOM)
                try write(files, into: directory, endingOnSignal: nil)
            }
            let shown = outputs.formats.contains(.html) ? "report.html" : files.first?.name ?? ""
            return .success(URL(fileURLWithPath: directory.path(of: shown)).path)
        } catch {
            return .failure(Failure(reason: OutputDirectory.describe(error)))
        }
    }

    /// Writes each file atomically; with `endingOnSignal`, that signal ends the file being written with an error.
    private static func write(
        _ files: [(name: String, produce: (_ sink: (Data) throws -> Void) throws -> Void)], into directory: RunFolder,
        endingOnSignal: StopSignal?
    ) throws {
        for (name, produce) in files {
            try OutputDirectory.writeAtomically(in: directory, name) { sink in
                try produce { data in
                    if endingOnSignal?.isRequested == true { throw CancellationError() }
                    try sink(data)
                }
            }
        }
    }

    /// The names of the files `formats` write.
    static func names(of formats: [ReportFormat]) -> [String] {
        formats.flatMap { format in
            switch format {
            case .json: ["report.json"]
            case .html: ["report.html"]
            case .csv: ["urls.csv", "findings.csv", "inlinks.csv"]
            case .junit: ["report.junit.xml"]
            case .markdown: ["summary.md"]
            }
        }
    }

    /// Each file with the code that produces it while it is written, in pieces, a domain read at a time.
    static func files(
        _ report: StreamedReport, formats: [ReportFormat], failOn: Severity?, bom: Bool = true
    )
        -> [(name: String, produce: (_ sink: (Data) throws -> Void) throws -> Void)]
    {
        var files: [(name: String, produce: (_ sink: (Data) throws -> Void) throws -> Void)] = []
        func text(
            _ render: @escaping ((String) throws -> Void) throws -> Void
        ) -> (
            (_ sink: (Data) throws -> Void) throws -> Void
        ) {
            { sink in try render { try sink(Data($0.utf8)) } }
        }
        /// A CSV file, after the byte order mark unless `--csv-bom off`.
        func csv(
            _ render: @escaping ((String) throws -> Void) throws -> Void
        ) -> (
            (_ sink: (Data) throws -> Void) throws -> Void
        ) {
            { sink in
                if bom { try sink(Data(CSV.byteOrderMark.utf8)) }
                try render { try sink(Data($0.utf8)) }
            }
        }
        for format in formats {
            switch format {
            case .json: files.append(("report.json", { try report.writeJSON(into: $0) }))
            case .html: files.append(("report.html", text { try HTMLReport.render(report, into: $0) }))
            case .csv:
                files.append(("urls.csv", csv { try URLsCSV.render(report, into: $0) }))
                files.append(("findings.csv", csv { try FindingsCSV.render(report, into: $0) }))
                // Only when a crawl ran and kept its links.
                if let spool = report.inlinks {
                    files.append(("inlinks.csv", csv { try InlinksCSV.render(report, spool: spool, into: $0) }))
                }
            case .junit:
                files.append(("report.junit.xml", text { try JUnitReport.render(report, failOn: failOn, into: $0) }))
            case .markdown: files.append(("summary.md", text { try MarkdownReport.render(report, into: $0) }))
            }
        }
        return files
    }
}
