import AASA
import Foundation
import Testing

@testable import Audit

/// `links` audits at most `DomainFiles.maximumHosts` hosts' files per run; a link on a host past the cap is judged
/// without fetching anything and says why, never dropped.
@Suite struct LinksHostCapTests {
    @Test func aLinkOnAHostPastTheCapIsJudgedWithANoteAndNothingFetched() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let runner = LinksRunner(fetcher: fetcher, concurrency: 1, maximumHosts: 2)
        let links = ["https://h1.test/shop/1", "https://h2.test/shop/1", "https://h3.test/shop/1"].map {
            LinkInput(input: $0, source: "argument")
        }
        let (results, domains, unfinished) = await runner.run(links)
        #expect(unfinished == 0 && results.count == 3)
        #expect(results[0].tier == .opensApp && results[1].tier == .opensApp, "\(results.map(\.tier))")
        let note = try #require(results[2].chain.first?.note)
        #expect(note.contains("cap of 2 hosts") && note.contains("h3.test"), "\(note)")
        #expect(results[2].tier == .never)
        #expect(!fetcher.log.contains { $0.url.contains("h3.test") }, "nothing is fetched from a host past the cap")
        #expect(domains.map(\.domain) == ["h1.test", "h2.test"])
        #expect(domains.summaries.map(\.verdict) == [.pass, .pass])
    }

    /// The consulted domains' reports wait in the spool and come back whole for links.json.
    @Test func reportsComeBackFromTheSpoolWhole() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let runner = LinksRunner(fetcher: fetcher, concurrency: 2)
        let links = (1...5).map { LinkInput(input: "https://h\($0).test/shop/1", source: "argument") }
        let (_, domains, _) = await runner.run(links)
        #expect(domains.count == 5 && domains.allSatisfy { $0.fetches.count == 4 && $0.file == ExampleProbe.body })
        let report = LinksReport(
            version: "1", startedAt: Date(), finishedAt: Date(), interrupted: false, links: [], skipped: 0,
            inputErrors: [], domains: domains)
        var data = Data()
        try report.writeJSON { data.append($0) }
        let decoded = try JSONOutput.decoder().decode(LinksReport.self, from: data)
        #expect(decoded.domains.map(\.domain) == (1...5).map { "h\($0).test" })
        #expect(decoded.domains.allSatisfy { $0.fetches.count == 4 })
    }
}
