import Audit
import Foundation

/// `--baseline REPORT.json`: an earlier report to compare with. One that cannot be read or is not a report is a
/// usage error; the report reader's one-line error already names the file and where it went wrong.
enum BaselineFile {
    static func read(_ path: String, command: String) throws(UsageError) -> (path: String, report: AuditReport) {
        // A device, FIFO or directory could be read forever (`/dev/zero`) or block: refused by what the open
        // descriptor is, before any read (the reader opens it again and checks again).
        do {
            close(try RegularFile.open(path))
        } catch {
            if let kind = error.kind {
                throw UsageError(
                    "--baseline \(path) is \(kind): give an earlier report.json (a regular file)", command: command)
            }
            throw UsageError("cannot read --baseline \(path)", command: command)
        }
        do {
            return (path, try AuditReport.checkedBaseline(at: path))
        } catch let error as ReportReadError {
            throw UsageError("--baseline \(error.description)", command: command)
        } catch {
            throw UsageError("--baseline \(path): \(OutputDirectory.describe(error))", command: command)
        }
    }
}
