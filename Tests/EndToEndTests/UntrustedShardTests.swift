import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `merge` on shard folders written by hand, as anyone who can write a CI cache or a shared folder could: every
/// number out of range, a domain listed twice, two domains at one place, an oversized string and a special file
/// are refused with a sentence naming the file, the JSON path and the value (exit 2), never a trap, a loop or a
/// run that passes a failing domain. No network: the shards are made here, not by an audit.
@Suite struct UntrustedShardTests {
    /// shop.test and blog.test are in different shards of 2 (`MergeShardsTests`), the others wherever they fall.
    static let names = ["shop.test", "blog.test", "a.test", "b.test", "c.test", "d.test"]
    static let blogFile =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.acme.blog"], "components": [{"/": "/posts/*"}]}]}}"#

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-untrusted-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Each domain as a run writes it: shop.test links to blog.test's /posts/1, which blog.test's file opens in an
    /// app; the others fail with one error each.
    static func domain(_ name: String) -> DomainReport {
        switch name {
        case "shop.test":
            var urls = URLTable()
            urls.append(
                URLReport(
                    url: "https://blog.test/posts/1", foundOn: "https://shop.test/", httpStatus: nil, verdicts: [],
                    opensApp: nil, note: nil, inlinks: 3))
            return DomainReport(domain: name, fetches: [], apps: [], findings: [], urls: urls)
        case "blog.test":
            let exchange = Exchange(
                location: .wellKnown, url: "https://blog.test/.well-known/apple-app-site-association",
                userAgent: "u", httpStatus: 200, contentType: "application/json", bytes: blogFile.utf8.count)
            return DomainReport(domain: name, fetches: [exchange], apps: [], findings: [], file: blogFile)
        default:
            let finding = Finding(
                id: "fetch-dns", severity: .error, message: "\(name) does not resolve",
                location: FindingLocation(url: "https://\(name)/"), why: "w", hint: "h")
            return DomainReport(domain: name, fetches: [], apps: [], findings: [finding])
        }
    }

    /// The two shards' report.json objects, as `audit --shard I/2` writes them.
    static func shardObjects() throws -> [[String: Any]] {
        try (1...2).map { index in
            var shard = Shard(index: index, count: 2)
            shard.record(whole: names)
            var report = AuditReport(
                version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
                interrupted: false, notAudited: [], domains: names.filter(shard.contains).map(domain))
            report.shard = shard
            report.options = ["--timeout": "10"]
            return try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        }
    }

    /// Shard folders s1 and s2 with the objects edited by `edit`, written out.
    static func shards(_ edit: (inout [[String: Any]]) throws -> Void) throws -> [URL] {
        var objects = try shardObjects()
        try edit(&objects)
        let work = try folder("shards")
        return try objects.enumerated().map { offset, object in
            let shard = work.appendingPathComponent("s\(offset + 1)")
            try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: object).write(to: shard.appendingPathComponent("report.json"))
            return shard
        }
    }

    /// Where `name` is: the shard (0 or 1) and its place in that shard's domains.
    static func place(of name: String, in objects: [[String: Any]]) throws -> (shard: Int, domain: Int) {
        for (shard, object) in objects.enumerated() {
            let domains = try #require(object["domains"] as? [[String: Any]])
            if let index = domains.firstIndex(where: { $0["domain"] as? String == name }) { return (shard, index) }
        }
        throw CancellationError()
    }

    /// Changes `domains[i]` of the shard holding `name`.
    static func editDomain(
        _ name: String, in objects: inout [[String: Any]], _ change: (inout [String: Any]) throws -> Void
    ) throws {
        let (shard, index) = try place(of: name, in: objects)
        var domains = try #require(objects[shard]["domains"] as? [[String: Any]])
        try change(&domains[index])
        objects[shard]["domains"] = domains
    }

    /// `merge` of the shards, stopped after 120 s should it loop (the old reader did, on a count of 2^62 and an
    /// `inlinks` of 10^15): a stopped merge fails the test by its status.
    static func merge(_ shards: [URL], _ extra: [String] = []) async throws -> (RunResult, URL) {
        let out = shards[0].deletingLastPathComponent().appendingPathComponent("merged")
        let result = try await Binary.run(
            ["merge"] + shards.map(\.path) + ["--out", out.path, "--format", "json"] + extra,
            interrupt: (SIGKILL, 120))
        return (result, out)
    }

    /// The same shards unedited merge, with shop.test's link judged by blog.test's file: the cases below differ
    /// from a good merge only by their edit.
    @Test func theUneditedShardsMerge() async throws {
        let (result, out) = try await Self.merge(try Self.shards { _ in })
        #expect(result.status == 1, "four domains fail: \(result.stderr)")
        let merged = try AuditReport.read(at: out.appendingPathComponent("report.json").path)
        #expect(merged.domains.map(\.domain) == Self.names)
        #expect(merged.summary.failed == 4 && merged.summary.errors == 4 && merged.summary.urlsOpeningApp == 1)
        #expect(merged.domains[0].urls[0].inlinks == 3)
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        var name: String
        /// The shard edited (0 or 1) and how, given every shard's object.
        var edit: @Sendable (inout [[String: Any]]) throws -> Void
        /// What stderr says: the file's name is put in front by the test.
        var message: String
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(
            name: "shard count 0", edit: { objects in setShard(&objects, "count", 0) },
            message: "is not an aasa-audit report.json: shard.count: 0 is out of range (a run is split into 1 to "
                + "10000 shards)"),
        Edit(
            name: "shard count -2", edit: { objects in setShard(&objects, "count", -2) },
            message: "is not an aasa-audit report.json: shard.count: -2 is negative (from 0 to 1000000000000)"),
        Edit(
            name: "shard count 2^62", edit: { objects in setShard(&objects, "count", 1 << 62) },
            message: "is not an aasa-audit report.json: shard.count: 4611686018427387904 is out of range (from 0 to "
                + "1000000000000)"),
        Edit(
            name: "summary count 2^63-1",
            edit: { objects in
                var summary = objects[0]["summary"] as? [String: Any] ?? [:]
                summary["domains"] = Int.max
                objects[0]["summary"] = summary
            },
            message: "is not an aasa-audit report.json: summary.domains: 9223372036854775807 is out of range (from 0 "
                + "to 1000000000000)"),
    ]

    static func setShard(_ objects: inout [[String: Any]], _ key: String, _ value: Int) {
        for index in objects.indices {
            var shard = objects[index]["shard"] as? [String: Any] ?? [:]
            shard[key] = value
            objects[index]["shard"] = shard
        }
    }

    @Test(arguments: edits) func aNumberOutOfRangeInAShardIsRefused(_ edit: Edit) async throws {
        let shards = try Self.shards(edit.edit)
        let (result, out) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        let file = shards[0].appendingPathComponent("report.json").path
        #expect(
            result.stderr
                == "aasa-audit merge: \(file) \(edit.message)\nRun 'aasa-audit merge --help' for its options.\n")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing written")
    }

    /// A truncation's count of left-out findings, 2^63−1 (a trap when added up) or −4 (which turned a failing
    /// domain into a passing one): refused, naming the domain's place and the count.
    @Test(arguments: [Int.max, -4]) func anOmittedCountOutOfRangeIsRefused(_ count: Int) async throws {
        var at = (shard: 0, domain: 0)
        let shards = try Self.shards { objects in
            at = try Self.place(of: "a.test", in: objects)
            try Self.editDomain("a.test", in: &objects) { domain in
                var findings = domain["findings"] as? [[String: Any]] ?? []
                findings[0]["omitted"] = ["check": "fetch-dns", "errors": count, "warnings": 0, "infos": 0]
                domain["findings"] = findings
            }
        }
        let (result, _) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        let file = shards[at.shard].appendingPathComponent("report.json").path
        let reason = count < 0 ? "is negative" : "is out of range"
        #expect(
            result.stderr.hasPrefix(
                "aasa-audit merge: \(file) is not an aasa-audit report.json: line 1, domains[\(at.domain)].findings[0]"
                    + ".omitted.errors: \(count) \(reason) (from 0 to 1000000000000)\n"), "\(result.stderr)")
    }

    /// An `inlinks` of 10^15 was counted up one at a time when the link was judged across shards: for ever. A row
    /// keeps its numbers in bit fields (`URLFacts.pageCounts`, `URLFacts.httpStatuses`): a number past one, though
    /// within what a report may hold otherwise, is refused too, never wrapped or cut.
    @Test(arguments: [
        ("inlinks", 1_000_000_000_000_000, "is out of range (from 0 to 134217726)"),
        ("inlinks", 5_000_000_000, "is out of range (from 0 to 134217726)"),
        ("depth", 134_217_727, "is out of range (from 0 to 134217726)"),
        ("httpStatus", 70_000, "is out of range (from 0 to 999)"),
    ])
    func aRowsNumberOutOfRangeIsRefused(_ member: String, _ value: Int, _ reason: String) async throws {
        var at = (shard: 0, domain: 0)
        let shards = try Self.shards { objects in
            at = try Self.place(of: "shop.test", in: objects)
            try Self.editDomain("shop.test", in: &objects) { domain in
                var urls = domain["urls"] as? [[String: Any]] ?? []
                urls[0][member] = value
                domain["urls"] = urls
            }
        }
        let (result, _) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        let file = shards[at.shard].appendingPathComponent("report.json").path
        #expect(
            result.stderr.hasPrefix(
                "aasa-audit merge: \(file) is not an aasa-audit report.json: line 1, domains[\(at.domain)].urls[0]."
                    + "\(member): \(value) \(reason)\n"), "\(result.stderr)")
    }

    /// A domain listed twice was merged twice, and counted twice.
    @Test func aDomainListedTwiceIsRefused() async throws {
        var at = (shard: 0, domain: 0)
        var count = 0
        let shards = try Self.shards { objects in
            at = try Self.place(of: "a.test", in: objects)
            var domains = objects[at.shard]["domains"] as? [[String: Any]] ?? []
            domains.append(domains[at.domain])
            count = domains.count
            objects[at.shard]["domains"] = domains
        }
        let (result, _) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "aasa-audit merge: \(shards[at.shard].path): domains[\(count - 1)]: a.test is listed twice\n"),
            "\(result.stderr)")
    }

    /// Two shards giving one place to two domains: one silently replaced the other while the summary counted both.
    @Test func twoDomainsAtOnePlaceAreRefused() async throws {
        var blogShard = 0
        let shards = try Self.shards { objects in
            blogShard = try Self.place(of: "blog.test", in: objects).shard
            var shard = objects[blogShard]["shard"] as? [String: Any] ?? [:]
            var positions = shard["positions"] as? [String: Int] ?? [:]
            positions["blog.test"] = 0  // shop.test's
            shard["positions"] = positions
            objects[blogShard]["shard"] = shard
        }
        let (result, _) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(#"shard.positions["blog.test"]: 0 is also the place of shop.test"#),
            "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    /// A domain whose findings fail, written as passing with a summary of no errors: the merged run fails (exit 1)
    /// and says so, whatever the file's counts said.
    @Test func aFailingDomainFailsTheMergeWhateverItsFileSays() async throws {
        let shards = try Self.shards { objects in
            for name in Self.names where !["shop.test", "blog.test", "a.test"].contains(name) {
                let (shard, index) = try Self.place(of: name, in: objects)
                var domains = objects[shard]["domains"] as? [[String: Any]] ?? []
                domains[index]["findings"] = []
                domains[index]["verdict"] = "pass"
                objects[shard]["domains"] = domains
            }
            try Self.editDomain("a.test", in: &objects) { $0["verdict"] = "pass" }
            for index in objects.indices {
                objects[index]["summary"] = [
                    "domains": 3, "errors": 0, "warnings": 0, "infos": 0, "urlsTested": 0, "urlsOpeningApp": 0,
                    "passed": 3, "warned": 0, "failed": 0,
                ]
            }
        }
        let (result, out) = try await Self.merge(shards)
        #expect(result.status == 1, "a.test fails: \(result.stdout)\(result.stderr)")
        let merged = try AuditReport.read(at: out.appendingPathComponent("report.json").path)
        #expect(merged.domains.first { $0.domain == "a.test" }?.verdict == .fail)
        #expect(merged.summary.failed == 1 && merged.summary.errors == 1 && merged.summary.domains == 6)
        #expect(result.stdout.contains("1 fail (1 error"), "\(result.stdout)")
    }

    /// A 2 MiB string (the same path as a 200 MB one, which cost 1 GB to merge) is refused as it is read, past the
    /// 1 MiB a report's longest string can take.
    @Test func anOversizedStringIsRefusedWhileItIsRead() async throws {
        var at = (shard: 0, domain: 0)
        let shards = try Self.shards { objects in
            at = try Self.place(of: "a.test", in: objects)
            try Self.editDomain("a.test", in: &objects) { $0["notes"] = [String(repeating: "x", count: 2 << 20)] }
        }
        let (result, _) = try await Self.merge(shards)
        #expect(result.status == 2, "\(result.stderr)")
        let file = shards[at.shard].appendingPathComponent("report.json").path
        #expect(
            result.stderr.hasPrefix("aasa-audit merge: \(file) is not an aasa-audit report.json: line 1, column "),
            "\(result.stderr)")
        #expect(result.stderr.contains(": a string of more than 1 MB; no report holds one that long\n"))
    }

    /// A FIFO (which would block) and a device (which never ends) as a shard's report or as the baseline: refused
    /// by what the opened descriptor is, before a byte is read.
    @Test func specialFilesAsAShardOrABaselineAreRefused() async throws {
        let shards = try Self.shards { _ in }
        let fifo = shards[0].deletingLastPathComponent().appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var (result, _) = try await Self.merge([shards[0], URL(fileURLWithPath: fifo)])
        #expect(
            result.status == 2
                && result.stderr.hasPrefix(
                    "aasa-audit merge: \(fifo) is not a regular file (a FIFO): give a shard's folder or its report.json\n"
                ), "\(result.stderr)")
        (result, _) = try await Self.merge([shards[0], URL(fileURLWithPath: "/dev/zero")])
        #expect(
            result.stderr.hasPrefix("aasa-audit merge: /dev/zero is not a regular file (a device)"), "\(result.stderr)")
        for baseline in [fifo, "/dev/zero"] {
            (result, _) = try await Self.merge(shards, ["--baseline", baseline])
            let kind = baseline == fifo ? "a FIFO" : "a device"
            #expect(
                result.status == 2
                    && result.stderr.hasPrefix(
                        "aasa-audit merge: --baseline \(baseline) is \(kind): give an earlier report.json"),
                "\(result.stderr)")
            let audit = try await Binary.run(
                ["audit", "a.test", "--baseline", baseline, "--out", shards[0].path + "-x"], interrupt: (SIGKILL, 120))
            #expect(
                audit.status == 2
                    && audit.stderr.hasPrefix(
                        "aasa-audit audit: --baseline \(baseline) is \(kind): give an earlier report.json"),
                "\(audit.stderr)")
        }
    }
}
