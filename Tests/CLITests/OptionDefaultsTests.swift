import Foundation
import TestSupport
import Testing

@testable import AuditCLI

/// An option's default is written once, in its declaration: help, the man page, completions and the run read that
/// one value, so no caller falls back to a number of its own that could drift from it.
@Suite struct OptionDefaultsTests {
    /// `options.integer(x) ?? 32` repeats a default (unreachable when `x` declares one, a second source when it
    /// does not); `integer(defaulted:)`, `decimal(defaulted:)` and `choice(defaulted:as:)` read the declaration's.
    @Test func noCallerRepeatsADefault() throws {
        let folder = Binary.root.appendingPathComponent("Sources/AuditCLI")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        let fallback = try Regex(#"\.(integer|decimal|choice)\([^()]*\)\s*\?\?"#)
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(fallback) {
                Issue.record("Sources/AuditCLI/\(file):\(number + 1) falls back to a default of its own: \(line)")
            }
        }
    }

    /// What a run without the options gets is what the declarations say, in the core's own types.
    @Test func theDeclaredDefaultsReachTheCore() throws {
        let options = try parsed(["x.test", "--crawl"], AuditCommand.spec)
        let crawl = AuditCommand.crawlOptions(options)
        #expect(crawl.maxPages == 10_000 && crawl.perHostConcurrency == 8 && crawl.crawlTime == 600)
        #expect(crawl.delay == 0 && crawl.maxCrawlDelay == 10 && crawl.judgeLinkedHosts == 0)
        #expect(AuditCommand.maxURLsRecorded(options) == 100_000)
        #expect(options.integer(AuditCommand.maxInlinks) == 1_000_000)
        #expect(options.decimal(NetworkOptions.timeout) == 10)
    }
}
