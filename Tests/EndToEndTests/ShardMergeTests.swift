import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --shard I/N` and `merge`, run on the real binary against the fixture server: four shards merged give
/// the single run's report, domain by domain.
@Suite struct ShardMergeTests {
    static let server = FixtureServer.shared
    static let domains = [
        "shop.aasa.test", "good.aasa.test", "expired.aasa.test", "notfound.aasa.test", "redirect.aasa.test",
        "badjson.aasa.test", "rootonly.aasa.test", "textplain.aasa.test", "html.aasa.test", "differ.aasa.test",
    ]

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-shard-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func report(_ folder: URL) throws -> AuditReport {
        try AuditReport.read(at: folder.appendingPathComponent("report.json").path)
    }

    /// Each name's shard of `count` (from 1) as Python's hashlib computes it, not this project's SHA-256.
    static func pythonShards(_ names: [String], count: Int) async throws -> [String: Int] {
        let script =
            "import hashlib, sys\nfor n in sys.argv[2:]:\n"
            + "    print(n, int.from_bytes(hashlib.sha256(n.lower().encode()).digest()[:8], 'big') % int(sys.argv[1]) + 1)"
        let result = try await Binary.run(
            ["python3", "-c", script, String(count)] + names, program: URL(fileURLWithPath: "/usr/bin/env"))
        var shards: [String: Int] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            shards[String(parts[0])] = Int(parts[1])
        }
        return shards
    }

    /// What must agree between the merged and the single run, one domain at a time (fetch timings may not).
    static func comparable(_ domain: DomainReport) -> [String] {
        var lines = [
            "verdict \(domain.verdict)", "notes \(domain.notes)", "entitlements \(domain.entitlements)",
            "apps \(domain.apps.map(\.appID))", "file \(domain.file?.count ?? -1)",
            "fetches \(domain.fetches.map { "\($0.location) \($0.httpStatus ?? 0) \($0.sha256 ?? "")" })",
            "crawl \(domain.crawl.map { "\($0.pagesFetched) \($0.urlsDiscovered) \($0.stoppedBecause)" } ?? "none")",
        ]
        lines += domain.findings.map {
            "finding \($0.id) \($0.severity) \($0.message) \($0.location.url ?? "") \($0.location.pointer ?? "")"
        }
        // Crawl order may differ between runs; the set of URLs and each one's verdicts may not.
        lines += domain.urls.map { url in
            "url \(url.url) \(url.httpStatus ?? 0) \(url.opensApp ?? "-") \(url.note ?? "") "
                + url.verdicts.map { "\($0.appID)=\($0.result)" }.joined(separator: ",")
        }.sorted()
        return lines
    }

    @Test func fourShardsMergedEqualOneRunDomainByDomain() async throws {
        let work = try Self.folder("run")
        let list = work.appendingPathComponent("domains.txt")
        try Data((Self.domains + ["not a host!"]).joined(separator: "\n").utf8).write(to: list)
        let common =
            [
                "audit", "--domains", list.path, "--crawl", "--entitlements",
                Binary.root.appendingPathComponent("Tests/Fixtures/entitlements/App.entitlements").path,
                "--format", "json",
            ] + Self.server.auditArguments + ["--timeout", "15"]  // no slow host: room for a loaded machine
        let single = work.appendingPathComponent("single")
        let whole = try await Binary.run(common + ["--out", single.path])
        #expect(whole.status == 2, "a refused list line: \(whole.stderr)")
        let one = try Self.report(single)
        #expect(one.domains.count == 12)

        var shardFolders: [URL] = []
        for index in 1...4 {
            let out = work.appendingPathComponent("shard-\(index)")
            shardFolders.append(out)
            // Each shard compares with the whole run: only its own domains count.
            let run = try await Binary.run(
                common + [
                    "--shard", "\(index)/4", "--out", out.path, "--baseline",
                    single.appendingPathComponent("report.json").path,
                ])
            #expect(run.status == 2, "shard \(index): \(run.stderr)")
        }
        let declared = SchemaTests.schema["properties"] as? [String: Any]
        #expect(declared?["shard"] != nil && declared?["options"] != nil, "the schema names the added fields")
        let python = try await Self.pythonShards(one.domains.map(\.domain), count: 4)
        var seen: [String] = []
        for (offset, folder) in shardFolders.enumerated() {
            let shard = try Self.report(folder)
            #expect(shard.shard?.index == offset + 1 && shard.shard?.count == 4)
            #expect(shard.shard?.inputs == 12)
            #expect(shard.options?["--crawl"] == "true" && shard.options?["--timeout"] == "15")
            #expect(shard.options?["--entitlements"]?.hasPrefix("sha256:") == true)
            for domain in shard.domains {
                #expect(python[domain.domain] == offset + 1, "\(domain.domain) is in shard \(offset + 1)")
            }
            seen += shard.domains.map(\.domain)
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("report.json")))
            var validator = SchemaValidator()
            validator.validate(object, SchemaTests.schema)
            #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
            let changes = try #require(shard.changes)
            #expect(changes.domainsRemoved.isEmpty && changes.domainsAdded.isEmpty, "\(changes.domainsRemoved)")
            #expect(shard.entitlements?.findings.count == one.entitlements?.findings.count)
        }
        #expect(seen.sorted() == one.domains.map(\.domain).sorted(), "every domain in exactly one shard")
        // shop.aasa.test links to good.aasa.test: the shards hold them apart, so the shop's shard left it unjudged.
        #expect(python["shop.aasa.test"] != python["good.aasa.test"])
        let shopShard = try Self.report(shardFolders[python["shop.aasa.test"]! - 1])
        let link = "https://good.aasa.test/shop/1"
        #expect(
            shopShard.domains.first { $0.domain == "shop.aasa.test" }?.urls.first { $0.url == link }?.opensApp == nil)

        let merged = work.appendingPathComponent("merged")
        let merge = try await Binary.run(
            ["merge"] + shardFolders.reversed().map(\.path)
                + [
                    "--out", merged.path, "--format", "json,html,csv,junit,markdown", "--baseline",
                    single.appendingPathComponent("report.json").path,
                ])
        #expect(merge.status == whole.status, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stderr.contains("not a host!"), "the refused line, once: \(merge.stderr)")
        for file in ["report.json", "report.html", "urls.csv", "findings.csv", "report.junit.xml", "summary.md"] {
            #expect(FileManager.default.fileExists(atPath: merged.appendingPathComponent(file).path), "\(file)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: merged.path)
        #expect(!left.contains { $0.hasPrefix(".aasa-audit-merge") || $0 == "domains.jsonl" }, "the scratch log goes")
        let all = try Self.report(merged)
        #expect(all.domains.map(\.domain) == one.domains.map(\.domain), "the single run's order")
        for (a, b) in zip(all.domains, one.domains) {
            let (x, y) = (Self.comparable(a), Self.comparable(b))
            let differing = Set(x).symmetricDifference(y).sorted()
            #expect(differing.isEmpty && x.count == y.count, "\(a.domain): \(differing.prefix(6))")
        }
        let shop = try #require(all.domains.first { $0.domain == "shop.aasa.test" })
        #expect(shop.urls.first { $0.url == link }?.opensApp == "9JA89QQLNQ.com.acme.shop", "judged at the merge")
        let encoder = JSONOutput.encoder()
        #expect(try encoder.encode(all.summary) == encoder.encode(one.summary))
        #expect(all.summary.urlsOpeningApp > 0)
        #expect(try encoder.encode(all.entitlements) == encoder.encode(one.entitlements))
        #expect(all.inputErrors == one.inputErrors && all.notAudited == one.notAudited)
        #expect(all.shard == nil && all.options == shopShard.options)
        let changes = try #require(all.changes)
        #expect(changes.isEmpty, "the merged run against the single one: \(changes.headline)")
    }

    /// Two quick shards (no crawl) of two domains, each written to its own folder.
    func shards(_ extra: [[String]] = [[], []], count: Int = 2) async throws -> [URL] {
        let work = try Self.folder("small")
        var folders: [URL] = []
        for index in 1...count {
            let out = work.appendingPathComponent("s\(index)")
            folders.append(out)
            _ = try await Binary.run(
                [
                    "audit", "good.aasa.test", "notfound.aasa.test", "--shard", "\(index)/\(count)", "--out", out.path,
                    "--format", "json",
                ] + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout] + extra[index - 1])
        }
        return folders
    }

    @Test func mergeRefusesMissingDuplicateAndMismatchedShardsByName() async throws {
        let folders = try await shards()
        let out = folders[0].deletingLastPathComponent().appendingPathComponent("merged").path
        var result = try await Binary.run(["merge", folders[0].path, "--out", out])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("aasa-audit merge: missing shard 2/2\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2)
        result = try await Binary.run(["merge", folders[0].path, folders[1].path, folders[1].path, "--out", out])
        #expect(result.stderr.contains("shard 2/2 is given twice: \(folders[1].path) and \(folders[1].path)"))
        result = try await Binary.run(["merge", folders[0].path, folders[1].path, "--out", folders[1].path])
        #expect(result.status == 2 && result.stderr.contains("holds shard"), "\(result.stderr)")
        result = try await Binary.run(["merge", folders[0].path, folders[1].path])
        #expect(result.status == 2 && result.stderr.contains("--out DIR is required"))
        result = try await Binary.run(["merge", folders[0].path, "/dev/null", "--out", out])
        #expect(result.status == 2 && result.stderr.contains("/dev/null is not a regular file"), "\(result.stderr)")
        result = try await Binary.run(["merge", folders[0].path, out + "-none", "--out", out])
        #expect(result.status == 2 && result.stderr.contains("no shard report at \(out)-none"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written on a refusal")

        let other = try await shards([[], ["--user-agent", "Other/1"]])
        result = try await Binary.run(["merge", other[0].path, other[1].path, "--out", out])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "shards 1/2 (\(other[0].path)) and 2/2 (\(other[1].path)) were run with different options: "
                    + "--user-agent not given and Other/1"), "\(result.stderr)")

        result = try await Binary.run(["merge", folders[0].path, folders[1].path, "--out", out, "--format", "json"])
        #expect(result.status == 1, "notfound.aasa.test fails: \(result.stderr)")
        #expect(
            try Self.report(URL(fileURLWithPath: out)).domains.map(\.domain) == [
                "good.aasa.test", "notfound.aasa.test",
            ])
    }

    /// BÜCHER.aasa.test is xn--bcher-kva.aasa.test, whose SHA-256 starts 6e54d088e369a11a (`printf '%s'
    /// xn--bcher-kva.aasa.test | sha256sum`): 2 modulo 4, so shard 3 of 4 by the punycode name, and no other.
    @Test func aUnicodeNameIsShardedByItsLowerCasedPunycode() async throws {
        for index in 1...4 {
            let out = try Self.folder("idn")
            let result = try await Binary.run(
                [
                    "audit", "BÜCHER.aasa.test", "--shard", "\(index)/4", "--no-cdn", "--out", out.path, "--format",
                    "json",
                ]
                    + Self.server.arguments + ["--timeout", FixtureServer.roomyTimeout])
            #expect(result.status != 2 && result.status != 3, "\(result.stderr)")
            let report = try Self.report(out)
            #expect(report.domains.map(\.domain) == (index == 3 ? ["xn--bcher-kva.aasa.test"] : []), "shard \(index)")
            #expect(report.shard?.inputs == 1)
        }
    }

    /// Without --out and --baseline, the previous run under Reports/ is the baseline only when it covered the
    /// same part: a shard's report as a whole run's baseline would call every other domain removed.
    @Test func theImplicitBaselineIsAPreviousRunOfTheSamePart() async throws {
        let directory = try Self.folder("reports")
        func run(_ shard: [String]) async throws -> AuditReport {
            let result = try await Binary.run(
                ["audit", "good.aasa.test", "notfound.aasa.test", "--format", "json"] + shard
                    + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout], directory: directory)
            #expect(result.status == 1, "\(result.stderr)")
            return try Self.report(directory.appendingPathComponent("Reports/latest"))
        }
        // good.aasa.test and notfound.aasa.test are both in shard 2 of 2.
        #expect(try await run(["--shard", "2/2"]).changes == nil, "no earlier run")
        #expect(try await run([]).changes == nil, "the earlier run was a shard")
        let whole = try await run([]).changes
        #expect(whole?.isEmpty == true, "the same whole run again: \(whole?.headline ?? "no baseline")")
        #expect(try await run(["--shard", "2/2"]).changes == nil, "the earlier run was a whole one")
        let shard = try await run(["--shard", "2/2"]).changes
        #expect(shard?.isEmpty == true, "the same shard again: \(shard?.headline ?? "no baseline")")
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "x", "1/10001", "-1/4", "1/4/2", "/4", " 1/4"])
    func aShardOutsideItsRangeIsAOneLineUsageError(_ value: String) async throws {
        let result = try await Binary.run(["audit", "good.aasa.test", "--shard", value])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "aasa-audit audit: --shard takes I/N with N from 1 to 10000 and I from 1 to N, not \(value)\n"
                + "Run 'aasa-audit audit --help' for its options.\n")
    }
}
