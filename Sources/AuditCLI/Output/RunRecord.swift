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
    /// When the run's phases ended; nil until the reports are written (a run still going, or one that died).
    var timing: Timing?

    /// When auditing (fetching, crawling, judging) ended and when each report file was renamed into place: the
    /// report phase is the time between them.
    struct Timing: Codable, Equatable, Sendable {
        var fetchingEndedAt: Stamp
        var reportsWrittenAt: [String: Stamp]
    }

    /// A time of `Timing`, written to the millisecond (`2026-11-27T14:45:37.123Z`) where every other date of the
    /// tool has whole seconds: the report phase takes a few seconds. Run folders of earlier builds have whole
    /// seconds; both are read.
    struct Stamp: Codable, Equatable, Sendable {
        var date: Date

        init(_ date: Date) { self.date = date }

        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) else {
                throw DecodingError.typeMismatch(
                    Date.self, .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 time"))
            }
            self.date = date
        }

        /// In UTC to the nearest millisecond, by hand: Foundation's ISO 8601 style cuts the fraction rather than
        /// round it, so a time read back (…37.123 is 37.12299… as a Double) would be written …37.122.
        func encode(to encoder: any Encoder) throws {
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
            let fraction = (milliseconds % 1000 + 1000) % 1000
            let seconds = Date(timeIntervalSince1970: TimeInterval((milliseconds - fraction) / 1000))
            var container = encoder.singleValueContainer()
            try container.encode(
                seconds.formatted(.iso8601).dropLast() + "." + String(1000 + fraction).dropFirst() + "Z")
        }
    }

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

    /// The most run.json may hold: its domain list comes from lists of at most 64 MiB each, and a real one is far
    /// smaller; a larger file is not read, whoever wrote the run folder.
    static let sizeLimit = 256 << 20

    /// Why run.json could not be read, as the end of a sentence about the run folder.
    struct ReadFailure: Error {
        /// It is not there (or cannot be opened): no run to continue.
        var missing: Bool
        var reason: String
    }

    /// Read from `folder` only when it is a regular file (a link, a FIFO or a device in its place is refused, not
    /// followed or waited on) of at most `sizeLimit` bytes.
    static func read(from folder: RunFolder) throws(ReadFailure) -> RunRecord {
        let data: Data
        do {
            guard let read = try folder.read(fileName, limit: sizeLimit) else {
                throw ReadFailure(missing: true, reason: "\(fileName) is missing")
            }
            data = read
        } catch let failure as ReadFailure {
            throw failure
        } catch let refusal as RunFolder.Failure where refusal.code == 0 {
            throw ReadFailure(missing: false, reason: refusal.description)
        } catch {
            throw ReadFailure(missing: true, reason: "\(error)")
        }
        do {
            return try JSONOutput.decoder().decode(RunRecord.self, from: data)
        } catch {
            throw ReadFailure(missing: false, reason: "\(fileName) is not a run record: \(describe(error))")
        }
    }

    /// A DecodingError in a few words: the member and what is wrong with it.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "\(path.hasPrefix(".") ? String(path.dropFirst()) : path) has the wrong type"
        case .dataCorrupted: return "not JSON"
        @unknown default: return "not JSON"
        }
    }

    /// The run's command line, rebuilt from the recorded options and positionals (and `free` ones given now),
    /// for the parser to check again as if typed: run.json is a file anyone who can write the folder can edit,
    /// and `--shard 0/0` from it audited nothing and exited 0. Values go as `--name=value` and positionals after
    /// `--`, so none can pass for an option.
    func arguments(
        free given: [String: [String]], command: CommandSpec
    ) throws(UsageError) -> [String] {
        var arguments: [String] = []
        let recorded = options.filter { !Self.free.contains($0.key) }.sorted { $0.key < $1.key }
        let now = given.filter { Self.free.contains($0.key) }.sorted { $0.key < $1.key }
        for (name, values) in recorded + now {
            guard let option = command.option(named: name), option.name == name else {
                throw UsageError("\(Self.fileName): unknown option \(name)", command: command.name)
            }
            for value in values {
                if option.takesValue {
                    arguments.append("\(name)=\(value)")
                } else {
                    guard value.isEmpty else {
                        throw UsageError(
                            "\(Self.fileName): \(name) takes no value, not \(value)", command: command.name)
                    }
                    arguments.append(name)
                }
            }
        }
        return arguments + ["--"] + positionals
    }

    /// What differs between the options and domains given now and those the run was started with, one phrase
    /// each ("--crawl given now, not then"); empty when nothing does. Only what is given now is compared: an option
    /// left out is taken from the record, so a resumed run needs none repeated.
    func differences(options given: [String: [String]], positionals: [String]) -> [String] {
        var found: [String] = []
        let now = given.filter { !Self.free.contains($0.key) }
        for name in now.keys.sorted() {
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
        if !positionals.isEmpty && positionals != self.positionals {
            found.append(
                "domains on the command line: \(positionals.joined(separator: " ")) now, "
                    + "\(self.positionals.joined(separator: " ")) then")
        }
        return found
    }
}
