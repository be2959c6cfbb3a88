import Audit
import Foundation

/// Where reports go, written so a reader never sees half a file.
enum OutputDirectory {
    /// A report file that could not be written, and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// "No space left on device" rather than Foundation's nested error dump.
    static func describe(_ error: any Error) -> String {
        if let failure = error as? Failure { return failure.description }
        if let failure = error as? RunFolder.Failure { return failure.description }
        let ns = error as NSError
        let posix =
            ns.domain == NSPOSIXErrorDomain
            ? ns
            : (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
                $0.domain == NSPOSIXErrorDomain ? $0 : nil
            }
        if let posix { return String(cString: strerror(Int32(posix.code))) }
        let path = ns.userInfo[NSFilePathErrorKey] as? String
        // Foundation's generic texts end in "(NSCocoaErrorDomain error 512.)": say what is in the way instead.
        if let path, let file = fileInTheWay(of: path) { return "\(path): \(file) is a file, not a folder" }
        var text = ns.localizedDescription
        if let range = text.range(of: " (NSCocoaErrorDomain") ?? text.range(of: " (Foundation.") {
            text = String(text[..<range.lowerBound])
        }
        return [path, text].compactMap { $0 }.joined(separator: ": ")
    }

    /// The nearest existing ancestor of `path` (or `path` itself) when it is not a folder: what stops a folder
    /// being created there.
    static func fileInTheWay(of path: String) -> String? { RunFolder.fileInTheWay(of: path) }

    /// The files an `audit` or `merge` run writes in its folder, moved to `previous/` by a fresh run into a used one.
    static let auditFiles =
        [DomainLog.fileName, RunRecord.fileName] + ReportFiles.names(of: ReportFormat.allCases)

    /// The files a `links` run writes.
    static let linksFiles = LinksFormat.allCases.map { "links.\($0.rawValue)" }

    /// The run's folder, open: `out` as named (created, mode 0700, when missing), its earlier run's `files` moved
    /// to `previous/` so nothing of that run is read or reported as this one's; without `out`, a new timestamped
    /// folder under Reports/ (mode 0700), marked as in use.
    static func prepare(_ out: String?, started: Date, files: [String]) throws -> (RunFolder, moved: [String]) {
        if let out {
            let folder = try RunFolder.open(out, creating: true)
            return (folder, try folder.keepPrevious(files))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        // Two runs in the same second (or two processes) each get their own folder.
        let base = formatter.string(from: started)
        let parent = try RunFolder.open(reports.relativePath, creating: true)
        // Created and marked under the lock on Reports/: a pruning run never sees the folder unmarked.
        let folder = try RunMarker.withReportsLock(parent) {
            // Numbered after the highest run of the same second, so names sort in the order runs began even when an
            // earlier number was pruned.
            var n = runs().compactMap { order($0.lastPathComponent) }.filter { $0.base == base }.map(\.n).max() ?? 0
            n += 1
            while true {
                let name = n == 1 ? base : "\(base)-\(n)"
                do {
                    let folder = try parent.makeFolder(name)
                    try RunMarker.claim(folder)
                    return folder
                } catch let failure as RunFolder.Failure where failure.code == EEXIST && n <= 1000 {
                    n += 1
                }
            }
        }
        return (folder, [])
    }

    static let reports = URL(fileURLWithPath: "Reports")

    /// Timestamped run folders under Reports/, oldest first (`-10` after `-9`).
    static func runs() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
        return names.compactMap { name in order(name).map { (name, $0) } }
            .sorted { ($0.1.base, $0.1.n) < ($1.1.base, $1.1.n) }
            .map { reports.appendingPathComponent($0.0) }
    }

    /// A run folder's name as its timestamp and its number within that second (1 when it has none).
    static func order(_ name: String) -> (base: String, n: Int)? {
        guard let match = name.wholeMatch(of: /(\d{8}T\d{6}Z)(?:-(\d{1,9}))?/) else { return nil }
        return (String(match.1), match.2.flatMap { Int($0) } ?? 1)
    }

    /// The newest earlier run's report, the default baseline of a nightly job: read through once to check it, its
    /// domains not kept (the comparison reads it again a domain at a time).
    static func previousRun() -> (path: String, report: AuditReport)? {
        for run in runs().reversed() {
            let path = run.appendingPathComponent("report.json").path
            // A link or a FIFO planted among the runs is passed over, never followed or opened.
            var info = stat()
            guard lstat(run.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, lstat(path, &info) == 0,
                info.st_mode & S_IFMT == S_IFREG
            else { continue }
            if let report = try? AuditReport.checkedBaseline(at: path) { return (path, report) }
        }
        return nil
    }

    /// The report of the run last written into `directory` (`--out DIR` used again), nil when there is none or it is
    /// not a report. A link or a FIFO in its place is passed over, never followed or opened.
    static func previousRun(in directory: String) -> (path: String, report: AuditReport)? {
        let path = (directory as NSString).appendingPathComponent("report.json")
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, lstat(path, &info) == 0,
            info.st_mode & S_IFMT == S_IFREG
        else { return nil }
        return (try? AuditReport.checkedBaseline(at: path)).map { (path, $0) }
    }

    /// Points Reports/latest at this run (atomically, via a temporary link of a random name that is created,
    /// never followed) and prunes runs beyond `keep`, the newest by name kept. Returns why `latest` could not be
    /// pointed at the run (a real folder restored from an artifact is in its place), nil when it was.
    ///
    /// Pruning spares a folder that another process is still writing or printing (its marker is locked), the folder
    /// `latest` names, and any folder that changed since this run `started`: a run that overlapped this one keeps
    /// its folder until a run that started after it ended prunes it, so every run's printed report path exists
    /// when it exits, and `latest` never names a removed folder. Nothing is followed: a link among the runs is
    /// removed itself.
    static func finishRun(_ directory: String, keep: Int?, started: Date) -> String? {
        let name = URL(fileURLWithPath: directory).lastPathComponent
        // The folder holding the run (Reports/, or the one a resumed run was made in): its `latest` names the run.
        var holding = (directory as NSString).deletingLastPathComponent
        if holding.isEmpty { holding = "." }
        let parent: RunFolder
        do {
            parent = try RunFolder.open(holding, creating: false)
        } catch {
            return "\(holding)/latest: not updated: \(describe(error))"
        }
        return RunMarker.withReportsLock(parent) {
            let problem = pointLatest(at: name, in: parent)
            guard let keep else { return problem }
            let latest = try? FileManager.default.destinationOfSymbolicLink(atPath: parent.path(of: "latest"))
            for old in runs().dropLast(keep).map(\.lastPathComponent) where old != name && old != latest {
                guard !RunMarker.inUse(old, in: parent), let modified = RunMarker.modified(old, in: parent),
                    modified < started
                else { continue }
                try? parent.remove(old)
            }
            return problem
        }
    }

    /// Renames a new link to `name` over `latest` in `reports`; why not, when it cannot be.
    static func pointLatest(at name: String, in reports: RunFolder) -> String? {
        let latest = reports.path(of: "latest")
        if reports.kind(of: "latest") == "a folder" {
            return "\(latest) is a folder, not a link: not updated; move it away"
        }
        var temporary = ""
        for _ in 0..<16 {
            temporary = ".latest.\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
            if symlinkat(name, reports.fd, temporary) == 0 { break }
            guard errno == EEXIST else { return "\(latest): \(String(cString: strerror(errno)))" }
            temporary = ""
        }
        guard !temporary.isEmpty else { return "\(latest): no free temporary name for its new link" }
        guard renameat(reports.fd, temporary, reports.fd, "latest") == 0 else {
            let code = errno
            unlinkat(reports.fd, temporary, 0)
            if code == EISDIR || code == ENOTEMPTY || code == EEXIST {
                return "\(latest) is a folder, not a link: not updated; move it away"
            }
            return "\(latest): not updated: \(String(cString: strerror(code)))"
        }
        return nil
    }

    /// Writes `name` in `folder` atomically (`RunFolder.writeAtomically`); a failure names the file and the reason.
    static func writeAtomically(
        in folder: RunFolder, _ name: String, _ produce: (_ sink: (Data) throws -> Void) throws -> Void
    ) throws {
        do {
            try folder.writeAtomically(name, produce)
        } catch let failure as RunFolder.Failure {
            throw failure
        } catch {
            throw Failure(path: folder.path(of: name), reason: describe(error))
        }
    }
}
