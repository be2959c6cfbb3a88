import AASA
import Audit
import Foundation
import TestSupport
import Testing

@Suite struct ReportsTests {
    static let server = FixtureServer.shared

    func run(_ arguments: [String], in directory: URL) async throws -> RunResult {
        try await Binary.run(
            ["audit"] + arguments + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout],
            environment: ["NO_COLOR": "1"],
            directory: directory)
    }

    @Test func nightlyRunsKeepLatestCompareWithThePreviousRunAndPrune() async throws {
        let cwd = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-nightly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
        let first = try await run(["good.aasa.test", "textplain.aasa.test"], in: cwd)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("changes since"), "no baseline on the first run")
        let second = try await run(
            ["good.aasa.test", "expiring.aasa.test", "--fail-on-change", "--keep", "2"], in: cwd)
        #expect(second.status == 1, "a change alone fails with --fail-on-change")
        #expect(second.stdout.contains("changes since"))
        let reports = cwd.appendingPathComponent("Reports")
        let latest = try FileManager.default.destinationOfSymbolicLink(
            atPath: reports.appendingPathComponent("latest").path)
        let report = try AuditReport.decode(
            Data(contentsOf: reports.appendingPathComponent(latest).appendingPathComponent("report.json")))
        let changes = try #require(report.changes)
        #expect(changes.domainsAdded == ["expiring.aasa.test"] && changes.domainsRemoved == ["textplain.aasa.test"])
        for name in ["report.json", "report.html", "urls.csv", "findings.csv"] {
            #expect(
                FileManager.default.fileExists(
                    atPath: reports.appendingPathComponent(latest).appendingPathComponent(name).path), "\(name)")
        }
        _ = try await run(["good.aasa.test"], in: cwd)
        _ = try await run(["good.aasa.test", "--keep", "2"], in: cwd)
        let runs = try FileManager.default.contentsOfDirectory(atPath: reports.path).filter {
            $0 != "latest" && !$0.hasPrefix(".")
        }
        #expect(runs.count == 2, "\(runs)")
    }

    @Test func twoRunsAtOnceNeverShareAFolder() async throws {
        let cwd = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-twice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for _ in 0..<3 {
                group.addTask { (try? await self.run(["good.aasa.test"], in: cwd).status) ?? -1 }
            }
            var all: [Int32] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses == [0, 0, 0])
        let runs = try FileManager.default.contentsOfDirectory(atPath: cwd.appendingPathComponent("Reports").path)
            .filter { $0 != "latest" && !$0.hasPrefix(".") }
        #expect(runs.count == 3)
        for run in runs {
            let data = try Data(contentsOf: cwd.appendingPathComponent("Reports/\(run)/report.json"))
            #expect(try AuditReport.decode(data).domains.count == 1)
        }
    }

    @Test func junitAndMarkdownFormats() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-fmt-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "notfound.aasa.test", "--format", "junit,markdown", "--out", out.path]
                + Self.server.auditArguments)
        #expect(result.status == 1)
        let junit = try String(contentsOf: out.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testcase classname="notfound.aasa.test" name="not-found">"#))
        let markdown = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("notfound.aasa.test | ❌ fail"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
    }

    @Test func checkWritesSARIF() async throws {
        let file = try Binary.write(#"{"applinks": {"details": [{"appIDs": ["com.acme.shop"], "paths": ["*"]}]}}"#)
        let result = try await Binary.run(["check", file.path, "--format", "sarif"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
    }
}
