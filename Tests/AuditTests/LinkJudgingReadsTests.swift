import AASA
import Foundation
import Testing

@testable import Audit

/// Links between domains and scheme links judged from the index the log keeps while auditing: a linked domain's
/// served file is never read back from its record, and a domain holding links judged at the end is counted anew from
/// what its entry kept of them (`LinksJudgedLater`), so every domain is read once, by the report pass, a resumed run
/// alike; only past the run's budget for those links, or after a signal, is a domain read once more to be counted.
@Suite struct LinkJudgingReadsTests {
    /// Reads every domain in the report pass, as report.json does.
    final class EveryDomain: ReportPassWriter {
        var read: [DomainReport] = []
        func needs(_ position: Int) -> Bool { true }
        func add(_ domain: DomainReport?, at position: Int) throws { if let domain { read.append(domain) } }
        func finish() throws {}
    }

    static let associated = ["blog.test", "app.test"]

    /// blog.test serves a file shop.test (which serves its own) links to; shop.test and news.test found custom-scheme
    /// links that app.test's file replaces; plain.test serves nothing and links nowhere.
    static func domains() -> [DomainReport] {
        var shop = SchemeLinkVerdictsTests.report("shop.test", rules: "/shoes/*", links: ["acmeshop://product/42"])
        var urls = URLTable()
        urls.append(url: "https://shop.test/shoes/1", foundOn: "https://shop.test/", httpStatus: 200, note: nil)
        urls.append(url: "https://blog.test/post/1", foundOn: "https://shop.test/shoes/1", httpStatus: nil, note: nil)
        urls.crawled("shop.test")
        shop.urls = urls
        return [
            DomainLogTests.blog(), shop,
            SchemeLinkVerdictsTests.report("news.test", rules: nil, links: ["acmeshop://product/7"]),
            SchemeLinkVerdictsTests.report("plain.test", rules: nil, status: 404),
            SchemeLinkVerdictsTests.report("app.test", rules: "/product/*"),
        ]
    }

    /// The domains judged whole in memory, as a run held them before the log.
    static func judgedWhole() -> [DomainReport] {
        var whole = domains()
        CrossDomainOracle.judge(&whole)
        SchemeLinkVerdicts.judge(&whole, schemes: nil, associated: associated)
        return whole
    }

    /// Judges `stream`'s links, runs one report pass and checks every domain came out as judged whole; the
    /// records read in all.
    static func judgeAndPass(
        _ stream: DomainStream, stop: StopSignal = .never, suppressions: Suppressions? = nil
    ) throws -> Int {
        var stream = stream
        stream.stop = stop
        stream.suppressions = suppressions
        try stream.judgeLinks(schemes: nil, associated: associated)
        let writer = EveryDomain()
        try StreamedReport(header: DomainLogTests.header(), domains: stream).pass([writer])
        var whole = judgedWhole()
        if let suppressions { for d in whole.indices { whole[d].suppress(suppressions) } }
        #expect(writer.read.map(\.domain) == whole.map(\.domain))
        for (read, expected) in zip(writer.read, whole) {
            #expect(Array(read.urls) == Array(expected.urls), "\(read.domain)'s URLs")
            #expect(read.findings.map(\.id) == expected.findings.map(\.id), "\(read.domain)'s findings")
            #expect(read.crawl?.schemeLinks == expected.crawl?.schemeLinks, "\(read.domain)'s scheme links")
        }
        let post = try #require(writer.read[1].urls.first { $0.url == "https://blog.test/post/1" })
        #expect(post.opensApp == "ABCDE12345.com.acme.blog", "judged by blog.test's file")
        #expect(writer.read[2].crawl?.schemeLinks?.links.first?.replacement?.domain == "app.test")
        // The counts the summary and the worst-first order use are those of the domains as the reports show them.
        for (entry, expected) in zip(stream.entries, writer.read) {
            let tally = expected.urls.tally()
            let counts: [Int] = [entry.urlsTested, entry.urlsOpeningApp, entry.urlsUnknown]
            #expect(counts == [tally.tested, tally.opening, tally.unknown], "\(entry.domain)")
            let counted = FindingCounts(
                errors: entry.errors, warnings: entry.warnings, infos: entry.infos, suppressed: entry.suppressed)
            #expect(counted == FindingCounts(expected.findings), "\(entry.domain)")
            #expect(entry.verdict == expected.verdict, "\(entry.domain)")
        }
        return stream.recordsRead
    }

    static func logged(in folder: URL, linkBudget: Int = LinksJudgedLater.budget) throws -> DomainStream {
        let domains = domains()
        let log = try DomainLog(
            folder: DomainLogTests.open(folder), audited: Set(domains.map(\.domain)), linkBudget: linkBudget)
        for (index, domain) in domains.enumerated() { log.append(domain, index: index) }
        return try log.finish()
    }

    /// Five domains, two of them holding links judged at the end: 5 reads. Reading each linked domain's record for
    /// its file, as the run did before the index, read 11; reading each domain holding links again to count it, 7.
    @Test func everyDomainIsReadOnce() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try Self.logged(in: folder)
        #expect(stream.entries.map { $0.served != nil } == [true, true, false, false, true])
        #expect(stream.entries.map { $0.later?.kept != nil } == [false, true, true, false, false])
        #expect(try Self.judgeAndPass(stream) == 5)
    }

    /// shop.test keeps one row and one scheme link, news.test one scheme link: with room for one, news.test is
    /// counted from its entry and shop.test read once more; with none, both are. The counts come out the same. The
    /// last record read to be counted is kept, and the report pass (reading ahead, which keeps none) takes it from
    /// there: 6 reads with no room (news.test is not read again), 5 with room for one.
    @Test func pastTheRunsBudgetADomainIsReadAgainToBeCounted() throws {
        for (budget, reads) in [(0, 6), (1, 5), (3, 5)] {
            let folder = try DomainLogTests.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let stream = try Self.logged(in: folder, linkBudget: budget)
            #expect(stream.entries.map(\.linkedDomains) == [[], ["blog.test"], [], [], []], "budget \(budget)")
            #expect(try Self.judgeAndPass(stream) == reads, "budget \(budget)")
        }
    }

    /// After a signal, a table too big to judge quickly is left unjudged by the reports: only reading it tells what
    /// they show, so the domains holding links are read to be counted, and the counts still match the reports (the
    /// last of them, news.test, is not read again by the pass).
    @Test func afterASignalTheDomainsHoldingLinksAreReadToBeCounted() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stop = StopSignal()
        stop.request()
        #expect(try Self.judgeAndPass(try Self.logged(in: folder), stop: stop) == 6)
    }

    /// An ignore entry for the scheme-link finding silences it on the domain counted from its entry as on the one
    /// read: the entry counts it as suppressed, and the entry is used (not reported as stale).
    @Test func ignoreEntriesApplyToTheFindingsOfLinksJudgedAtTheEnd() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rule = IgnoreRule(
            check: LinkCustomScheme.description.id, domain: "news.test", reason: "legacy", source: "test")
        let suppressions = Suppressions([rule])
        let stream = try Self.logged(in: folder)
        #expect(try Self.judgeAndPass(stream, suppressions: suppressions) == 5)
        #expect(suppressions.unused().isEmpty)
        var judged = stream
        judged.suppressions = suppressions
        try judged.judgeLinks(schemes: nil, associated: Self.associated)
        #expect(judged.entries[2].suppressed > 0)
    }

    /// A run without a crawl has no links judged at the end: its log keeps no domain's served file (none is written
    /// to a spool) and makes no spool, a resumed one alike, and the domains read back as they were.
    @Test func aRunWithoutLinksKeepsNoServedFile() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let domains = Self.domains()
        let names = Set(domains.map(\.domain))
        let log = try DomainLog(folder: DomainLogTests.open(folder), audited: names, judgesLinks: false)
        #expect(!log.spools)
        for (index, domain) in domains.enumerated() { log.append(domain, index: index) }
        let stream = try log.finish()
        #expect(stream.entries.map { $0.served != nil } == [false, false, false, false, false])
        #expect(try stream.load(stream.entries[0]).file == domains[0].file)
        let recovered = try DomainLog.recover(
            folder: DomainLogTests.open(folder), audited: names, lineLimit: 1 << 20, judgesLinks: false)
        #expect(recovered.entries.map { $0.served != nil } == [false, false, false, false, false])
    }

    /// A run keeps one entry per domain, reserved for every domain at its start: its served file is one word and
    /// its flags share the verdict's padding, so an entry is 168 bytes, not the 208 it was (0.8 MB less for 20,000
    /// domains).
    @Test func anEntryStaysSmall() {
        #expect(MemoryLayout<DomainStream.Entry>.stride <= 168)
        #expect(MemoryLayout<ServedFile?>.size == 8)
    }

    /// Domains finish out of order; the stream has them in input order, each entry still its own domain's: the
    /// entries are swapped into place cycle by cycle (four cycles here, two entries already in place) rather than
    /// sorted into a copy.
    @Test func entriesComeBackInInputOrder() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = [3, 0, 4, 1, 2, 7, 6, 5, 8, 10, 9]
        let log = try DomainLog(folder: DomainLogTests.open(folder), audited: [], judgesLinks: false)
        for index in finished {
            log.append(SchemeLinkVerdictsTests.report("d\(index).test", rules: nil), index: index)
        }
        let stream = try log.finish()
        #expect(stream.entries.map(\.index) == Array(0...10))
        #expect(stream.entries.map(\.domain) == (0...10).map { "d\($0).test" })
        #expect(try stream.entries.map { try stream.load($0).domain } == (0...10).map { "d\($0).test" })
    }

    /// A resumed run whose ignore entries now also match a finding logged by the earlier run unsilenced: the ignore
    /// entries apply to the findings judged at the end only, so a domain holding scheme links keeps that finding as
    /// logged, like every other kept domain, and its entry's counts are still what the report shows (it was counted
    /// from its entry, the report read it).
    @Test func aKeptFindingStaysAsLoggedAndTheCountsMatchTheReport() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var domains = Self.domains()
        domains[1].findings = [
            Finding(
                id: "unknown-key", severity: .warning, message: "m", location: FindingLocation(url: "u", pointer: "/x"),
                why: "w", hint: "h")
        ]
        let log = try DomainLog(folder: DomainLogTests.open(folder), audited: Set(domains.map(\.domain)))
        for (index, domain) in domains.enumerated() { log.append(domain, index: index) }
        var stream = try log.finish()
        stream.suppressions = Suppressions([
            IgnoreRule(check: "unknown-key", reason: "now ignored", source: "test"),
            IgnoreRule(check: LinkCustomScheme.description.id, domain: "shop.test", reason: "legacy", source: "test"),
        ])
        try stream.judgeLinks(schemes: nil, associated: Self.associated)
        let writer = EveryDomain()
        try StreamedReport(header: DomainLogTests.header(), domains: stream).pass([writer])
        #expect(stream.recordsRead == 5)
        let shop = writer.read[1]
        #expect(shop.findings.first { $0.id == "unknown-key" }?.isSuppressed == false, "as logged")
        #expect(shop.findings.first { $0.id == LinkCustomScheme.description.id }?.isSuppressed == true)
        for (entry, read) in zip(stream.entries, writer.read) {
            let counted = FindingCounts(
                errors: entry.errors, warnings: entry.warnings, infos: entry.infos, suppressed: entry.suppressed)
            #expect(counted == FindingCounts(read.findings), "\(entry.domain)")
            #expect(entry.verdict == read.verdict, "\(entry.domain)")
        }
    }

    /// `--resume` rebuilds the index of served files from the log's kept records.
    @Test func aResumedRunRebuildsTheIndexFromTheLog() throws {
        let folder = try DomainLogTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.logged(in: folder)
        let names = Set(Self.domains().map(\.domain))
        let recovered = try DomainLog.recover(folder: DomainLogTests.open(folder), audited: names, lineLimit: 1 << 20)
        #expect(recovered.entries.map { $0.served != nil } == [true, true, false, false, true])
        let log = try DomainLog(
            folder: DomainLogTests.open(folder), audited: names, kept: recovered.entries, resuming: true)
        #expect(try Self.judgeAndPass(try log.finish()) == 5)
    }
}
