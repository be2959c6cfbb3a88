import Foundation
import TestSupport
import Testing

/// Text from a shard, a domain list or a site reaches stderr and stdout escaped on one line: a GitHub Actions
/// runner executing `aasa-audit merge` in a plain `run:` step must never read a line of it as a workflow command
/// (`::add-mask::`, `::error::`, `##[…]`), and no line break in it may start a line of its own.
@Suite struct OutputChannelTests {
    static let server = FixtureServer.shared
    static let injected = "x\n::add-mask::secret\r\n  ::error title=t::pwned\n##[warning]boom\u{2028}::notice::y"

    /// Whether any line would run as a workflow command (the runner trims leading white space first).
    static func commands(in text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
            return trimmed.hasPrefix("::") || line.contains("##[")
        }
    }

    /// A shard's report.json with one value replaced.
    static func tamper(_ folder: URL, _ change: (inout [String: Any]) -> Void) throws {
        let file = folder.appendingPathComponent("report.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    func shards() async throws -> [URL] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-channels-\(UUID().uuidString)")
        var folders: [URL] = []
        for index in 1...2 {
            let out = work.appendingPathComponent("s\(index)")
            folders.append(out)
            let result = try await Binary.run(
                [
                    "audit", "good.aasa.test", "notfound.aasa.test", "--shard", "\(index)/2", "--out", out.path,
                    "--format", "json",
                ] + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout])
            #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        }
        return folders
    }

    @Test func aShardsRefusedLinesAndVersionCannotSpellAWorkflowCommand() async throws {
        let folders = try await shards()
        let out = folders[0].deletingLastPathComponent().appendingPathComponent("merged").path
        try Self.tamper(folders[0]) {
            $0["inputErrors"] = [["input": Self.injected, "source": "d.txt:1\n::error::src", "reason": Self.injected]]
        }
        var result = try await Binary.run(["merge", folders[0].path, folders[1].path, "--out", out])
        #expect(result.stderr.contains("d.txt:1"), "the refused line is still named: \(result.stderr)")
        #expect(Self.commands(in: result.stderr).isEmpty, "\(result.stderr)")
        #expect(Self.commands(in: result.stdout).isEmpty, "\(result.stdout)")

        try Self.tamper(folders[1]) { object in
            var tool = object["tool"] as? [String: Any] ?? [:]
            tool["version"] = Self.injected
            object["tool"] = tool
        }
        result = try await Binary.run(["merge", folders[0].path, folders[1].path, "--out", out + "-2"])
        #expect(result.status == 2 && result.stderr.contains("different versions"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "one sentence and the help line: \(result.stderr)")
        #expect(Self.commands(in: result.stderr).isEmpty, "\(result.stderr)")
    }

    @Test func aRefusedDomainLineCannotSpellAWorkflowCommand() async throws {
        let list = try Binary.write("good.aasa.test\n  ::add-mask::x ##[error]y\n", name: "domains.txt")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-channels-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "--domains", list.path, "--out", out.path, "--format", "json"] + Self.server.auditArguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("domains.txt:2"), "\(result.stderr)")
        #expect(Self.commands(in: result.stderr).isEmpty && Self.commands(in: result.stdout).isEmpty)
    }
}
