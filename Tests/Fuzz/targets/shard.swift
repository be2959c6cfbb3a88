import Foundation

// Fuzz target: a shard's report.json as `merge` reads it. The input is written to a file and read as `merge`
// reads a shard: its header first (`MergeShards.Part.header`, with the shard's count, index and positions checked),
// then, with the run's other shards made empty from the same header (up to 16), the merge itself, its domains read
// from the file a domain at a time into a log, links and scheme links judged, the summary worked out, every domain
// loaded again and report.json written. Any bytes give a merged report, a `MergeRefusal` or a `ReportReadError`
// (never a trap, a loop or another error), within the time budget; the summary always adds up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("shard", bytes) { bytes in
        let path = fuzzShardFile
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fuzzFail("shard", "could not write \(path)")
        }
        do {
            let part = try MergeShards.Part.header(source: "s", path: path)
            var parts = [part]
            if let shard = part.report.shard, shard.problem == nil, shard.count <= 16 {
                for index in 1...shard.count where index != shard.index {
                    var other = part.report
                    other.shard?.index = index
                    other.shard?.positions = [:]
                    other.notAudited = []
                    parts.append(MergeShards.Part(source: "o\(index)", report: other))
                }
            }
            let merged = try MergeShards.merge(parts, into: DomainLog(inMemory: []))
            checkSummary(merged)
            var loaded = 0
            try merged.domains.forEach { _ in loaded += 1 }
            guard loaded == merged.domains.count else {
                fuzzFail("shard", "\(loaded) domains loaded of \(merged.domains.count)")
            }
            var written = 0
            try merged.writeJSON { written += $0.count }
        } catch is MergeRefusal {
        } catch is ReportReadError {
        } catch {
            fuzzFail("shard", "not a refusal: \(type(of: error)): \(error)")
        }
    }
    return 0
}

/// One file per process, written again for each input.
let fuzzShardFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "aasa-fuzz-shard-\(getpid()).json"
).path

/// The merged summary is the sum of its domains' counts, none below zero.
func checkSummary(_ merged: StreamedReport) {
    let summary = merged.summary
    let entries = merged.domains.entries
    let numbers = [
        summary.domains, summary.errors, summary.warnings, summary.infos, summary.urlsTested, summary.urlsOpeningApp,
        summary.passed, summary.warned, summary.failed,
    ]
    guard numbers.allSatisfy({ $0 >= 0 }) else { fuzzFail("shard", "a negative summary count: \(summary)") }
    guard summary.domains == entries.count, summary.passed + summary.warned + summary.failed == entries.count else {
        fuzzFail("shard", "the summary counts \(summary.domains) domains of \(entries.count)")
    }
    guard summary.failed == entries.filter({ $0.verdict == .fail }).count,
        entries.allSatisfy({ ($0.verdict == .fail) == ($0.errors > 0) })
    else { fuzzFail("shard", "a verdict disagrees with its findings") }
    let places = Set(entries.map(\.index))
    guard places.count == entries.count else { fuzzFail("shard", "two domains at one place") }
}
