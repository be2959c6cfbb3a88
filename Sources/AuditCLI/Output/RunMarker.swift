import AASA
import Audit
import Foundation

/// A run folder under Reports/ that a live process is still writing or about to print carries a `.running` file
/// locked with `flock` by that process: `--keep` pruning by another run skips it. The lock goes with the process
/// (a crashed run's marker is stale at once and blocks nothing); the file itself is removed when the process
/// exits, after the summary naming the folder is printed.
enum RunMarker {
    static let name = ".running"

    /// The markers this process holds, removed at exit; their descriptors stay open (and locked) until then.
    private static let held = Locked<[String]>([])

    /// Creates and locks `folder`'s marker (the folder is new, so the marker must be too: nothing planted in its
    /// place is followed) and records this process's pid in it for people looking.
    static func claim(_ folder: RunFolder) throws {
        guard let fd = try folder.open(name, .create) else { throw POSIXError(.ENOENT) }
        let path = folder.path(of: name)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            unlinkat(folder.fd, name, 0)
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

    /// Whether a live process holds the marker of the run folder `run` in `reports`. No marker, one whose process is
    /// gone, or anything but a regular file in a real folder (a link, a FIFO planted there: never followed, never
    /// waited on) is not in use.
    static func inUse(_ run: String, in reports: RunFolder) -> Bool {
        guard let folder = try? reports.folder(run), let fd = try? folder.open(name, .read) else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    /// Runs `body` holding a lock on the Reports/ folder itself (no lock file to leave behind), so creating and
    /// marking a run folder, and pruning and pointing `latest`, never interleave between processes. When the
    /// folder cannot be locked `body` runs anyway.
    static func withReportsLock<R>(_ reports: RunFolder, _ body: () throws -> R) rethrows -> R {
        // A descriptor of its own: the lock goes when it is closed.
        let fd = openat(reports.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        if fd >= 0 {
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        return try body()
    }

    /// When anything in the run folder `run` last changed (a file written, renamed in or removed), nil if it cannot
    /// be read; a link in its place is looked at, not followed.
    static func modified(_ run: String, in reports: RunFolder) -> Date? {
        var info = stat()
        guard fstatat(reports.fd, run, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return Date(
            timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
    }
}
