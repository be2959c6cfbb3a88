import Foundation

/// Local files the user names (or stdin for "-"); a missing, unreadable or oversized one is the user's mistake, so a
/// usage error with a sentence written for them. Pipes, process substitutions (`<(curl -s …)`) and `/dev/stdin`
/// are read as streams, up to the same cap, so `/dev/zero` cannot fill memory.
enum InputFile {
    /// The most read from one input: far above any real AASA file, entitlements or domain list.
    static let limit = 64 << 20

    static func read(_ path: String, command: String, limit: Int = limit) throws(UsageError) -> [UInt8] {
        let descriptor = try open(path, command: command)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read \(name(path)): \(reason(errno))", command: command)
            }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw UsageError("\(name(path)) is larger than \(limit >> 20) MiB: not read", command: command)
            }
        }
        return bytes
    }

    /// The file opened for reading (standard input for "-"); a missing file or a folder is a usage error.
    static func open(_ path: String, command: String) throws(UsageError) -> Int32 {
        if path == "-" { return STDIN_FILENO }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw UsageError(
                errno == ENOENT ? "no such file: \(path)" : "cannot read \(path): \(reason(errno))", command: command)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw UsageError("\(path) is a folder: give a file", command: command)
        }
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UsageError("cannot read \(path): \(reason(errno))", command: command) }
        return descriptor
    }

    /// How messages name the input: "standard input" for "-".
    static func name(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// `strerror`'s text in lower case, as a clause ("permission denied").
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
