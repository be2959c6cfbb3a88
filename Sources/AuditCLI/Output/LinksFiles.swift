import Audit
import Foundation
import Reporting

/// Writes a `links` run's files, each atomically, into `--out` (or a new folder under Reports/, which leaves
/// Reports/latest naming the last `audit` run).
enum LinksFiles {
    /// The path to show (links.html if written, else the first file), or why writing failed.
    static func write(
        _ report: LinksReport, directory: String?, formats: [LinksFormat], started: Date,
        columns: ListColumns = ListColumns(), csvBOM: Bool = true
    ) -> Result<String, ReportFiles.Failure> {
        guard !formats.isEmpty else { return .success("") }
        do {
            let (folder, _) = try OutputDirectory.prepare(
                directory, started: started, files: OutputDirectory.linksFiles)
            for format in formats {
                let name = "links.\(format.rawValue)"
                try OutputDirectory.writeAtomically(in: folder, name) { sink in
                    switch format {
                    case .json: try report.writeJSON(into: sink)
                    case .html: try sink(Data(LinksHTML.render(report).utf8))
                    case .csv:
                        try sink(
                            Data(((csvBOM ? CSV.byteOrderMark : "") + LinksCSV.render(report, columns: columns)).utf8))
                    }
                }
            }
            let shown = formats.contains(.html) ? "links.html" : "links.\(formats[0].rawValue)"
            return .success(URL(fileURLWithPath: folder.path(of: shown)).path)
        } catch {
            return .failure(ReportFiles.Failure(reason: OutputDirectory.describe(error)))
        }
    }
}
