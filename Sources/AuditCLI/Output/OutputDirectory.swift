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
    static func fileInTheWay(of path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        while url.path != "/" && !url.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    static func prepare(_ out: String?, started: Date) throws -> URL {
        let url: URL
        if let out {
            url = URL(fileURLWithPath: out)
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            // Two runs in the same second (or two processes) each get their own folder.
            let base = formatter.string(from: started)
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
            // Created and marked under the lock on Reports/: a pruning run never sees the folder unmarked.
            url = try RunMarker.withReportsLock(reports) {
                // Numbered after the highest run of the same second, so names sort in the order runs began even
                // when an earlier number was pruned.
                var n = runs().compactMap { order($0.lastPathComponent) }.filter { $0.base == base }.map(\.n).max() ?? 0
                n += 1
                var candidate = reports.appendingPathComponent(n == 1 ? base : "\(base)-\(n)")
                while (try? FileManager.default.createDirectory(at: candidate, withIntermediateDirectories: false))
                    == nil
                {
                    n += 1
                    candidate = reports.appendingPathComponent("\(base)-\(n)")
                    if n > 1000 { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: candidate.path]) }
                }
                try RunMarker.claim(candidate)
                return candidate
            }
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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
            if let report = try? AuditReport.checkedBaseline(at: path) { return (path, report) }
        }
        return nil
    }

    /// Points Reports/latest at this run (atomically, via a temporary link) and prunes runs beyond `keep`, the
    /// newest by name kept. Pruning spares a folder that another process is still writing or printing (its
    /// marker is locked), the folder `latest` names, and any folder that changed since this run `started`: a
    /// run that overlapped this one keeps its folder until a run that started after it ended prunes it, so every
    /// run's printed report path exists when it exits, and `latest` never names a removed folder.
    static func finishRun(_ directory: URL, keep: Int?, started: Date) {
        RunMarker.withReportsLock(reports) {
            let temporary = reports.appendingPathComponent(".latest.\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: temporary)
            if (try? FileManager.default.createSymbolicLink(
                atPath: temporary.path, withDestinationPath: directory.lastPathComponent)) != nil
            {
                _ = rename(temporary.path, reports.appendingPathComponent("latest").path)
            }
            guard let keep else { return }
            let latest = try? FileManager.default.destinationOfSymbolicLink(
                atPath: reports.appendingPathComponent("latest").path)
            for old in runs().dropLast(keep)
            where old.lastPathComponent != directory.lastPathComponent && old.lastPathComponent != latest {
                guard !RunMarker.inUse(old), let modified = RunMarker.modified(old), modified < started else {
                    continue
                }
                try? FileManager.default.removeItem(at: old)
            }
        }
    }

    /// Writes what `produce` hands over to a temporary file beside `url`, then renames it into place: readers
    /// see the old file or the whole new one, never a torn one (and a full disk leaves the old file). A failure
    /// names the file and the system's reason.
    static func writeAtomically(to url: URL, _ produce: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try produce { try handle.write(contentsOf: $0) }
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(path: url.path, reason: describe(error))
        }
    }
}
