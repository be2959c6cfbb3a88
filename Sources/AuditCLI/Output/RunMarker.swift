import AASA
import Foundation

/// A run folder under Reports/ that a live process is still writing or about to print carries a `.running` file
/// locked with `flock` by that process: `--keep` pruning by another run skips it. The lock goes with the process
/// (a crashed run's marker is stale at once and blocks nothing); the file itself is removed when the process
/// exits, after the summary naming the folder is printed.
enum RunMarker {
    static let name = ".running"

    /// The markers this process holds, removed at exit; their descriptors stay open (and locked) until then.
    private static let held = Locked<[String]>([])

    /// Creates and locks `folder`'s marker (the folder is new, so the marker must be too) and records this
    /// process's pid in it for people looking.
    static func claim(_ folder: URL) throws {
        let path = folder.appendingPathComponent(name).path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            unlink(path)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let first = held.withLock { markers in
            markers.append(path)
            return markers.count == 1
        }
        if first { atexit { RunMarker.releaseAll() } }
    }

    /// Removes this process's markers; the kernel drops their locks as the process ends.
    static func releaseAll() {
        for path in held.withLock({ $0 }) { unlink(path) }
    }

    /// Whether a live process holds `folder`'s marker. No marker, or one whose process is gone, is not in use.
    static func inUse(_ folder: URL) -> Bool {
        let fd = open(folder.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    /// Runs `body` holding a lock on the Reports/ folder itself (no lock file to leave behind), so creating and
    /// marking a run folder, and pruning and pointing `latest`, never interleave between processes. When the
    /// folder cannot be opened `body` runs anyway.
    static func withReportsLock<R>(_ reports: URL, _ body: () throws -> R) rethrows -> R {
        let fd = open(reports.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        if fd >= 0 {
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        return try body()
    }

    /// When anything in `folder` last changed (a file written, renamed in or removed), nil if it cannot be read.
    static func modified(_ folder: URL) -> Date? {
        var info = stat()
        guard stat(folder.path, &info) == 0 else { return nil }
        return Date(
            timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
    }
}
