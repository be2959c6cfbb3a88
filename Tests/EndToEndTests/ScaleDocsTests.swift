import Audit
import Foundation
import TestSupport
import Testing

/// docs/scale.md's GitHub Actions workflow and Kubernetes manifests: valid YAML of the expected shape, and their
/// `aasa-audit` commands, run as written (through `sh -c`, with an `aasa-audit` on PATH that adds the fixture
/// server's arguments to `audit`), merge into the report of one run over the same list.
@Suite struct ScaleDocsTests {
    static let server = FixtureServer.shared
    static let domains = [
        "good.aasa.test", "notfound.aasa.test", "expired.aasa.test", "shop.aasa.test", "html.aasa.test",
    ]

    /// The ```yaml blocks of docs/scale.md, each read by Tests/Fixtures/yaml_subset.py into its documents.
    static func manifests() async throws -> [[Any]] {
        let text = try String(contentsOf: Binary.root.appendingPathComponent("docs/scale.md"), encoding: .utf8)
        var manifests: [[Any]] = []
        for block in text.components(separatedBy: "```yaml\n").dropFirst() {
            let yaml = block.components(separatedBy: "```")[0]
            let result = try await run(
                ["python3", Binary.root.appendingPathComponent("Tests/Fixtures/yaml_subset.py").path], stdin: yaml)
            #expect(result.status == 0, "\(result.stderr)")
            manifests.append(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any] ?? [])
        }
        return manifests
    }

    /// A program found on PATH, run on a thread of its own (as `Binary.run` runs the tool).
    static func run(
        _ arguments: [String], stdin: String = "", directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> RunResult {
        try await Binary.run(
            arguments, stdin: Data(stdin.utf8), environment: environment, directory: directory,
            program: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// A folder holding domains.txt and a `bin/aasa-audit` that runs the built binary, adding the fixture's
    /// arguments to `audit`.
    static func workspace() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-scale-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data(domains.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("domains.txt"))
        let quoted = (server.auditArguments + ["--timeout", FixtureServer.roomyTimeout]).map { "'\($0)'" }.joined(
            separator: " ")
        let wrapper = """
            #!/bin/sh
            if [ "$1" = audit ]; then exec '\(Binary.url.path)' "$@" \(quoted); fi
            exec '\(Binary.url.path)' "$@"

            """
        let script = bin.appendingPathComponent("aasa-audit")
        try Data(wrapper.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (folder, bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"))
    }

    /// The command lines of a `run:` block or an `args:` entry that call aasa-audit.
    static func commands(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("aasa-audit ")
        }
    }

    /// A single run over the workspace's list, for comparison.
    static func single(_ workspace: (folder: URL, path: String)) async throws -> AuditReport {
        let result = try await run(
            ["sh", "-c", "aasa-audit audit --domains domains.txt --out single --format json"],
            directory: workspace.folder, environment: ["PATH": workspace.path])
        #expect(result.status == 1, "\(result.stderr)")
        return try AuditReport.read(at: workspace.folder.appendingPathComponent("single/report.json").path)
    }

    static func expectSameAsSingle(_ folder: URL, _ single: AuditReport) throws {
        let merged = try AuditReport.read(at: folder.appendingPathComponent("merged/report.json").path)
        #expect(merged.domains.map(\.domain) == single.domains.map(\.domain))
        #expect(merged.domains.map(\.verdict) == single.domains.map(\.verdict))
        #expect(merged.domains.map { $0.findings.map(\.id) } == single.domains.map { $0.findings.map(\.id) })
        let encoder = JSONOutput.encoder()
        #expect(try encoder.encode(merged.summary) == encoder.encode(single.summary))
        for file in ["report.html", "urls.csv", "findings.csv"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("merged/\(file)").path))
        }
    }

    @Test func theGitHubActionsMatrixRunsAndMerges() async throws {
        let workflow = try #require(try await Self.manifests().first?.first as? [String: Any])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let audit = try #require(jobs["audit"] as? [String: Any])
        let merge = try #require(jobs["merge"] as? [String: Any])
        let matrix = (audit["strategy"] as? [String: Any])?["matrix"] as? [String: Any]
        let shards = try #require(matrix?["shard"] as? [Int])
        #expect(shards == [1, 2, 3, 4])
        #expect(merge["needs"] as? String == "audit")
        func runs(_ job: [String: Any]) -> [String] {
            (job["steps"] as? [[String: Any]] ?? []).compactMap { $0["run"] as? String }.flatMap(Self.commands)
        }
        let auditCommands = runs(audit)
        let mergeCommands = runs(merge)
        #expect(auditCommands.count == 1 && auditCommands[0].contains("--shard ${{ matrix.shard }}/4"))
        #expect(mergeCommands == ["aasa-audit merge shard-* --out merged"])
        let downloads = (merge["steps"] as? [[String: Any]] ?? []).first {
            ($0["uses"] as? String)?.contains("download-artifact") == true
        }
        #expect((downloads?["with"] as? [String: Any])?["pattern"] as? String == "shard-*")

        let workspace = try Self.workspace()
        for shard in shards {
            // GitHub replaces the expression before the shell sees the line.
            let line = auditCommands[0].replacingOccurrences(of: "${{ matrix.shard }}", with: String(shard))
            let result = try await Self.run(
                ["sh", "-c", line], directory: workspace.folder, environment: ["PATH": workspace.path])
            #expect(result.status == 0, "shard \(shard): \(result.stderr)")
        }
        let merged = try await Self.run(
            ["sh", "-c", mergeCommands[0]], directory: workspace.folder, environment: ["PATH": workspace.path])
        #expect(merged.status == 1, "findings, as the single run: \(merged.stderr)")
        try Self.expectSameAsSingle(workspace.folder, try await Self.single(workspace))
    }

    @Test func theKubernetesIndexedJobRunsAndMerges() async throws {
        let documents = try #require(try await Self.manifests().dropFirst().first)
        let objects = documents.compactMap { $0 as? [String: Any] }
        #expect(objects.map { $0["kind"] as? String } == ["PersistentVolumeClaim", "Job", "Job"])
        let claim = objects[0]["spec"] as? [String: Any]
        #expect(claim?["accessModes"] as? [String] == ["ReadWriteMany"])
        let shardJob = try #require(objects[1]["spec"] as? [String: Any])
        #expect(shardJob["completionMode"] as? String == "Indexed")
        #expect(shardJob["completions"] as? Int == 4)
        func container(_ job: [String: Any]) -> [String: Any]? {
            ((job["template"] as? [String: Any])?["spec"] as? [String: Any]).flatMap {
                ($0["containers"] as? [[String: Any]])?.first
            }
        }
        let auditPod = try #require(container(shardJob))
        let mergeJob = try #require(objects[2]["spec"] as? [String: Any])
        let mergePod = try #require(container(mergeJob))
        for pod in [auditPod, mergePod] {
            #expect(pod["command"] as? [String] == ["/bin/sh", "-c"])
            #expect(pod["workingDir"] as? String == "/reports")
        }
        let auditCommands = (auditPod["args"] as? [String] ?? []).flatMap(Self.commands)
        let mergeCommands = (mergePod["args"] as? [String] ?? []).flatMap(Self.commands)
        #expect(auditCommands.count == 1 && auditCommands[0].contains("--shard $((JOB_COMPLETION_INDEX + 1))/4"))
        #expect(mergeCommands == ["aasa-audit merge shard-* --out merged"])

        // The working directory stands for the shared volume; /config is the ConfigMap's mount.
        let workspace = try Self.workspace()
        let line = auditCommands[0].replacingOccurrences(of: "/config/", with: workspace.folder.path + "/")
        for index in 0..<4 {
            let result = try await Self.run(
                ["sh", "-c", line], directory: workspace.folder,
                environment: ["PATH": workspace.path, "JOB_COMPLETION_INDEX": String(index)])
            #expect(result.status == 0, "index \(index): \(result.stderr)")
            #expect(
                FileManager.default.fileExists(
                    atPath: workspace.folder.appendingPathComponent("shard-\(index + 1)/report.json").path))
        }
        let merged = try await Self.run(
            ["sh", "-c", mergeCommands[0]], directory: workspace.folder, environment: ["PATH": workspace.path])
        #expect(merged.status == 1, "\(merged.stderr)")
        try Self.expectSameAsSingle(workspace.folder, try await Self.single(workspace))
    }

    @Test func theYAMLReaderRefusesWhatItCannotRead() async throws {
        for broken in [
            "a:\n  b: 1\n   c: 2\n", "a: 1\na: 2\n", "a:\n\t- x\n", "a: {b: 1}\n", "a: \"open\n", "a: b: c\n",
        ] {
            let result = try await Self.run(
                ["python3", Binary.root.appendingPathComponent("Tests/Fixtures/yaml_subset.py").path], stdin: broken)
            #expect(result.status == 1, "\(broken.debugDescription) was read: \(result.stdout)")
        }
    }
}
