import AASA
import Foundation
import Testing

@testable import Audit

@Suite struct RefusedInputsTests {
    static func error(_ n: Int) -> InputError { InputError(input: "x\(n)", source: "list:\(n)", reason: "junk") }

    @Test func theFirstThousandAreKeptAndTheRestCounted() {
        var refused = RefusedInputs()
        for n in 1...2_500 { refused.append(Self.error(n)) }
        #expect(refused.errors.count == 1_000 && refused.errors.last == Self.error(1_000))
        #expect(refused.omitted == 1_500 && refused.count == 2_500)
        #expect(refused.omittedLine == "and 1,500 more refused lines")
        #expect(RefusedInputs(errors: [Self.error(1)], omitted: 0).omittedLine == nil)
    }

    /// Every shard of a run refuses the same lines of the same list: a merge keeps each once and counts them
    /// once, not once per shard.
    @Test func aMergeKeepsEachLineOnceAndCountsTheRunsLines() throws {
        var shard = RefusedInputs()
        for n in 1...1_200 { shard.append(Self.error(n)) }
        let merged = try RefusedInputs.merged([
            ("one.json", shard.errors, shard.omitted), ("two.json", shard.errors, shard.omitted),
        ])
        #expect(merged.errors == shard.errors && merged.omitted == 200)
        let distinct = try RefusedInputs.merged([
            ("one.json", [Self.error(1)], 0), ("two.json", [Self.error(2)], 0),
        ])
        #expect(distinct.errors == [Self.error(1), Self.error(2)] && distinct.omitted == 0)
    }

    @Test func aMergeRefusesANegativeCountAndNeverOverflows() throws {
        #expect(throws: MergeRefusal.self) { _ = try RefusedInputs.merged([("one.json", [], -4)]) }
        let huge = try RefusedInputs.merged([("one.json", [Self.error(1)], Int.max)])
        #expect(huge.count == Int.max)
    }
}
