import Foundation
import TestSupport
import Testing

/// `Scripts/demo --serve`, as the README's quick starts use it: the demo sites stay up, the printed `$DEMO`
/// options point the real binary at them, and Ctrl-C stops them.
@Suite struct DemoServeTests {
    /// The script's output so far.
    static func output(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    @Test func theDemoSitesStayUpAndThePrintedOptionsReachThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("serve.out")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let script = Process()
        // The script runs with no signal blocked, as from a terminal: the test runner's threads block SIGINT and
        // SIGTERM, and a child inherits that mask (bash cannot unblock it, so Ctrl-C would never arrive).
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = [
            "python3", "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            Binary.root.appendingPathComponent("Scripts/demo").path, "--serve",
        ]
        script.currentDirectoryURL = Binary.root
        // The binary under test, so the script builds nothing; a debug build if an older script builds anyway.
        script.environment = ProcessInfo.processInfo.environment.merging(
            ["AASA_DEMO_BINARY": Binary.url.path, "AASA_DEMO_BUILD": "debug"]) { $1 }
        script.standardInput = FileHandle.nullDevice
        script.standardOutput = try FileHandle(forWritingTo: log)
        script.standardError = script.standardOutput
        try script.run()
        defer { if script.isRunning { script.terminate() } }

        // Waits for the line to paste (building nothing, the server starts within seconds; the cap only keeps a
        // broken script from hanging the suite).
        var demo: String?
        for _ in 0..<600 where demo == nil {
            demo = Self.output(log).split(separator: "\n").first { $0.contains("export DEMO=\"") }.map {
                String($0.split(separator: "\"")[1])
            }
            if demo == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        let options = try #require(demo, "no export DEMO line: \(Self.output(log))").split(separator: " ").map(
            String.init)
        #expect(options.count == 4 && options[0] == "--connect-to" && options[2] == "--ca-cert")
        #expect(options[1].hasPrefix("::127.0.0.1:"), "every name to the demo server on loopback")
        let text = Self.output(log)
        #expect(text.contains("    " + options.joined(separator: " ") + "\n"), "the options, to paste as they are")
        #expect(text.contains("export PATH=\"\(Binary.url.deletingLastPathComponent().path):$PATH\""))
        #expect(text.contains("--cdn-base https://cdn.aasa.test/a/v1/"))

        // The quick starts' commands, with the printed options, reach the sites; the server outlives each run.
        let cdn = ["--cdn-base", "https://cdn.aasa.test/a/v1/"]
        let out = folder.appendingPathComponent("good").path
        let audit = try await Binary.run(["audit", "good.aasa.test"] + options + cdn + ["--out", out, "--quiet"])
        #expect(audit.status == 0, "\(audit.stderr)")
        let match = try await Binary.run(
            ["match", "--domain", "good.aasa.test"] + options + ["https://good.aasa.test/shop/1"])
        #expect(match.status == 0 && match.stdout.contains("opens the app"), "\(match.stdout)\(match.stderr)")
        #expect(script.isRunning, "the sites stay up between commands")

        // Ctrl-C stops the sites and the script exits cleanly.
        kill(script.processIdentifier, SIGINT)
        script.waitUntilExit()
        #expect(script.terminationReason == .exit && script.terminationStatus == 0, "\(Self.output(log))")
        let after = try await Binary.run([
            "audit", "good.aasa.test", "--connect-to", options[1], "--no-cdn", "--timeout", "5", "--out",
            folder.appendingPathComponent("after").path,
        ])
        #expect(after.status == 1 && after.stdout.contains("fetch-connect"), "the server is gone: \(after.stdout)")
    }
}
