import AASA
import Testing

/// Cancellation reaches the core as a value: a check or a table reads the stop signal it was given, never one the
/// process shares, so a stopped run does not stop another run in the same process.
@Suite struct StopSignalTests {
    /// A file both long checks (`unreachable-rule`, `rule-captures-sensitive`) find something in.
    static let file = DecodedFile(
        bytes: Array(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/*"}, {"/": "/wf/unsubscribe*", "exclude": true}]}]}}"#
                .utf8))
    static let longChecks: Set = ["unreachable-rule", "rule-captures-sensitive"]

    static func requested() -> StopSignal {
        let stop = StopSignal()
        stop.request()
        return stop
    }

    @Test func aCheckGivenARequestedStopStops() {
        let ids = Set(Catalogue.check(Self.file, stop: StopSignal()).map(\.id))
        #expect(ids.isSuperset(of: Self.longChecks), "\(ids)")
        let stopped = Set(Catalogue.check(Self.file, stop: Self.requested()).map(\.id))
        #expect(stopped.isDisjoint(with: Self.longChecks), "\(stopped)")
    }

    @Test func theSignalNoOneSetsCannotBeSet() {
        StopSignal.never.request()
        #expect(!StopSignal.never.isRequested)
        let ids = Set(Catalogue.check(Self.file).map(\.id))
        #expect(ids.isSuperset(of: Self.longChecks), "\(ids)")
    }

    @Test func aStoppedRunDoesNotStopTheNextRun() {
        let first = Self.requested()
        #expect(Catalogue.check(Self.file, stop: first).allSatisfy { !Self.longChecks.contains($0.id) })
        let ids = Set(Catalogue.check(Self.file, stop: StopSignal()).map(\.id))
        #expect(ids.isSuperset(of: Self.longChecks), "\(ids)")
    }

    @Test func twoRunsAtOnceReadTheirOwnSignals() async {
        async let stopped = Catalogue.check(Self.file, stop: Self.requested()).map(\.id)
        async let running = Catalogue.check(Self.file, stop: StopSignal()).map(\.id)
        #expect(Set(await stopped).isDisjoint(with: Self.longChecks))
        #expect(Set(await running).isSuperset(of: Self.longChecks))
    }

    /// A crawl too big to judge quickly after a signal: the stopped run's table leaves its rows unjudged, another
    /// run's table with its own signal judges every row.
    @Test func aTableJudgesUnlessItsOwnSignalIsSet() throws {
        let document = try #require(Self.file.document)
        func table(_ stop: StopSignal) -> URLTable {
            var table = URLTable()
            table.stop = stop
            table.crawled("example.com")
            for i in 0..<(URLTable.judgedAfterStop / 20 + 1) {
                table.append(url: "https://example.com/p\(i)", foundOn: nil, httpStatus: 200, note: nil)
            }
            table.judge(host: "example.com", by: Matcher(document))
            return table
        }
        let stopped = table(Self.requested())
        let running = table(StopSignal())
        #expect(!stopped.isJudged)
        #expect(stopped[0].unknownReason == StopSignal.unjudgedNote)
        #expect(stopped.tally().opening == 0)
        #expect(running.isJudged)
        #expect(running[0].opensApp == "9JA89QQLNQ.com.acme.shop")
        #expect(running.tally().opening == running.count)
    }
}
