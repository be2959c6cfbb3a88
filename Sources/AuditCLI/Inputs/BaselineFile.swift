import Audit
import Foundation

/// `--baseline REPORT.json`: an earlier report to compare with. One that cannot be read or is not a report is a
/// usage error; the report reader's one-line error already names the file and where it went wrong. A folder (an
/// earlier `--out DIR`, a run under Reports/) stands for the report.json in it.
enum BaselineFile {
    static func read(_ given: String, command: String) throws(UsageError) -> (path: String, report: AuditReport) {
        var path = given
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), isFolder.boolValue {
            path = (given as NSString).appendingPathComponent("report.json")
            guard FileManager.default.fileExists(atPath: path) else {
                throw UsageError(
                    "--baseline \(given) is a folder without a report.json: give an earlier run's folder or its "
                        + "report.json", command: command)
            }
        }
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
