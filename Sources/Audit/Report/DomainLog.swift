import AASA
import Foundation

/// A run folder's `domains.jsonl`: each finished domain appended as one line, a `DomainRecord` (the domain's
/// report.json object with its position in the run's input), as it finishes. The reports
/// are written from it at the end, so a run holds one `DomainStream.Entry` per domain instead of every domain;
/// `--resume` reads it back. Lines are synced to disk at least every `syncEvery` records and every second; a line
/// without its newline (the process died writing it) is torn and dropped. A later line for the same index replaces
/// an earlier one (a domain audited again on resume).
public final class DomainLog: Sendable {
    public static let fileName = "domains.jsonl"
    static let syncEvery = 64

    /// Why the log could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    private struct State: Sendable {
        var fd: Int32
        var offset: Int64
        var entries: [DomainStream.Entry]
        var unsynced = 0
        var lastSync = Date()
        /// The first write that failed; later domains are kept in memory instead.
        var failure: String?
    }

    public let path: String
    private let audited: Set<String>
    private let state: Locked<State>
    /// Where the files the domains served are kept (`DomainStream.Entry.served`): spooled for domains read back from
    /// the log, as text in memory, or nowhere when the run can have no links those files judge at the end (links
    /// between audited domains and custom-scheme links: only crawls find them).
    private let served: ServedFile.Keeping
    /// What the run can still keep of its domains' links judged at the end (`LinksJudgedLater`).
    private let linkBudget: LinksJudgedLater.Budget

    /// Opens the log in `folder`: a new one for a fresh run (anything already at its name, a link or a FIFO
    /// planted there, is refused), else the existing one to append to, created when missing; either way a regular
    /// file, never reached through a link. `kept` are the entries of domains already in it. `judgesLinks`: the run
    /// can have links judged at the end by the domains' served files (it crawls). `linkBudget`: how many of those
    /// links its entries keep (nil: `LinksJudgedLater.budget`).
    public init(
        folder: RunFolder, audited: Set<String>, kept: [DomainStream.Entry] = [], resuming: Bool = false,
        judgesLinks: Bool = true, linkBudget: Int? = nil
    )
        throws
    {
        path = folder.path(of: Self.fileName)
        self.audited = audited
        self.linkBudget = LinksJudgedLater.Budget(linkBudget ?? LinksJudgedLater.budget)
        // Read and written through this one descriptor: the reports read the records back from it, so the name is
        // never opened again.
        guard let fd = try folder.open(Self.fileName, resuming ? .append : .create) else {
            throw RunFolder.Failure.system(path, ENOENT)
        }
        let end = lseek(fd, 0, SEEK_END)
        // Room for every domain at once: growing by doubling briefly held two copies and left holes in the heap.
        var entries = kept
        entries.reserveCapacity(max(audited.count, kept.count))
        state = Locked(State(fd: fd, offset: Int64(max(end, 0)), entries: entries))
        served = judgesLinks ? .spool(SpoolFile(name: "served")) : .none
    }

    /// A log that keeps every domain in memory: for a run with no folder to write in.
    public init(inMemory audited: Set<String>, kept: [DomainStream.Entry] = []) {
        path = ""
        self.audited = audited
        linkBudget = LinksJudgedLater.Budget()
        state = Locked(State(fd: -1, offset: 0, entries: kept, failure: "no folder to write it in"))
        served = .text
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// Whether the log made a spool for its domains' served files: not in memory, nor for a run without links.
    var spools: Bool {
        if case .spool = served { true } else { false }
    }

    /// Why a record could not be written (the domains after it were kept in memory), nil when all were.
    public var failure: String? { state.withLock { $0.failure } }

    /// URLs from which a domain's report is also kept in memory rather than read back from the log for the reports.
    static let keptInMemoryURLs = 10_000

    /// Appends one finished domain. A failed write (a full disk) keeps the domain in memory, so the reports still
    /// hold it, and is remembered in `failure`. `linkable` says which linked hosts' files judge its links at the end
    /// (by default the run's audited domains).
    public func append(
        _ report: DomainReport, index: Int, linkable: ((String) -> Bool)? = nil, stop: StopSignal = .never
    ) {
        let linkable = linkable ?? { [audited] in audited.contains($0) }
        // A signal while its URLs were judged leaves rows unjudged: the reports show them so, and `--resume`
        // audits the domain again.
        let partial = stop.isRequested
        state.withLock { state in
            if state.failure == nil {
                switch Self.writeLine(report, index: index, partial: partial, to: state.fd) {
                case .written(let count, let digest):
                    // A large crawl stays in memory as well, as its compact table: read back, its rows' decoded
                    // verdicts would cost far more (about 1.4 KB a URL).
                    let inMemory = report.urls.count >= Self.keptInMemoryURLs
                    let location: DomainStream.Entry.Location =
                        inMemory
                        ? .memory(DomainStream.Entry.Kept(report))
                        : .file(offset: state.offset, length: count)
                    var entry = DomainStream.Entry(
                        index: index, report: report, location: location, linkable: linkable,
                        served: inMemory ? served.inMemory : served, budget: linkBudget)
                    entry.partial = partial
                    if case .file = location { entry.lineDigest = digest }
                    state.entries.append(entry)
                    state.offset += Int64(count)
                    state.unsynced += 1
                    if state.unsynced >= Self.syncEvery || Date().timeIntervalSince(state.lastSync) > 1 {
                        _ = fdatasync(state.fd)
                        state.unsynced = 0
                        state.lastSync = Date()
                    }
                    return
                case .notEncoded:
                    state.failure = "a domain's record could not be encoded"
                    _ = ftruncate(state.fd, off_t(state.offset))
                case .failed(let problem):
                    state.failure = problem
                    // Whatever part of the line reached the file is cut off again, so no torn line stays behind.
                    _ = ftruncate(state.fd, off_t(state.offset))
                }
            }
            state.entries.append(
                DomainStream.Entry(
                    index: index, report: report, location: .memory(DomainStream.Entry.Kept(report)),
                    linkable: linkable, served: served.inMemory, budget: linkBudget))
        }
    }

    enum LineWrite: Equatable {
        /// The line's length, and its digest (`LineDigest`).
        case written(Int, digest: Int)
        case notEncoded
        case failed(String)
    }

    /// Writes one domain's record (`DomainRecord`, compact, on one line) to `fd` in pieces of about 64 KiB, never
    /// whole: a 1,000,000-URL crawl's line is about a gigabyte.
    static func writeLine(_ report: DomainReport, index: Int, partial: Bool, to fd: Int32) -> LineWrite {
        var count = 0
        var digest = LineDigest()
        var failure: String?
        struct Stop: Error {}
        do {
            try withoutActuallyEscaping({ (data: Data) throws -> Void in
                if let problem = data.withUnsafeBytes({ Self.write($0, to: fd) }) {
                    failure = problem
                    throw Stop()
                }
                count += data.count
                digest.add(data)
            }) { sink in
                var writer = StreamedJSONWriter(compact: true, sink: sink)
                try writer.write(DomainRecord(index: index, partial: partial, report: report), depth: 0)
                writer.endLine()
                try writer.flush()
            }
        } catch {
            return failure.map { .failed($0) } ?? .notEncoded
        }
        return .written(count, digest: digest.value)
    }

    /// Syncs and closes the log; the stream reads the domains back from it.
    public func finish() throws -> DomainStream {
        // Moved out, so the stream's sorted array is the only one (100,000 entries are about 17 MB).
        var (entries, fd) = state.withLock { state in
            let fd = state.fd
            if fd >= 0 { _ = fdatasync(fd) }
            state.fd = -1
            defer { state.entries = [] }
            return (state.entries, fd)
        }
        Self.sortByIndex(&entries)
        let needsFile = entries.contains { if case .file = $0.location { true } else { false } }
        guard needsFile, fd >= 0 else {
            if fd >= 0 { close(fd) }
            return DomainStream(entries: entries, log: nil)
        }
        return DomainStream(entries: entries, log: Reader(fd: fd, path: path))
    }

    /// Puts `entries` in index order where they are: the order is worked out on their positions and the entries are
    /// swapped into it, so no second array of them (nor a sort's scratch half) is made at the run's fullest.
    static func sortByIndex(_ entries: inout [DomainStream.Entry]) {
        var order = entries.indices.sorted { entries[$0].index < entries[$1].index }
        // Each cycle of the permutation in turn: slot `i` takes the entry at `order[i]`.
        for start in order.indices where order[start] != start {
            var slot = start
            while order[slot] != start {
                let next = order[slot]
                entries.swapAt(slot, next)
                order[slot] = slot
                slot = next
            }
            order[slot] = slot
        }
    }

    /// Nil when every byte was written, else the system's reason.
    private static func write(_ line: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var written = 0
        while written < line.count {
            let n = Foundation.write(fd, line.baseAddress! + written, line.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += n
        }
        return nil
    }

    /// Reads records back by their place in the file.
    final class Reader: Sendable {
        let fd: Int32
        let path: String

        /// Takes over `fd`, the log's own descriptor, and closes it when done.
        init(fd: Int32, path: String) {
            self.fd = fd
            self.path = path
        }

        deinit { close(fd) }

        /// The record, and its `report` member's text when the line's digest is `digest`: a line this run wrote
        /// and nothing changed since, whose text is then the domain's JSON as this version writes it.
        func read(offset: Int64, length: Int, digest: Int?) throws -> (record: DomainRecord, json: ArraySlice<UInt8>?) {
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.bytes(of: fd, at: offset, length: length)
            } catch {
                throw ReadFailure(reason: "\(path): \(error)")
            }
            let ours = digest.map { LineDigest.of(bytes) == $0 } ?? false
            let (record, range) = try ReportReader.recordAndReportRange(bytes, name: path, trusted: ours)
            return (record, ours ? bytes[range] : nil)
        }
    }

    /// What an earlier run left in a folder's log.
    public struct Recovered: Sendable {
        /// The last record of each index, in file order.
        public var entries: [DomainStream.Entry]
        /// Bytes of a torn last line cut off (that domain is audited again).
        public var tornBytes: Int
    }

    /// The longest line `recover` reads for a run that records no crawled URLs: a domain's record without URLs
    /// (its fetches, findings capped per check, apps) is far smaller.
    public static let lineLimitWithoutURLs = 256 << 20
    /// Bytes per URL a run may record (`--max-urls`) added to the line limit: a row with its verdicts, URLs capped
    /// at 2,048 bytes, is a few KB at most.
    public static let lineBytesPerURL = 16 << 10

    /// The longest line a run recording at most `maxURLs` crawled URLs per site can write (nil: no crawl): longer
    /// is not this tool's, and is refused before it is held in memory (a newline-free or endless file).
    public static func lineLimit(maxURLs: Int?) -> Int {
        lineLimitWithoutURLs + min(max(maxURLs ?? 0, 0), 1 << 40) * lineBytesPerURL
    }

    /// A line of another log format than this version writes: the whole log is, so no line of it is resumed.
    private struct FormatRefusal: Error {
        var failure: ReadFailure
    }

    /// Why a log in format `version` cannot be resumed, naming both formats.
    static func refusal(path: String, version: Int) -> ReadFailure {
        let writer = version < DomainRecord.format ? "an older" : "a newer"
        return ReadFailure(
            reason: "\(path) is in log format \(version), written by \(writer) aasa-audit; this version resumes only "
                + "log format \(DomainRecord.format), so start a new run")
    }

    /// Reads `folder`'s log (none: nothing recovered), cutting off a torn last line through its descriptor. A line
    /// that cannot be read before the last one fails, and so does a line longer than `lineLimit`: the log is not
    /// this tool's. A line in another log format than `DomainRecord.format` refuses the whole log. A log that is a link, a FIFO, a device or anything but a regular file is refused unopened.
    /// `judgesLinks` as for `init(folder:audited:kept:resuming:judgesLinks:)`.
    public static func recover(
        folder: RunFolder, audited: Set<String>, lineLimit: Int, judgesLinks: Bool = true
    ) throws -> Recovered {
        let path = folder.path(of: fileName)
        let opened: Int32?
        do {
            opened = try folder.open(fileName, .update)
        } catch {
            throw ReadFailure(reason: "\(error)")
        }
        guard let fd = opened else { return Recovered(entries: [], tornBytes: 0) }
        let reader = Reader(fd: fd, path: path)
        // The index of the kept domains' served files, rebuilt as the log is read.
        let served: ServedFile.Keeping = judgesLinks ? .spool(SpoolFile(name: "served")) : .none
        let budget = LinksJudgedLater.Budget()
        func tooLong(_ line: Int) -> ReadFailure {
            ReadFailure(
                reason: "\(path): line \(line) is longer than \(lineLimit) bytes, more than any record this run "
                    + "can write: not this tool's log")
        }
        var byIndex: [Int: DomainStream.Entry] = [:]
        var order: [Int] = []
        var offset: Int64 = 0
        var pending: [UInt8] = []
        var lineNumber = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var fileOffset: Int64 = 0
        var lastBad: (line: Int, reason: String)?
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(reader.fd, $0.baseAddress!, $0.count, off_t(fileOffset)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ReadFailure(reason: "\(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            fileOffset += Int64(n)
            var start = 0
            for i in 0..<n where chunk[i] == UInt8(ascii: "\n") {
                // Checked before the bytes are added, so the line never holds more than the limit.
                guard pending.count + (i + 1 - start) <= lineLimit else { throw tooLong(lineNumber + 1) }
                pending += chunk[start...i]
                start = i + 1
                lineNumber += 1
                if let bad = lastBad {
                    throw ReadFailure(reason: "\(path): line \(bad.line): \(bad.reason)")
                }
                do {
                    let record = try ReportReader.record(pending, name: path)
                    guard record.version == DomainRecord.format else {
                        throw FormatRefusal(failure: Self.refusal(path: path, version: record.version))
                    }
                    if byIndex[record.index] == nil { order.append(record.index) }
                    var entry = DomainStream.Entry(
                        index: record.index, report: record.report,
                        location: .file(offset: offset, length: pending.count), audited: audited, served: served,
                        budget: budget)
                    entry.partial = record.partial
                    byIndex[record.index] = entry
                    offset += Int64(pending.count)
                } catch let refusal as FormatRefusal {
                    throw refusal.failure
                } catch {
                    // Only the last line may be bad (cut off as torn); a bad line before it is an error.
                    lastBad = (lineNumber, "\(error)")
                }
                pending.removeAll(keepingCapacity: true)
            }
            guard pending.count + (n - start) <= lineLimit else { throw tooLong(lineNumber + 1) }
            pending += chunk[start..<n]
        }
        // A last complete line that did not read is torn too: everything after the last good line goes.
        let torn = lastBad == nil ? pending.count : Int(fileOffset - offset)
        if torn > 0 {
            guard ftruncate(reader.fd, off_t(offset)) == 0 else {
                throw ReadFailure(reason: "\(path): \(String(cString: strerror(errno)))")
            }
        }
        return Recovered(entries: order.compactMap { byIndex[$0] }, tornBytes: torn)
    }
}
