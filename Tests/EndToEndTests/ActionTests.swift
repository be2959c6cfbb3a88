import Foundation
import TestSupport
import Testing

/// Scripts/github-action run as action.yml's step runs it: inputs in the environment, a temporary
/// GITHUB_STEP_SUMMARY and GITHUB_OUTPUT, the locally built tarball in place of the download, the fixture server
/// answering for the domains.
@Suite(.enabled(if: Release.tarball != nil, "set AASA_RELEASE_TARBALL (Scripts/test does)"))
struct ActionTests {
    static let server = FixtureServer.shared

    /// One run of the action's script in a fresh folder.
    struct Step {
        var status: Int32
        var stdout: String
        var folder: URL
        var summary: String
        var outputs: [String: String]
        var out: URL { folder.appendingPathComponent("out") }

        func lines(_ prefix: String) -> [Substring] { stdout.split(separator: "\n").filter { $0.hasPrefix(prefix) } }
    }

    static func step(_ inputs: [String: String], limit: Int? = nil) async throws -> Step {
        let tarball = try #require(Release.tarball)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-action-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let summary = folder.appendingPathComponent("step-summary.md")
        let output = folder.appendingPathComponent("github-output")
        var environment = [
            "INPUT_TARBALL": tarball.path, "INPUT_OUT": folder.appendingPathComponent("out").path,
            "INPUT_ARGS": server.auditArguments.joined(separator: " "), "GITHUB_STEP_SUMMARY": summary.path,
            "GITHUB_OUTPUT": output.path, "RUNNER_TEMP": folder.path,
        ]
        environment.merge(inputs) { $1 }
        if let limit { environment["AASA_ACTION_SUMMARY_LIMIT"] = String(limit) }
        let result = try await Release.run(
            Binary.root.appendingPathComponent("Scripts/github-action").path, [], environment: environment)
        let outputs = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        var pairs: [String: String] = [:]
        for line in outputs.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { pairs[String(pair[0])] = String(pair[1]) }
        }
        return Step(
            status: result.status, stdout: result.stdout, folder: folder,
            summary: (try? String(contentsOf: summary, encoding: .utf8)) ?? "", outputs: pairs)
    }

    /// Domains with more than ten errors (manyfindings: 250 malformed app IDs) and more than ten warnings
    /// (twelve copies of a host serving text/plain).
    static let noisyDomains =
        (["good.aasa.test", "manyfindings.aasa.test"] + (1...12).map { "textplain--\($0).aasa.test" })
        .joined(separator: "\n")

    @Test func findingsBecomeTenAnnotationsPerKindThenANotice() async throws {
        let step = try await Self.step(["INPUT_DOMAINS": Self.noisyDomains, "INPUT_FORMATS": "html"])
        #expect(step.status == 1, "the tool's status: errors at --fail-on error")
        #expect(step.outputs["exit-code"] == "1")
        #expect(step.outputs["report-dir"] == step.out.path)
        for file in ["report.json", "summary.md", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: step.out.appendingPathComponent(file).path), "\(file)")
        }
        let summary = try String(contentsOf: step.out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(step.summary == summary)
        #expect(summary.contains("14 domain(s)"))

        let report = try JSONDecoder().decode(
            Counts.self, from: Data(contentsOf: step.out.appendingPathComponent("report.json")))
        let errors = report.domains.flatMap(\.findings).filter { $0.severity == "error" }.count
        let warnings = report.domains.flatMap(\.findings).filter { $0.severity == "warning" }.count
        let all = report.domains.flatMap(\.findings).count
        #expect(errors > 10 && warnings > 10, "the scenario gives more than GitHub shows")
        #expect(step.lines("::error ").count == 10)
        #expect(step.lines("::warning ").count == 10)
        let notices = step.lines("::notice title=aasa-audit::")
        #expect(notices.count == 1)
        #expect(notices.first?.contains("::\(all - 20) more finding(s) not annotated (\(errors - 10) errors") == true)
        let first = try #require(step.lines("::error ").first)
        #expect(first.hasPrefix("::error title=app-id-format%3A manyfindings.aasa.test::The applinks app ID"))
        #expect(step.lines("::warning title=content-type%3A textplain--").count == 10)
        // The tool's own output ran with workflow commands off.
        let stop = try #require(step.lines("::stop-commands::").first)
        let token = stop.dropFirst("::stop-commands::".count)
        #expect(step.stdout.contains("\n::\(token)::\n"))
    }

    /// termescape's app IDs carry ESC, BEL, C1 CSI, DEL and bidi controls: its annotations show them as escapes.
    @Test func annotationsShowASitesControlBytesAsText() async throws {
        let step = try await Self.step(["INPUT_DOMAINS": "termescape.aasa.test", "INPUT_FORMATS": "json"])
        let annotations = step.stdout.split(separator: "\n").filter {
            $0.hasPrefix("::error ") || $0.hasPrefix("::warning ")
        }
        #expect(!annotations.isEmpty, "\(step.stdout)")
        let raw = annotations.flatMap(\.unicodeScalars).filter {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2066, 0x200F].contains($0.value)
        }
        #expect(raw.isEmpty, "raw control characters in \(annotations)")
        #expect(annotations.contains { $0.contains(#"\u{1B}"#) }, "\(annotations)")
    }

    @Test func aSummaryOverGitHubsLimitIsCutWithAPointer() async throws {
        let step = try await Self.step(["INPUT_DOMAINS": Self.noisyDomains], limit: 600)
        let summary = try String(contentsOf: step.out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.utf8.count > 600)
        #expect(step.summary.utf8.count <= 600)
        #expect(step.summary.contains("The summary is cut here"))
        #expect(step.summary.contains(step.out.path))
        let kept = try #require(step.summary.components(separatedBy: "\n_The summary is cut here").first)
        #expect(kept.hasSuffix("\n") && summary.hasPrefix(kept), "whole lines of the real summary")
    }

    @Test func aCleanRunPassesWithoutAnnotationsAndUsesTheBaseline() async throws {
        let first = try await Self.step([
            "INPUT_DOMAINS": "good.aasa.test", "INPUT_BASELINE": "/nonexistent/report.json", "INPUT_FAIL_ON": "warning",
        ])
        #expect(first.status == 0 && first.outputs["exit-code"] == "0")
        #expect(first.lines("::error").isEmpty && first.lines("::warning").isEmpty)
        #expect(first.lines("::notice title=aasa-audit::No baseline at /nonexistent/report.json").count == 1)
        #expect(first.summary.contains("all pass"))

        let baseline = first.out.appendingPathComponent("report.json").path
        let second = try await Self.step([
            "INPUT_DOMAINS": "good.aasa.test forbidden.aasa.test", "INPUT_BASELINE": baseline,
        ])
        #expect(second.status == 1)
        let report = try String(contentsOf: second.out.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.contains("\"changes\""), "compared with the baseline")
        #expect(second.summary.contains("Changes since the baseline"))
    }

    @Test func aMissingTarballFailsTheStepWithAnError() async throws {
        let step = try await Self.step(["INPUT_DOMAINS": "good.aasa.test", "INPUT_TARBALL": "/nonexistent.tar.gz"])
        #expect(step.status == 3)
        #expect(step.lines("::error title=aasa-audit action::could not unpack /nonexistent.tar.gz").count == 1)
    }

    /// Only the counts the test compares with.
    struct Counts: Decodable {
        struct Domain: Decodable { var findings: [Finding] }
        struct Finding: Decodable { var severity: String }
        var domains: [Domain]
    }
}

/// The container recipe can only be read here (no container engine): its runtime stage installs exactly the
/// runtime list the release test proves sufficient, from that one file.
@Suite struct DockerfileTests {
    @Test func theRuntimeStageInstallsTheRuntimeListAndRunsAsAUser() throws {
        let text = try String(contentsOf: Binary.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let stages = text.components(separatedBy: "\nFROM ")
        #expect(stages.count == 3, "a build stage and a runtime stage")
        #expect(stages[1].hasPrefix("swift:${SWIFT_VERSION}-bookworm AS build"))
        #expect(text.contains("ARG SWIFT_VERSION="))
        let runtime = stages[2]
        #expect(runtime.hasPrefix("debian:12-slim\n"))
        #expect(runtime.contains("COPY Scripts/runtime-packages /tmp/runtime-packages"))
        #expect(runtime.contains("grep -v '^#' /tmp/runtime-packages | xargs"))
        // No package named in the runtime stage besides the list.
        for package in ["libcurl", "libxml2", "ca-certificates", "libstdc++"] {
            #expect(!runtime.contains(package), "\(package) is named outside Scripts/runtime-packages")
        }
        #expect(runtime.contains("\nUSER aasa\n"))
        #expect(runtime.contains("ENTRYPOINT [\"aasa-audit\"]"))
        #expect(stages[1].contains("Scripts/package"), "the build stage builds what the release test checks")
        let list = try Release.runtimePackages()
        #expect(list == ["libcurl4", "libxml2", "libstdc++6", "libgcc-s1", "libc6", "ca-certificates"])
    }
}

/// action.yml passes every input to the script through `env:` (composite actions get no INPUT_* variables by
/// themselves), and the script reads no variable the action does not pass.
@Suite struct ActionDeclarationTests {
    @Test func everyInputReachesTheScriptAndTheScriptReadsNothingElse() throws {
        let action = try String(contentsOf: Binary.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let script = try String(
            contentsOf: Binary.root.appendingPathComponent("Scripts/github-action"), encoding: .utf8)
        let inputsBlock = try #require(
            action.components(separatedBy: "\ninputs:\n").last?.components(separatedBy: "\noutputs:\n").first)
        let inputs = inputsBlock.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map {
            String($0.dropFirst(2).dropLast())
        }
        #expect(inputs.count >= 12, "\(inputs)")
        for name in ["domains", "domains-file", "entitlements", "app-id", "crawl", "fail-on", "formats", "baseline"] {
            #expect(inputs.contains(name), "the issue's input \(name)")
        }
        for input in inputs {
            let variable = "INPUT_" + input.uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(action.contains("        \(variable): ${{ inputs.\(input) }}\n"), "\(input) is not passed")
        }
        let passed = Set(action.matches(of: /\n        (INPUT_[A-Z_]+):/).map { String($0.1) })
        let read = Set(script.matches(of: /INPUT_[A-Z][A-Z_]*/).map { String($0.0) })
        #expect(
            read == passed,
            "read but not passed: \(read.subtracting(passed)); passed but unread: \(passed.subtracting(read))")
        #expect(
            action.contains("using: composite")
                && action.contains(#"run: '"$GITHUB_ACTION_PATH/Scripts/github-action"'"#))
    }
}
