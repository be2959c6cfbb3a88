import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --resume DIR` on a run folder edited by hand: run.json's options go through the command line's parser
/// (its ranges, its option names, its kinds), run.json and domains.jsonl are read only when they are regular
/// files, and a record's numbers are checked before the log is counted. Each is refused at planning, exit 2,
/// before any request: no network is needed.
@Suite struct UntrustedRunFolderTests {
    static func runFolder(options: Any, positionals: [String] = ["a.test"]) throws -> URL {
        let folder = try UntrustedShardTests.folder("run")
        let record: [String: Any] = [
            "options": options, "positionals": positionals, "domains": positionals, "underReports": false,
        ]
        try JSONSerialization.data(withJSONObject: record).write(to: folder.appendingPathComponent("run.json"))
        return folder
    }

    /// `--resume`, stopped after 120 s should it block or read for ever: a stopped run fails the test by its status.
    static func resume(_ folder: URL) async throws -> RunResult {
        try await Binary.run(["audit", "--resume", folder.path, "--quiet"], interrupt: (SIGKILL, 120))
    }

    static var refusals: [(options: [String: [Any]], message: String)] {
        [
            (["--shard": ["0/0"]], "--shard takes I/N with N from 1 to 10000 and I from 1 to N, not 0/0"),
            (["--max-pages": ["-5"], "--crawl": [""]], "--max-pages takes a whole number from 1 to 100000000, not -5"),
            (["--bogus": ["1"]], "unknown option --bogus"),
            (["--no-cdn": ["yes"]], "--no-cdn takes no value, not yes"),
            (["--timeout": ["abc"]], "--timeout takes a number of seconds from 0.001 to 3600, not abc"),
            (["--timeout": [5]], "is not a run record: options.--timeout[0] has the wrong type"),
            (["--concurrency": ["1", "2"]], "--concurrency was given more than once"),
        ]
    }

    /// `--shard 0/0` from run.json audited nothing and exited 0; a negative `--max-pages`, an unknown option and a
    /// wrong-typed value went through unchecked.
    @Test(arguments: refusals.indices) func anOptionValueFromRunJSONIsCheckedAsOnTheCommandLine(
        _ index: Int
    ) async throws {
        let (options, message) = Self.refusals[index]
        let folder = try Self.runFolder(options: options)
        let result = try await Self.resume(folder)
        #expect(result.status == 2, "\(result.stderr)")
        let separator = message.hasPrefix("is ") ? " " : ": "
        #expect(
            result.stderr
                == "aasa-audit audit: --resume \(folder.path): run.json\(separator)\(message)\n"
                + "Run 'aasa-audit audit --help' for its options.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
    }

    /// run.json as a FIFO or a device is refused by what the opened descriptor is, saying so (Foundation's reader
    /// refused both too, but as "missing or unreadable").
    @Test(arguments: ["fifo", "/dev/zero"]) func aRunJSONThatIsNotARegularFileIsRefused(_ kind: String) async throws {
        let folder = try UntrustedShardTests.folder("special")
        let path = folder.appendingPathComponent("run.json").path
        if kind == "fifo" {
            #expect(mkfifo(path, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kind)
        }
        let result = try await Self.resume(folder)
        #expect(result.status == 2, "\(result.stderr)")
        // Opened relative to the run folder without following a link (RunFolder): a link to a device is refused as
        // the link it is.
        let what =
            kind == "fifo"
            ? "a FIFO, not a file: refusing to read it" : "a symbolic link, not a file: refusing to read through it"
        #expect(
            result.stderr.hasPrefix("aasa-audit audit: --resume \(folder.path): \(path) is \(what)\n"),
            "\(result.stderr)")
    }

    /// A record in domains.jsonl whose truncation count is 2^63−1: counting the log trapped.
    @Test func aLogRecordWithANumberOutOfRangeIsRefused() async throws {
        let folder = try Self.runFolder(options: ["--no-cdn": [""]], positionals: ["a.test", "b.test"])
        var lines = ""
        for (index, name) in ["a.test", "b.test"].enumerated() {
            var report = try #require(
                try JSONSerialization.jsonObject(with: JSONOutput.encoder().encode(UntrustedShardTests.domain(name)))
                    as? [String: Any])
            var findings = report["findings"] as? [[String: Any]] ?? []
            findings[0]["omitted"] = ["check": "fetch-dns", "errors": Int.max, "warnings": 0, "infos": 0]
            report["findings"] = findings
            let record: [String: Any] = ["index": index, "partial": false, "report": report, "version": 2]
            lines += String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self) + "\n"
        }
        try Data(lines.utf8).write(to: folder.appendingPathComponent("domains.jsonl"))
        let result = try await Self.resume(folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "domains.jsonl: line 1: report.findings[0].omitted.errors: 9223372036854775807 is out of range"),
            "\(result.stderr)")
    }

    /// A folder written before the log had a format (its lines `{"index","report"}`, `partial` spliced in) is
    /// refused whole, naming both formats, before any request, and its log is left as it was.
    @Test func aLogOfAnOlderFormatIsRefusedNamingBothFormats() async throws {
        let folder = try Self.runFolder(options: ["--no-cdn": [""]], positionals: ["a.test", "b.test"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: JSONOutput.encoder().encode(UntrustedShardTests.domain("a.test")))
                as? [String: Any])
        let line = try JSONSerialization.data(withJSONObject: ["index": 0, "report": report], options: .sortedKeys)
        let log = folder.appendingPathComponent("domains.jsonl")
        try (line + Data("\n".utf8)).write(to: log)
        let result = try await Self.resume(folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "aasa-audit audit: --resume \(folder.path): \(log.path) is in log format 1, written by an older "
                    + "aasa-audit; this version resumes only log format 2, so start a new run\n"), "\(result.stderr)")
        #expect(try Data(contentsOf: log) == line + Data("\n".utf8), "the log is left as it was")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
    }
}
