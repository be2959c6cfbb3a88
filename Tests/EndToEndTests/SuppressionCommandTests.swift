import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Ignore entries (`.aasa-audit.json`, `--config`, `--ignore`) through the real binary: a suppressed finding stays
/// in every report, counted apart, and no longer fails the run; a stale entry is reported; a bad config file is
/// refused with its line and column. otherapp.aasa.test's only finding is a `rule-captures-sensitive` warning.
@Suite struct SuppressionCommandTests {
    static let server = FixtureServer.shared
    static let host = "otherapp.aasa.test"

    /// A working folder holding `config` as .aasa-audit.json (none when nil).
    func folder(config: String?) throws -> URL {
        let dir = try tempDirectory()
        if let config { try Data(config.utf8).write(to: dir.appendingPathComponent(".aasa-audit.json")) }
        return dir
    }

    func audit(_ extra: [String], in directory: URL) async throws -> (RunResult, URL) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", Self.host] + Self.server.auditArguments + [
                "--timeout", "15", "--out", out.path, "--fail-on", "warning", "--format",
                "json,html,csv,junit,markdown",
            ] + extra, environment: ["NO_COLOR": "1"], directory: directory)
        return (result, out)
    }

    static let config = """
        {
          "ignore": [
            {"check": "rule-captures-sensitive", "domain": "*.AASA.test",
             "reason": "the site sends no marketing mail"}
          ]
        }
        """

    @Test func theWorkingFoldersConfigSilencesAFindingInEveryFormatAndTheExitStatus() async throws {
        let plain = try await audit([], in: try folder(config: nil))
        #expect(plain.0.status == 1, "the scenario fails --fail-on warning without the entry: \(plain.0.stdout)")

        let (result, out) = try await audit([], in: try folder(config: Self.config))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("0 errors, 0 warnings, 0 infos, 1 suppressed"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "the entry matched, so nothing is stale: \(result.stderr)")
        let (report, object) = try readReport(out)
        let finding = try #require(report.domains.first?.findings.first { $0.id == "rule-captures-sensitive" })
        #expect(finding.suppressed == true)
        #expect(finding.suppressedReason == "the site sends no marketing mail")
        #expect(report.domains.first?.verdict == .pass)
        #expect(report.summary.suppressed == 1 && report.summary.warnings == 0)
        #expect(object["unusedIgnores"] == nil)

        func read(_ name: String) throws -> String {
            try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
        }
        #expect(try read("summary.md").contains("0 errors, 0 warnings · 1 suppressed"))
        #expect(try read("report.html").contains(#"<div class="card"><b>1</b>suppressed</div>"#))
        #expect(try read("report.html").contains("<summary>1 suppressed</summary>"))
        let junit = try read("report.junit.xml")
        #expect(junit.contains(#"failures="0" skipped="1">"#), "\(junit.prefix(300))")
        #expect(junit.contains(#"<skipped message="suppressed: the site sends no marketing mail"/>"#))
        let csv = try read("findings.csv")
        #expect(csv.split(separator: "\r\n").first?.hasSuffix(",suppressed,suppressed_reason") == true, "\(csv)")
        #expect(csv.contains(",yes,the site sends no marketing mail"), "\(csv)")
    }

    @Test func configNamesAnotherFileAndTheWorkingFoldersIsNotRead() async throws {
        let other = try Binary.write(Self.config, name: "ci-ignores.json")
        let (result, _) = try await audit(["--config", other.path], in: try folder(config: "not json"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 suppressed"))
    }

    @Test func noConfigLeavesTheWorkingFoldersFileUnread() async throws {
        let (result, _) = try await audit(["--no-config"], in: try folder(config: Self.config))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("suppressed"))
    }

    @Test func ignoreOnTheCommandLineSilencesOneDomainWithCommandLineAsItsReason() async throws {
        let (result, out) = try await audit(
            ["--ignore", "rule-captures-sensitive@otherapp.aasa.*"], in: try folder(config: nil))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        #expect(report.domains.first?.findings.first?.suppressedReason == "command line")

        let elsewhere = try await audit(["--ignore", "rule-captures-sensitive@acme.com"], in: try folder(config: nil))
        #expect(elsewhere.0.status == 1, "an entry for another domain silences nothing")
    }

    @Test func anEntryThatMatchedNothingIsReportedButLeavesTheExitStatus() async throws {
        let config = """
            {"ignore": [
              {"check": "rule-captures-sensitive", "reason": "no marketing mail"},
              {"check": "tls-expired", "domain": "shop.acme.com", "reason": "renewed on Friday"}
            ]}
            """
        let (result, out) = try await audit([], in: try folder(config: config))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: the ignore entry for tls-expired on shop.acme.com (.aasa-audit.json:3) matched no finding"),
            "\(result.stderr)")
        let (report, _) = try readReport(out)
        #expect(report.unusedIgnores?.map(\.check) == ["tls-expired"])
        #expect(report.unusedIgnores?.first?.source == ".aasa-audit.json:3")
    }

    /// Each bad config file: its text and what the one-line error must say, with the line and column.
    static let badConfigs: [(String, String)] = [
        (
            #"{"ignore": [{"check": "rule-capture-sensitive", "reason": "x"}]}"#,
            #".aasa-audit.json:1:23: no check is called "rule-capture-sensitive" (did you mean rule-captures-sensitive?)"#
        ),
        (
            #"{"ignores": []}"#,
            #".aasa-audit.json:1:2: unknown key "ignores" in the top level (did you mean "ignore"?)"#
        ),
        (
            "{\"ignore\": [\n  {\"check\": \"tls-expired\"}\n]}",
            #".aasa-audit.json:2:3: this ignore entry has no "reason""#
        ),
        (#"{"ignore": [{"check": "tls-expired", "reason": "  "}]}"#, #".aasa-audit.json:1:48: "reason" is empty"#),
        (
            #"{"ignore": [{"check": "tls-expired", "reason": "r", "domian": "a.com"}]}"#,
            #".aasa-audit.json:1:53: unknown key "domian" in an ignore entry (did you mean "domain"?)"#
        ),
        (
            #"{"ignore": [{"check": "tls-expired", "reason": "r", "domain": "https://a.com/"}]}"#,
            #".aasa-audit.json:1:63: "https://a.com/" is not a domain"#
        ),
        (
            #"{"ignore": [{"check": "tls-expired", "reason": "r", "pointer": "applinks/details"}]}"#,
            #".aasa-audit.json:1:64: "applinks/details" is not a JSON Pointer"#
        ),
        ("{\"ignore\": [],}\n", ".aasa-audit.json:1:14: "),
        ("{\"ignore\": [{\"check\": \"caf\u{E9}\"", ".aasa-audit.json:1:"),
        (#"{"ignore": {"check": "tls-expired"}}"#, #".aasa-audit.json:1:12: "ignore" must be an array"#),
        ("", ".aasa-audit.json:1:1: the file is empty"),
    ]

    @Test(arguments: badConfigs.indices) func aBadConfigFileIsRefusedWithItsLineAndColumn(_ index: Int) async throws {
        let (text, expected) = Self.badConfigs[index]
        let result = try await Binary.run(
            ["check", try Binary.write(cleanFile).path], environment: ["NO_COLOR": "1"],
            directory: try folder(config: text))
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("aasa-audit check: " + expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "one line and where to get help: \(result.stderr)")
    }

    @Test func aConfigFileInLatin1IsRefusedAtItsByte() async throws {
        let dir = try folder(config: nil)
        try Data(#"{"ignore": [{"check": "tls-expired", "reason": "caf"#.utf8 + [0xE9] + Array(#""}]}"#.utf8))
            .write(to: dir.appendingPathComponent(".aasa-audit.json"))
        let result = try await Binary.run(["check", try Binary.write(cleanFile).path], directory: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".aasa-audit.json:1:52: byte 0xE9 is not valid UTF-8"), "\(result.stderr)")
    }

    @Test func aConfigThatIsAFolderOrMissingIsRefused() async throws {
        let dir = try folder(config: nil)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(".aasa-audit.json"), withIntermediateDirectories: true)
        let folderResult = try await Binary.run(["check", try Binary.write(cleanFile).path], directory: dir)
        #expect(folderResult.status == 2)
        #expect(folderResult.stderr.contains("the config file .aasa-audit.json: a directory, not a regular file"))
        let missing = try await Binary.run(
            ["check", try Binary.write(cleanFile).path, "--config", dir.appendingPathComponent("nope.json").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.json: no such file"), "\(missing.stderr)")
    }

    /// A file whose `/*` rule captures the email platforms' paths: a `rule-captures-sensitive` warning.
    static let capturingFile =
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/*"}]}]}}"#

    @Test func checkCountsASuppressedFindingApartInTextJSONAndSARIF() async throws {
        let file = try Binary.write(Self.capturingFile).path
        let failing = try await Binary.run(["check", file, "--fail-on", "warning", "--no-config"])
        #expect(failing.status == 1)

        let arguments = ["check", file, "--fail-on", "warning", "--ignore", "rule-captures-sensitive"]
        let text = try await Binary.run(arguments, environment: ["NO_COLOR": "1"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("0 errors, 0 warnings, 0 infos, 1 suppressed"), "\(text.stdout)")
        #expect(text.stdout.contains("suppressed[rule-captures-sensitive] "), "\(text.stdout)")
        #expect(!text.stdout.contains("warning[rule-captures-sensitive]"))

        let json = try await Binary.run(arguments + ["--json"])
        #expect(json.stdout.contains(#""suppressed" : true"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""suppressedReason" : "command line""#))

        let sarif = try await Binary.run(arguments + ["--format", "sarif"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let suppressions = try #require(results.first?["suppressions"] as? [[String: Any]])
        #expect(suppressions.first?["kind"] as? String == "external")
        #expect(suppressions.first?["justification"] as? String == "command line")
    }

    @Test func checkWarnsOfAStaleEntryButNotOfOneForADomain() async throws {
        let file = try Binary.write(cleanFile).path
        let result = try await Binary.run([
            "check", file, "--ignore", "json-syntax", "--ignore", "tls-expired", "--ignore", "app-id-format@acme.com",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.contains("the ignore entry for json-syntax (command line) matched no finding"))
        #expect(
            result.stderr.split(separator: "\n").count == 1,
            "tls-expired and a domain's entry are audit's: \(result.stderr)")
    }

    @Test func theExclusionFixIsNeverCut() async throws {
        let file = try Binary.write(Self.capturingFile).path
        let json = try await Binary.run(["check", file, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let hint = try #require(findings.first { $0["id"] as? String == "rule-captures-sensitive" }?["hint"] as? String)
        #expect(!hint.contains("…"), "\(hint)")
        // Every entry of the list the check tries is excluded by name: the fix can be pasted as it stands.
        let patterns = Set(SensitivePaths.entries.map(\.pattern))
        for pattern in patterns {
            #expect(hint.contains(#""/": "\#(pattern)""#), "\(pattern) missing from the fix")
        }
        let text = try await Binary.run(["check", file], environment: ["COLUMNS": "60"])
        let fix = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("  fix: ") })
        #expect(!fix.contains("…") && fix.count > 600, "not a terminal: one whole line, COLUMNS or not")
    }

    /// On a terminal (a pseudo-terminal made by util-linux's `script`) the fix is wrapped to COLUMNS at spaces, and
    /// the wrapped lines joined again are the whole fix.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script is missing"))
    func onATerminalTheFixIsWrappedToItsWidthWhole() async throws {
        let file = try Binary.write(Self.capturingFile).path
        let json = try await Binary.run(["check", file, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let hint = try #require(findings.first { $0["id"] as? String == "rule-captures-sensitive" }?["hint"] as? String)
        let command = "'\(Binary.url.path)' check '\(file)'"
        let result = try await Binary.run(
            ["-qec", command, "/dev/null"], environment: ["COLUMNS": "60", "NO_COLOR": "1"],
            program: URL(fileURLWithPath: "/usr/bin/script"))
        let lines = result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  fix: Associate") }, "\(result.stdout)")
        let block = [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("       ") }
        #expect(block.count > 5 && block.allSatisfy { $0.count <= 60 }, "\(block)")
        #expect(block.map { $0.drop { $0 == " " } }.joined(separator: " ") == "fix: " + hint)
    }
}
