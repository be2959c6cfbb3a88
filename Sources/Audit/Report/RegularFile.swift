import AASA
import Foundation

/// A local file the tool reads back (a shard's report, a baseline, a run's `run.json`), opened only when it is a
/// regular file: a FIFO would block the run forever, `/dev/zero` would be read forever, and a folder or a device is
/// no report. Opened with `O_NONBLOCK`, so a FIFO with no writer cannot block the open itself, and the kind is asked
/// of the open descriptor (`fstat`), so nothing can swap the file between the check and the reads.
public enum RegularFile {
    /// Why the file was not opened or read.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var file: String
        /// What it is when it exists but is not a regular file ("a FIFO", "a device", "a directory").
        public var kind: String?
        /// The system's error number when it could not be opened or read (0 otherwise).
        public var code: Int32 = 0
        /// Said instead of the system's reason (a file over its size limit).
        var text: String?

        /// As a clause: "a FIFO, not a regular file", "no such file or directory".
        public var reason: String { text ?? kind.map { "\($0), not a regular file" } ?? RegularFile.reason(code) }
        public var notRegular: Bool { kind != nil }
        public var description: String { "\(file): \(reason)" }
    }

    /// A descriptor open for reading on the regular file at `path`; the caller closes it.
    public static func open(_ path: String) throws(Refusal) -> Int32 {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal(file: path, code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw Refusal(file: path, code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Refusal(file: path, kind: kind(status.st_mode))
        }
        return fd
    }

    /// The whole file, refused when it is not a regular file or holds more than `limit` bytes (read up to one byte
    /// past the limit, never more, whatever its size says).
    public static func contents(_ path: String, limit: Int) throws(Refusal) -> [UInt8] {
        let fd = try open(path)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw Refusal(file: path, code: errno)
            }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw Refusal(file: path, text: "larger than \(JSONScanner.size(limit)), more than any such file holds")
            }
        }
    }

    /// What a file of this mode is, with its article: "a FIFO", "a directory".
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// `strerror`'s text in lower case, as a clause ("no such file or directory").
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// `length` bytes at `offset` of an open file, read until all have come (a short read is not the end); throws
    /// the reason when the file ends early ("ends early") or the system refuses (its text).
    static func bytes(of fd: Int32, at offset: Int64, length: Int) throws -> [UInt8] {
        try readFully(fd, at: offset, length: length)
    }
}
