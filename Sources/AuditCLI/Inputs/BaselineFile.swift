import Audit
import Foundation

/// `--baseline REPORT.json`: an earlier report to compare with. One that cannot be read or is not a report is a
/// usage error; the report reader's one-line error already names the file and where it went wrong.
enum BaselineFile {
    static func read(_ path: String, command: String) throws(UsageError) -> (path: String, report: AuditReport) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read --baseline \(path)", command: command)
        }
        do {
            return (path, try AuditReport.baseline(at: path))
        } catch let error as ReportReadError {
            throw UsageError("--baseline \(error.description)", command: command)
        } catch {
            throw UsageError("--baseline \(path): \(OutputDirectory.describe(error))", command: command)
        }
    }
}
