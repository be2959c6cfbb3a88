import Foundation
import Synchronization

/// The Python HTTPS fixture (Tests/Fixtures/server.py) running for a test suite: every host name under
/// aasa.test is answered on loopback by scenario, with certificates made at start.
public final class FixtureServer: Sendable {
    public let port: Int
    /// The listener that offers only TLS 1.1 and older.
    public let oldTLSPort: Int
    /// A listener that accepts connections and never answers (the TLS handshake stalls).
    public let stallPort: Int
    /// The plain-HTTP listener (port 80's stand-in): every request gets a 301 to the same URL over https.
    public let plainHTTPPort: Int
    public let caPath: String
    private let process: Process
    private let stdin: Pipe

    /// curl-style mappings that send every fixture host to this server (refused.aasa.test to a closed port).
    public var connectTo: [String] {
        [
            "refused.aasa.test:443:127.0.0.1:1", "tls11.aasa.test:443:127.0.0.1:\(oldTLSPort)",
            "stall.aasa.test:443:127.0.0.1:\(stallPort)", "::127.0.0.1:\(port)",
        ]
    }

    /// Sends port 80 of every fixture host to the plain-HTTP listener; put before `connectTo`, whose last mapping
    /// takes every port. Only tests that mean to follow http:// URLs add it.
    public var plainHTTPConnectTo: String { ":80:127.0.0.1:\(plainHTTPPort)" }

    /// `arguments` with port 80 on the plain-HTTP listener.
    public var plainHTTPArguments: [String] { ["--connect-to", plainHTTPConnectTo] + arguments }

    /// The same mappings as command-line arguments.
    public var arguments: [String] {
        connectTo.flatMap { ["--connect-to", $0] } + ["--ca-cert", caPath]
    }

    /// `audit`'s arguments: the mappings plus the fixture's stand-in for Apple's CDN (never the real one).
    public var auditArguments: [String] { arguments + ["--cdn-base", "https://cdn.aasa.test/a/v1/"] }

    /// `audit --android` with the fixture's stand-in for Google's Digital Asset Links API (never the real one).
    public var androidArguments: [String] { ["--android", "--dal-base", "https://dal.aasa.test/v1/statements:list"] }

    /// `--timeout` for runs whose subject is not the timeout: room for a loaded machine, where a loopback fetch has
    /// taken seconds (on a loaded CI machine a fixture CDN fetch once failed a `--timeout 3` run with a cdn-failure).
    /// The fixture's fast hosts answer at once, so a roomy limit costs nothing; its slow ones are given their own.
    public static let roomyTimeout = "30"

    private init(
        process: Process, stdin: Pipe, port: Int, oldTLSPort: Int, stallPort: Int, plainHTTPPort: Int, caPath: String
    ) {
        self.stallPort = stallPort
        self.plainHTTPPort = plainHTTPPort
        self.process = process
        self.stdin = stdin
        self.port = port
        self.oldTLSPort = oldTLSPort
        self.caPath = caPath
    }

    /// Shared by all suites of one test process; it exits when the process does (its stdin closes).
    public static let shared: FixtureServer = {
        do { return try start() } catch { fatalError("fixture server did not start: \(error)") }
    }()

    public static func start() throws -> FixtureServer {
        let script = Binary.root.appendingPathComponent("Tests/Fixtures/server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path]
        let out = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardInput = input
        process.standardError = FileHandle.standardError
        try process.run()
        // A watchdog kills a server that never says READY, which unblocks the read below.
        let ready = Atomic<Bool>(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            if !ready.load(ordering: .acquiring) { process.terminate() }
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        ready.store(true, ordering: .releasing)
        let text = String(decoding: line, as: UTF8.self)
        var fields: [String: String] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        guard text.hasPrefix("READY"), let port = fields["port"].flatMap(Int.init),
            let old = fields["tls11port"].flatMap(Int.init), let stall = fields["stallport"].flatMap(Int.init),
            let plain = fields["httpport"].flatMap(Int.init), let ca = fields["ca"]
        else {
            throw NSError(
                domain: "FixtureServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "unexpected: \(text)"])
        }
        return FixtureServer(
            process: process, stdin: input, port: port, oldTLSPort: old, stallPort: stall, plainHTTPPort: plain,
            caPath: ca)
    }

    public func stop() {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
