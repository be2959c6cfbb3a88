import Audit
import Foundation

/// `--baseline REPORT.json`: an earlier report to compare with. One that cannot be read or is not a report is a
/// usage error; the report reader's one-line error already names the file and where it went wrong.
enum BaselineFile {
    static func read(_ path: String, command: String) throws(UsageError) -> (path: String, report: AuditReport) {
        // A device, FIFO or directory could be read forever (`/dev/zero`) or block: refuse it before any read.
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let kind =
                switch status.st_mode & S_IFMT {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a FIFO"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw UsageError(
                "--baseline \(path) is \(kind): give an earlier report.json (a regular file)", command: command)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
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
