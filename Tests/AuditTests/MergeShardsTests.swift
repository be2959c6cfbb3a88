import AASA
import Foundation
import Testing

@testable import Audit

/// Shard reports merged: refused when they are not one run's every shard, once each, made alike; otherwise the
/// single run's report, with links between shards judged and what every shard repeats kept once.
@Suite struct MergeShardsTests {
    static let blogFile =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.acme.blog"], "components": [{"/": "/posts/*"}]}]}}"#

    static func finding(_ id: String, _ message: String) -> Finding {
        Finding(id: id, severity: .error, message: message, location: FindingLocation(url: "x"), why: "w", hint: "h")
    }

    /// Shard `index` of `count` over `names`, holding those of `names` that belong to it.
    static func part(
        _ index: Int, of count: Int, names: [String], options: [String: String] = ["--timeout": "10"],
        version: String = "1", source: String? = nil, domains: [DomainReport]? = nil
    ) -> MergeShards.Part {
        var shard = Shard(index: index, count: count)
        shard.record(whole: names)
        let own = names.filter { shard.contains($0) }
        var report = AuditReport(
            version: version, startedAt: Date(timeIntervalSince1970: Double(index)),
            finishedAt: Date(timeIntervalSince1970: Double(100 + index)), interrupted: false, notAudited: [],
            domains: domains ?? own.map { DomainReport(domain: $0, fetches: [], apps: [], findings: []) },
            entitlements: AuditReport.EntitlementsReport(
                file: "App.entitlements", appID: "T.a", entries: ["applinks:x"],
                findings: [finding("entitlement-entry-format", "bad entry")]),
            inputErrors: [InputError(input: "bad host", source: "list.txt:3", reason: "spaces")])
        report.shard = shard
        report.options = options
        return MergeShards.Part(source: source ?? "shard\(index)", report: report)
    }

    static let names = (0..<40).map { "d\($0).test" }

    func refusal(_ parts: [MergeShards.Part]) -> String? {
        do {
            _ = try MergeShards.merge(parts)
            return nil
        } catch {
            return error.description
        }
    }

    /// The streamed merge: one small entry per domain in the log, the domains read back in the whole list's order,
    /// and the count read so far reported as it goes (merge's progress line).
    /// Each shard lists the first 1,000 refused lines of the whole list and counts the rest; the merged report
    /// does the same for the run, not 1,000 times the shards.
    @Test func refusedLinesAreKeptOnceAndCountedOnceForTheRun() throws {
        let refused = (1...1_000).map { InputError(input: "x\($0)", source: "list.txt:\($0)", reason: "junk") }
        var parts = (1...3).map { Self.part($0, of: 3, names: Self.names) }
        for index in parts.indices {
            parts[index].report.inputErrors = refused
            parts[index].report.inputErrorsOmitted = 500
        }
        let merged = try MergeShards.merge(parts)
        #expect(merged.inputErrors == refused && merged.inputErrorsOmitted == 500)
        parts[1].report.inputErrorsOmitted = -2
        #expect(refusal(parts)?.contains("inputErrorsOmitted is -2") == true)
    }

    @Test func theStreamedMergeReadsEachDomainOnceIntoTheLog() throws {
        let parts = (1...3).map { Self.part($0, of: 3, names: Self.names) }
        let counts = Locked<[Int]>([])
        let log = DomainLog(inMemory: [])
        let merged = try MergeShards.merge(parts, into: log) { count in counts.withLock { $0.append(count) } }
        #expect(counts.withLock { $0 } == Array(1...40))
        #expect(merged.domains.count == 40 && merged.summary.domains == 40)
        var names: [String] = []
        try merged.domains.forEach { names.append($0.domain) }
        #expect(names == Self.names)
    }

    @Test func aMergedRunListsTheWholeListInOrderWithRunLevelPartsOnce() throws {
        let parts = (1...3).reversed().map { Self.part($0, of: 3, names: Self.names) }
        let merged = try MergeShards.merge(parts)
        #expect(merged.domains.map(\.domain) == Self.names)
        #expect(merged.summary.domains == 40)
        #expect(merged.entitlements?.findings.count == 1)
        #expect(merged.inputErrors?.count == 1)
        #expect(merged.summary.errors == 1, "the entitlements finding counted once")
        #expect(merged.shard == nil && merged.options == ["--timeout": "10"])
        #expect(merged.startedAt == Date(timeIntervalSince1970: 1))
        #expect(merged.finishedAt == Date(timeIntervalSince1970: 103))
    }

    @Test func missingDuplicateAndForeignShardsAreRefusedByName() {
        let one = Self.part(1, of: 3, names: Self.names, source: "a")
        let two = Self.part(2, of: 3, names: Self.names, source: "b")
        let three = Self.part(3, of: 3, names: Self.names, source: "c")
        #expect(refusal([one, three]) == "missing shard 2/3")
        #expect(refusal([one]) == "missing shards 2/3, 3/3")
        #expect(
            refusal([one, two, three, Self.part(2, of: 3, names: Self.names, source: "d")])
                == "shard 2/3 is given twice: b and d")
        #expect(
            refusal([one, two, Self.part(3, of: 4, names: Self.names, source: "e")])
                == "a is shard 1/3 but e is shard 3/4: shards of one run share N")
        var whole = three
        whole.report.shard = nil
        #expect(refusal([one, two, whole])?.hasPrefix("c is not a shard's report") == true)
        #expect(refusal([]) == "no shard report given")
        var mixed = three
        mixed.report.domains.append(DomainReport(domain: "shop.aasa.test", fetches: [], apps: [], findings: []))
        // 0x06e6563f270f08f3 % 3 == 0: shop.aasa.test is shard 1's.
        #expect(refusal([one, two, mixed]) == "c (shard 3/3) holds shop.aasa.test, which belongs to shard 1/3")
    }

    @Test func shardsOfDifferentRunsAreRefused() {
        let one = Self.part(1, of: 2, names: Self.names, source: "a")
        #expect(
            refusal([
                one,
                Self.part(2, of: 2, names: Self.names, options: ["--timeout": "5", "--crawl": "true"], source: "b"),
            ])
                == "shards 1/2 (a) and 2/2 (b) were run with different options: --crawl not given and true; "
                + "--timeout 10 and 5")
        #expect(
            refusal([one, Self.part(2, of: 2, names: Self.names + ["extra.test"], source: "b")])
                == "shards 1/2 (a) and 2/2 (b) were given different domain lists (40 and 41 domains)")
        #expect(
            refusal([one, Self.part(2, of: 2, names: Self.names, version: "2", source: "b")])
                == "shards 1/2 (a) and 2/2 (b) were made by different versions: 1 and 2")
    }

    @Test func aLinkToAnotherShardsDomainIsJudgedByThatDomainsFile() throws {
        let names = ["shop.test", "blog.test"]
        #expect(Shard.bucket(of: "shop.test", count: 2) != Shard.bucket(of: "blog.test", count: 2))
        var urls = URLTable()
        let link = "https://blog.test/posts/1"
        urls.append(
            URLReport(url: link, foundOn: "https://shop.test/", httpStatus: nil, verdicts: [], opensApp: nil, note: "n")
        )
        urls.append(
            URLReport(
                url: "https://elsewhere.test/posts/1", foundOn: "https://shop.test/", httpStatus: nil, verdicts: [],
                opensApp: nil, note: nil))
        let shop = DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: urls)
        let exchange = Exchange(
            location: .wellKnown, url: "https://blog.test/.well-known/apple-app-site-association", userAgent: "u",
            httpStatus: 200, contentType: "application/json", bytes: Self.blogFile.utf8.count)
        let blog = DomainReport(domain: "blog.test", fetches: [exchange], apps: [], findings: [], file: Self.blogFile)
        let shopShard = Shard.bucket(of: "shop.test", count: 2) + 1
        let parts = [
            Self.part(shopShard, of: 2, names: names, domains: [shop]),
            Self.part(3 - shopShard, of: 2, names: names, domains: [blog]),
        ]
        #expect(parts[0].report.domains[0].urls[0].opensApp == nil, "the shard could not judge it")
        let merged = try MergeShards.merge(parts)
        let row = try #require(merged.domains.first { $0.domain == "shop.test" }?.urls[0])
        #expect(row.opensApp == "ABCDE12345.com.acme.blog")
        #expect(row.verdicts.first?.result == .match)
        #expect(row.note == "n")
        #expect(merged.domains.first { $0.domain == "shop.test" }?.urls[1].verdicts.isEmpty == true)
        #expect(merged.summary.urlsOpeningApp == 1)
        #expect(merged.domains.map(\.domain) == names)
    }

    /// Numbers that trapped or grew without bound (a count of 0, −2 or 2^62) are refused before any is counted up
    /// to; so are two domains at one place and a domain listed twice, which were merged as if both were real.
    @Test(arguments: [0, -2, 1 << 62, 10_001]) func aShardCountOutOfRangeIsRefused(_ count: Int) {
        var parts = (1...2).map { Self.part($0, of: 2, names: Self.names) }
        for index in parts.indices { parts[index].report.shard?.count = count }
        #expect(refusal(parts)?.hasPrefix("shard1: shard.count: \(count) is ") == true)
    }

    @Test func twoDomainsAtOnePlaceAreRefused() {
        var parts = (1...2).map { Self.part($0, of: 2, names: Self.names) }
        let (name, position) = parts[1].report.shard!.positions!.min { $0.value < $1.value }!
        let taken = parts[0].report.shard!.positions!.min { $0.value < $1.value }!
        parts[1].report.shard!.positions![name] = taken.value
        #expect(
            refusal(parts)
                == "shard2: shard.positions[\"\(name)\"]: \(taken.value) is also the place of \(taken.key) in shard1")
        #expect(position != taken.value)
    }

    @Test func aDomainListedTwiceOrBothAuditedAndNotIsRefused() {
        var parts = (1...2).map { Self.part($0, of: 2, names: Self.names) }
        let twice = parts[0].report.domains[0]
        parts[0].report.domains.append(twice)
        let last = parts[0].report.domains.count - 1
        #expect(refusal(parts) == "shard1: domains[\(last)]: \(twice.domain) is listed twice")
        parts[0].report.domains.removeLast()
        parts[0].report.notAudited = [twice.domain]
        #expect(refusal(parts) == "shard1: notAudited: \(twice.domain) is listed as audited too")
        parts[0].report.notAudited = []
        let owned = (0..<100).map { "x\($0).test" }.first { parts[0].report.shard!.contains($0) }!
        parts[0].report.domains.append(DomainReport(domain: owned, fetches: [], apps: [], findings: []))
        #expect(refusal(parts) == "shard1: domains[\(last)]: \(owned) has no place in shard.positions")
    }

    /// A row's count of linking pages, copied when the row is judged by another shard's file, is copied at once:
    /// added one at a time, a count of 10^9 took minutes (the most a row holds now, 134,217,726, a minute too).
    @Test func aLinkedRowKeepsItsInlinksWhenJudgedAcrossShards() throws {
        let names = ["shop.test", "blog.test"]
        var urls = URLTable()
        urls.append(
            URLReport(
                url: "https://blog.test/posts/1", foundOn: "https://shop.test/", httpStatus: nil, verdicts: [],
                opensApp: nil, note: nil, inlinks: URLFacts.pageCounts.upperBound))
        let shop = DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: urls)
        let exchange = Exchange(
            location: .wellKnown, url: "https://blog.test/.well-known/apple-app-site-association", userAgent: "u",
            httpStatus: 200, contentType: "application/json", bytes: Self.blogFile.utf8.count)
        let blog = DomainReport(domain: "blog.test", fetches: [exchange], apps: [], findings: [], file: Self.blogFile)
        let shopShard = Shard.bucket(of: "shop.test", count: 2) + 1
        let merged = try MergeShards.merge([
            Self.part(shopShard, of: 2, names: names, domains: [shop]),
            Self.part(3 - shopShard, of: 2, names: names, domains: [blog]),
        ])
        let row = try #require(merged.domains.first { $0.domain == "shop.test" }?.urls[0])
        #expect(row.opensApp == "ABCDE12345.com.acme.blog" && row.inlinks == URLFacts.pageCounts.upperBound)
    }
}
