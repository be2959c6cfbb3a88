import Foundation

/// Runs the real binary as a child and reads its peak resident memory from the kernel (`wait4`'s rusage of that
/// one child), for the memory tests: `getrusage(RUSAGE_CHILDREN)` would mix in every other child of the test
/// process (the fixture server, binaries run by tests beside it).
public enum PeakMemory {
    public struct Run: Sendable {
        public var status: Int32
        /// Peak resident set size, in bytes.
        public var peak: Int
        public var stderr: String
        /// Killed by a signal (as when the address-space limit made an allocation fail).
        public var signalled: Bool
    }

    /// Runs `aasa-audit arguments` with `stdin` (a file path, or /dev/null) and its stdout discarded, under an
    /// address-space limit of `limitMiB`, so a build that grows without bound fails the test instead of the machine.
    public static func run(
        _ arguments: [String], stdin: String = "/dev/null", limitMiB: Int = 4_096, program: URL? = nil
    ) throws -> Run {
        let binary = (program ?? Binary.url).path
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-peak-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let script = "ulimit -v \(limitMiB * 1024); exec \"$0\" \"$@\""
        let argv = ["/bin/sh", "-c", script, binary] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw NSError(
                domain: "PeakMemory", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "spawn failed"])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let signalled = status & 0x7F != 0
        return Run(
            status: signalled ? -1 : (status >> 8) & 0xFF, peak: usage.ru_maxrss * 1024, stderr: stderr,
            signalled: signalled)
    }
}
