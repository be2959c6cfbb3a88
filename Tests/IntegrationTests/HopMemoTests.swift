import AASA
import Fetching
import Foundation
import TestSupport
import Testing

@testable import Audit

/// `links`' memo of hop answers, on the real fetcher against the fixture: each URL fetched once a run, and a
/// finished fetch kept as its answer alone. Keeping each finished Task held its task allocator, about 6 KB a hop:
/// 10,000 links of `Scripts/bench links` peaked at 235 MB, 117 MB with the answers alone.
@Suite struct HopMemoTests {
    static let server = FixtureServer.shared
    static let fetcher = CurlFetcher(
        configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: server.caPath, timeout: 20))

    @Test func aFinishedHopKeepsItsAnswerNotItsTaskAndIsNotFetchedAgain() async throws {
        let memo = HopMemo(fetcher: Self.fetcher)
        let urls = (1...3).map { "https://track--memo.aasa.test/chain/\($0)" }
        for url in urls + urls {
            let answer = await memo.answer(for: url)
            #expect(answer.status == 302 && answer.location != nil, "\(url): \(answer)")
        }
        #expect(await memo.fetchesInFlight == 0, "every finished fetch is kept as its answer alone")
        let count = await Self.fetcher.fetch(
            FetchRequest(
                url: "https://linkslog.aasa.test/count?host=track--memo.aasa.test&path=/chain/2", location: .page,
                policy: .aasaFile(userAgent: "aasa-audit tests")))
        #expect(String(decoding: count.body, as: UTF8.self) == "1", "a URL is fetched once a run")
    }
}
