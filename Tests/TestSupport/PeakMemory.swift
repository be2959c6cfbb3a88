import Foundation

/// Runs the real binary and reads its peak resident memory from the kernel (`wait4`'s rusage of that one process),
/// for the memory tests: `getrusage(RUSAGE_CHILDREN)` would mix in every other child of the test process (the
/// fixture server, binaries run by tests beside it). The binary is a grandchild, forked by a small Python process:
/// Linux folds the memory a process had before `execve` into its peak, and a child of the test process (spawned
/// with CLONE_VM, or forked) starts with the test process's pages, so the binary's peak read that way was the test
/// process's (282–318 MB beside the release suite for a run that peaks at 37 MB).
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
        let resultPath = errPath + ".rusage"
        defer { try? FileManager.default.removeItem(atPath: resultPath) }
        let argv =
            ["/usr/bin/env", "python3", "-c", Self.forker, resultPath, String(limitMiB << 20), binary] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw NSError(
                domain: "PeakMemory", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "spawn failed"])
        }
        var forkerStatus: Int32 = 0
        while waitpid(pid, &forkerStatus, 0) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count == 2, let status = Int32(fields[0]), let maxrss = Int(fields[1]) else {
            throw NSError(
                domain: "PeakMemory", code: Int(forkerStatus),
                userInfo: [NSLocalizedDescriptionKey: "the forker wrote no result: \(stderr.suffix(300))"])
        }
        let signalled = status & 0x7F != 0
        return Run(
            status: signalled ? -1 : (status >> 8) & 0xFF, peak: maxrss * 1024, stderr: stderr,
            signalled: signalled)
    }

    /// Forks the binary under an address-space limit (a build that grows without bound fails the test instead of
    /// the machine), waits for it and writes its raw wait status and peak RSS (KiB) to the file named first.
    static let forker = """
        import os, resource, sys
        out, limit, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
        pid = os.fork()
        if pid == 0:
            try:
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        with open(out, "w") as f:
            f.write("%d %d" % (status, usage.ru_maxrss))
        """
}
