import AASA
import Audit
import Foundation

/// A run folder's `run.json`: the command line an audit was started with and the domains it planned, so
/// `audit --resume DIR` continues the same run (same inputs and options) and can say what differs when asked to
/// continue another.
struct RunRecord: Codable, Equatable, Sendable {
    static let fileName = "run.json"
    /// Options that do not change what is audited or found, and so may differ on resume.
    static let free: Set<String> = ["--resume", "--retry-failed", "--quiet", "--verbose", "--out", "--keep"]

    /// The options given, by long name, each with its values in command-line order (a flag: one empty value).
    var options: [String: [String]]
    var positionals: [String]
    /// The domains the run planned, in order: each record in domains.jsonl names its place in this list.
    var domains: [String]
    /// The report compared with, when there was one (given, or the previous run under Reports/).
    var baseline: String?
    /// The run's folder was made under Reports/ (no --out): a resumed run points Reports/latest at it again.
    var underReports: Bool

    init(options: ParsedOptions, domains: [String], baseline: String?, underReports: Bool) {
        self.options = options.values.filter { !Self.free.contains($0.key) }
        positionals = options.positionals
        self.domains = domains
        self.baseline = baseline
        self.underReports = underReports
    }

    /// Written atomically into `folder`.
    func write(to folder: RunFolder) throws {
        let data = try JSONOutput.encoder().encode(self)
        try OutputDirectory.writeAtomically(in: folder, Self.fileName) { try $0(data) }
    }

    /// The most of run.json read: its domain list comes from inputs of at most 64 MiB each.
    static let readLimit = 256 << 20

    /// Read from `folder`: a regular file (a link or a FIFO in its place is refused, not followed or waited on),
    /// at most `readLimit` bytes; nil when there is none.
    static func read(from folder: RunFolder) throws -> RunRecord? {
        guard let data = try folder.read(fileName, limit: readLimit) else { return nil }
        return try JSONOutput.decoder().decode(RunRecord.self, from: data)
    }

    /// What differs between the options and domains given now and those the run was started with, one phrase
    /// each ("--crawl given now, not then"); empty when nothing does.
    func differences(options given: [String: [String]], positionals: [String]) -> [String] {
        var found: [String] = []
        let now = given.filter { !Self.free.contains($0.key) }
        for name in Set(now.keys).union(options.keys).sorted() {
            let then = options[name]
            let current = now[name]
            if then == current { continue }
            func shown(_ values: [String]) -> String {
                values.allSatisfy(\.isEmpty) ? name : values.map { "\(name) \($0)" }.joined(separator: " ")
            }
            switch (then, current) {
            case (nil, let value?): found.append("\(shown(value)) given now, not then")
            case (let value?, nil): found.append("\(shown(value)) given then, not now")
            case (let before?, let after?): found.append("\(shown(after)) now, \(shown(before)) then")
            default: break
            }
        }
        if positionals != self.positionals {
            found.append(
                "domains on the command line: \(positionals.joined(separator: " ")) now, "
                    + "\(self.positionals.joined(separator: " ")) then")
        }
        return found
    }
}
