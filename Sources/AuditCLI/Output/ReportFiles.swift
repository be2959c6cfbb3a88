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

    /// The path to show the user (report.html if written, else the first file), or why writing failed; `written`
    /// is told each file's name and when it was renamed into place.
    ///
    /// A SIGINT or SIGTERM while a report not yet marked interrupted is written ends that file early (the signal
    /// also stopped the matching of crawled URLs); every file is then written again into the same folder, marked
    /// interrupted, so no file claims to be complete when it is not.
    static func write(
        _ report: StreamedReport, into folder: Result<RunFolder, any Error>, to outputs: AuditCommand.Plan.Outputs,
        failOn: Severity?, stop: StopSignal, written: (_ name: String, _ at: Date) -> Void = { _, _ in }
    )
        -> Result<String, Failure>
    {
        do {
            let directory = try folder.get()
            var names: [String]
            do {
                names = try write(
                    report, formats: outputs.formats, failOn: failOn, bom: outputs.csvBOM, into: directory,
                    endingOnSignal: !report.header.interrupted ? stop : nil, renamed: written)
            } catch  where !report.header.interrupted && stop.isRequested {
                var stopped = report
                stopped.header.interrupted = true
                names = try write(
                    stopped, formats: outputs.formats, failOn: failOn, bom: outputs.csvBOM, into: directory,
                    endingOnSignal: nil, renamed: written)
            }
            let shown = outputs.formats.contains(.html) ? "report.html" : names.first ?? ""
            return .success(URL(fileURLWithPath: directory.path(of: shown)).path)
        } catch {
            return .failure(Failure(reason: OutputDirectory.describe(error)))
        }
    }

    /// Writes every file in one pass over the domains, each atomically (all renamed into place, one after another,
    /// once the pass is done, each then told to `renamed`); with `endingOnSignal`, a signal ends the pass with an
    /// error and no file is replaced.
    private static func write(
        _ report: StreamedReport, formats: [ReportFormat], failOn: Severity?, bom: Bool, into directory: RunFolder,
        endingOnSignal: StopSignal?, renamed: (_ name: String, _ at: Date) -> Void
    ) throws -> [String] {
        var files: [RunFolder.AtomicFile] = []
        defer { for file in files { file.discard() } }
        func open(_ name: String) throws -> (Data) throws -> Void {
            let file: RunFolder.AtomicFile
            do {
                file = try RunFolder.AtomicFile(directory, name)
            } catch let failure as RunFolder.Failure {
                throw failure
            } catch {
                throw OutputDirectory.Failure(path: directory.path(of: name), reason: OutputDirectory.describe(error))
            }
            files.append(file)
            return { data in
                if endingOnSignal?.isRequested == true { throw CancellationError() }
                try file.write(data)
            }
        }
        let writers = try self.writers(report, formats: formats, failOn: failOn, bom: bom, open: open)
        try report.pass(writers)
        for file in files {
            try file.commit()
            renamed(file.name, Date())
        }
        return files.map(\.name)
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

    /// The writers of `formats`' files, each writing to the file `open` opens by name: one report pass feeds them
    /// all.
    static func writers(
        _ report: StreamedReport, formats: [ReportFormat], failOn: Severity?, bom: Bool = true,
        open: (String) throws -> (Data) throws -> Void
    ) throws -> [any ReportPassWriter] {
        func text(_ name: String) throws -> (String) throws -> Void {
            let sink = try open(name)
            return { try sink(Data($0.utf8)) }
        }
        /// A CSV file, after the byte order mark unless `--csv-bom off`.
        func csv(_ name: String) throws -> (String) throws -> Void {
            let sink = try text(name)
            if bom { try sink(CSV.byteOrderMark) }
            return sink
        }
        var writers: [any ReportPassWriter] = []
        for format in formats {
            switch format {
            case .json: writers.append(try StreamedReport.JSONWriter(report, sink: try open("report.json")))
            case .html: writers.append(HTMLReport.Writer(report, sink: try text("report.html")))
            case .csv:
                writers.append(URLsCSV.Writer(report, sink: try csv("urls.csv")))
                writers.append(FindingsCSV.Writer(report, sink: try csv("findings.csv")))
                // Only when a crawl ran and kept its links.
                if let spool = report.inlinks {
                    writers.append(InlinksCSV.Writer(report, spool: spool, sink: try csv("inlinks.csv")))
                }
            case .junit:
                writers.append(JUnitReport.Writer(report, failOn: failOn, sink: try text("report.junit.xml")))
            case .markdown: writers.append(MarkdownReport.Writer(report, sink: try text("summary.md")))
            }
        }
        return writers
    }
}
