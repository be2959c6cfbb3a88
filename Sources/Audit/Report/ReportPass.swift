import Foundation

/// One report format written in one pass over a run's domains (swift-nio's pipeline shape: one reader, many
/// handlers): the pass reads each domain's record at most once (a few ahead, on threads of their own: `ReadAhead`)
/// and hands the decoded value to every writer in report order, so a format costs one writer, not another read of the log. A writer that needs its domains in
/// another order (worst first) keeps what it renders of each aside, by position, and writes it at `finish`.
///
/// With several writers each runs on a thread of its own (`PassLane`), so the formats of a big crawl are written
/// side by side on the machine's cores; a writer is still called from one thread at a time, in report order, and
/// `needs(_:)` (asked for every position before the first domain is read) must only read what `init` set.
public protocol ReportPassWriter: AnyObject {
    /// Whether the domain at `position` of the stream's entries must be read for this format (what the run kept of
    /// each, `DomainStream.Entry`, may be enough).
    func needs(_ position: Int) -> Bool
    /// Every position in report order; `domain` is the domain read, nil when no writer of the pass needed it.
    func add(_ domain: DomainReport?, at position: Int) throws
    /// `add(_:at:)`, with the domain's compact JSON when the log's text still stands for it (report.json lays that
    /// out rather than encode the domain again); by default the text is not used.
    func add(_ domain: DomainReport?, json: ArraySlice<UInt8>?, at position: Int) throws
    /// Everything after the last domain.
    func finish() throws
}

extension ReportPassWriter {
    public func add(_ domain: DomainReport?, json: ArraySlice<UInt8>?, at position: Int) throws {
        try add(domain, at: position)
    }
}

extension StreamedReport {
    /// Reads each domain at most once, in report order, for the writers that need it, and hands it to all of them;
    /// then finishes each writer. A writer's error ends the pass (the others take the domains they hold, and no
    /// writer is finished) and is thrown, the first writer's first; a read's error likewise.
    public func pass(_ writers: [any ReportPassWriter]) throws {
        let reader = readAhead(for: writers)
        defer { reader.close() }
        guard writers.count > 1 else {
            for position in domains.entries.indices {
                let domain = try reader.take()
                for writer in writers { try writer.add(domain?.report, json: domain?.json, at: position) }
            }
            for writer in writers { try writer.finish() }
            return
        }
        let lanes = writers.map(PassLane.init)
        var readFailure: (any Error)?
        for position in domains.entries.indices {
            guard !lanes.contains(where: \.failed) else { break }
            do {
                let domain = try reader.take()
                for lane in lanes { lane.send(domain, at: position) }
            } catch {
                readFailure = error
                break
            }
        }
        // Every writer finishes only when every writer took every domain: a failed pass's files are discarded.
        let failures = lanes.compactMap { $0.drain() }
        let finishing = readFailure == nil && failures.isEmpty
        let finishFailures = lanes.compactMap { $0.end(finishing: finishing) }
        if let first = readFailure ?? failures.first ?? finishFailures.first { throw first }
    }

    /// Reads, ahead of the writers, each domain a writer needs (`needs` is asked here, on the pass's thread).
    private func readAhead(for writers: [any ReportPassWriter]) -> ReadAhead<DomainStream.Loaded?> {
        let domains = self.domains
        let entries = domains.entries
        let needed = entries.indices.map { position in writers.contains { $0.needs(position) } }
        return ReadAhead(
            count: entries.count, threads: ReadAhead<DomainStream.Loaded?>.threads,
            big: { position in
                guard case .file(_, let length) = entries[position].location else { return false }
                return length > ReadAhead<DomainStream.Loaded?>.bigRecord
            },
            read: { position, ahead in
                needed[position] ? try domains.loaded(entries[position], remember: !ahead) : nil
            })
    }
}

/// One writer of a pass on a thread of its own, handed the domains in report order through a short queue: the
/// reader waits when the writer is `depth` domains behind, so no more than that many are held for it.
final class PassLane: @unchecked Sendable {
    // @unchecked: `writer` is called only on the lane's thread (`needs` reads only what the writer's init set);
    // the other state only under `condition`.
    private let writer: any ReportPassWriter
    private let condition = NSCondition()
    private var queue: [(domain: DomainStream.Loaded?, position: Int)] = []
    private var head = 0
    /// No more domains will come.
    private var closed = false
    /// Every domain sent was handed to the writer (or the writer failed).
    private var drained = false
    /// Whether to finish the writer, once the pass knows.
    private var finishing: Bool?
    private var ended = false
    private var failure: (any Error)?
    static let depth = 8

    init(_ writer: any ReportPassWriter) {
        self.writer = writer
        Thread { [self] in run() }.start()
    }

    /// Whether the writer threw: the reader stops reading.
    var failed: Bool { condition.withLock { failure != nil } }

    /// Queues a domain, waiting while the writer is `depth` behind; dropped once the writer failed.
    func send(_ domain: DomainStream.Loaded?, at position: Int) {
        condition.withLock {
            while queue.count - head >= Self.depth && failure == nil { condition.wait() }
            if failure == nil { queue.append((domain, position)) }
            condition.broadcast()
        }
    }

    /// No more domains: waits until the writer took those queued; what it threw, if anything.
    func drain() -> (any Error)? {
        condition.withLock {
            closed = true
            condition.broadcast()
            while !drained { condition.wait() }
            return failure
        }
    }

    /// Finishes the writer or not, and waits for its thread to end; what `finish` threw, if anything.
    func end(finishing: Bool) -> (any Error)? {
        condition.withLock {
            let before = failure
            self.finishing = finishing
            condition.broadcast()
            while !ended { condition.wait() }
            return before == nil ? failure : nil
        }
    }

    private func run() {
        while let next = take() {
            do {
                try writer.add(next.domain?.report, json: next.domain?.json, at: next.position)
            } catch {
                fail(error)
            }
        }
        let finish = condition.withLock {
            drained = true
            queue = []
            condition.broadcast()
            while finishing == nil { condition.wait() }
            return finishing == true && failure == nil
        }
        if finish {
            do { try writer.finish() } catch { fail(error) }
        }
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }

    /// The next domain; nil once the queue is closed and empty, or the writer failed.
    private func take() -> (domain: DomainStream.Loaded?, position: Int)? {
        condition.withLock {
            while head == queue.count && !closed && failure == nil { condition.wait() }
            guard head < queue.count, failure == nil else { return nil }
            let next = queue[head]
            queue[head] = (nil, next.position)
            head += 1
            if head >= 64 && head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            condition.broadcast()
            return next
        }
    }

    private func fail(_ error: any Error) {
        condition.withLock {
            if failure == nil { failure = error }
            condition.broadcast()
        }
    }
}
