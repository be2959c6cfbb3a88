import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Overlapping runs into one Reports/ with `--keep`: none prunes a folder another is writing, each run's printed
/// report path exists when it exits, and Reports/latest always names a folder that exists.
@Suite struct ConcurrentRunsTests {
    static let server = FixtureServer.shared

    /// Runs the binary, then says at once whether the path it printed after "report: " exists.
    static let checkAtExit = [
        "/bin/sh", "-c",
        #"out=$("$0" "$@"); status=$?; printf '%s\n' "$out"; path=$(printf '%s\n' "$out" | sed -n 's/^report: //p'); "#
            + #"if [ -n "$path" ] && [ -e "$path" ]; then echo EXISTS-AT-EXIT; else echo MISSING-AT-EXIT; fi; exit $status"#,
    ]

    func run(_ arguments: [String], in directory: URL) async throws -> RunResult {
        try await Binary.run(
            ["audit", "good.aasa.test", "--no-cdn", "--timeout", FixtureServer.roomyTimeout, "--format", "json"]
                + arguments
                + Self.server.arguments,
            environment: ["NO_COLOR": "1"], directory: directory, through: Self.checkAtExit)
    }

    /// An old run folder, with a marker held by `lock` when given (a live run), else a stale one (a crashed run).
    func oldRun(_ name: String, in reports: URL, lockedBy lock: Bool) throws -> Int32? {
        let folder = reports.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = folder.appendingPathComponent(".running").path
        let fd = open(marker, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0)
        if lock { #expect(flock(fd, LOCK_EX | LOCK_NB) == 0) } else { close(fd) }
        let old = Date(timeIntervalSinceNow: -86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path)
        return lock ? fd : nil
    }

    @Test func overlappingRunsWithKeepOneNeverPruneEachOther() async throws {
        let cwd = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-overlap-\(UUID().uuidString)")
        let reports = cwd.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let live = try #require(try oldRun("20000101T000001Z", in: reports, lockedBy: true))
        defer { close(live) }
        _ = try oldRun("20000101T000000Z", in: reports, lockedBy: false)

        let results = await withTaskGroup(of: RunResult?.self) { group in
            // Each run takes a few seconds (a polite crawl of three pages), so all six overlap: a run started after
            // another had exited could rightly prune that one's folder before its caller looked.
            let slow = ["--keep", "1", "--crawl", "--max-pages", "3", "--delay", "1"]
            for _ in 0..<6 { group.addTask { try? await self.run(slow, in: cwd) } }
            var all: [RunResult?] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results {
            let result = try #require(result)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("EXISTS-AT-EXIT"), "\(result.stdout)\(result.stderr)")
        }
        let latest = reports.appendingPathComponent("latest/report.json").path
        #expect(FileManager.default.fileExists(atPath: latest), "Reports/latest names an existing run")
        #expect(
            FileManager.default.fileExists(atPath: reports.appendingPathComponent("20000101T000001Z").path),
            "a folder whose marker a live process holds is never pruned")

        // A run that starts after all of them prunes everything but itself and the live one; no marker is left.
        let last = try await run(["--keep", "1"], in: cwd)
        #expect(last.status == 0 && last.stdout.contains("EXISTS-AT-EXIT"), "\(last.stdout)\(last.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: reports.path).filter { !$0.hasPrefix(".") }
            .sorted()
        let target = try FileManager.default.destinationOfSymbolicLink(
            atPath: reports.appendingPathComponent("latest").path)
        #expect(left == ["20000101T000001Z", target, "latest"].sorted(), "\(left)")
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("\(target)/.running").path))
    }
}
