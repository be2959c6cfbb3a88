import AASA
import Foundation

/// What one run of the real `aasa-audit` binary did.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// When the process was seen to exit, taken on the thread that waited for it: timing assertions use this, not
    /// the moment the awaiting test was scheduled again.
    public var exitedAt = Date()
    /// When the process was started.
    public var startedAt = Date()
    /// When `interrupt` sent its signal; nil when it was not sent.
    public var signalledAt: Date?
}

public enum Binary {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The built binary: $AASA_AUDIT_BINARY, else beside the test bundle, else .build/debug.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["AASA_AUDIT_BINARY"] { return URL(fileURLWithPath: path) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("aasa-audit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/aasa-audit")
    }

    /// Runs the binary on a thread of its own and waits without holding one of the test pool's threads: a blocked
    /// pool (two threads here) stalled unrelated async tests for seconds.
    public static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], directory: URL? = nil,
        through wrapper: [String] = [], interrupt: (signal: Int32, after: Double)? = nil,
        signalWhen: (signal: Int32, ready: @Sendable () -> Bool)? = nil, program: URL? = nil
    ) async throws -> RunResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            arguments, stdin: stdin, environment: environment, directory: directory,
                            through: wrapper, interrupt: interrupt, signalWhen: signalWhen, program: program)
                    })
            }.start()
        }
    }

    /// `through` runs the binary under another program (`["/bin/sh", "-c", "ulimit -f 2; exec \"$0\" \"$@\""]`);
    /// `interrupt` sends it a signal that many seconds after it started; `signalWhen` sends one as soon as `ready`
    /// says so (asked every 10 ms while the process runs), for a test whose subject is a moment of the run, not a
    /// time a loaded machine may miss; `program` runs another executable (an unpacked release, a script) the same
    /// way.
    static func runBlocking(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], directory: URL? = nil,
        through wrapper: [String] = [], interrupt: (signal: Int32, after: Double)? = nil,
        signalWhen: (signal: Int32, ready: @Sendable () -> Bool)? = nil, program: URL? = nil
    ) throws -> RunResult {
        precondition(interrupt == nil || signalWhen == nil, "Binary.run: interrupt or signalWhen, not both")
        let process = Process()
        let executable = program ?? url
        if let wrapperProgram = wrapper.first {
            process.executableURL = URL(fileURLWithPath: wrapperProgram)
            process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let startedAt = Date()
        let signalledAt = Locked<Date?>(nil)
        let exited = Locked(false)
        // A time is a condition like any other: one watcher sends either, and none once the process was waited for.
        let watched: (signal: Int32, ready: @Sendable () -> Bool)? =
            signalWhen
            ?? interrupt.map { interrupt in
                let deadline = startedAt.addingTimeInterval(interrupt.after)
                return (interrupt.signal, { Date() >= deadline })
            }
        if let signal = watched {
            let pid = process.processIdentifier
            Thread {
                while !exited.withLock({ $0 }) {
                    if signal.ready() {
                        signalledAt.withLock { $0 = Date() }
                        kill(pid, signal.signal)
                        return
                    }
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }.start()
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        exited.withLock { $0 = true }
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), exitedAt: Date(), startedAt: startedAt,
            signalledAt: signalledAt.withLock { $0 })
    }

    public static func write(_ text: String, name: String = "apple-app-site-association") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}
