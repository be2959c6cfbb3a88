import AASA
import Crawling
import Foundation
import Synchronization

/// A long run's progress on stderr, only on a terminal: `audit`'s domains or `links`' links done, pages crawled,
/// rate and ETA, redrawn twice a second in place and erased at the end.
final class ProgressLine: Sendable {
    private let done: DoneCounter
    /// Redraws the line; nil when hidden.
    private let ticker: Task<Void, Never>?
    /// Set by `finish`: a redraw already past its cancellation check must not write after the erase, which left
    /// the line on the terminal above the report.
    private let finished: Locked<Bool>

    /// Shown only when `visible` (stderr is a terminal and not `--quiet`); `unit` names what is counted
    /// ("domains", "links"); `crawl` counts pages when crawling.
    init(total: Int, unit: String = "domains", started: Date, crawl: CrawlProgress?, visible: Bool) {
        let done = DoneCounter()
        self.done = done
        let finished = Locked(false)
        self.finished = finished
        ticker =
            visible
            ? Task {
                var eta = ETAEstimator(total: total, started: started.timeIntervalSinceReferenceDate)
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(500))
                    let now = Date()
                    eta.record(done: done.value, at: now.timeIntervalSinceReferenceDate)
                    let line = Self.line(
                        eta.done, total, unit: unit, started, crawl, now: now,
                        secondsLeft: eta.secondsLeft(at: now.timeIntervalSinceReferenceDate))
                    finished.withLock { finished in
                        if !finished { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
                    }
                }
            } : nil
    }

    /// `count` of the total are done (domains for `audit`, links for `links`).
    func completed(_ count: Int) { done.set(count) }

    /// `audit`'s name for `completed`.
    func domainsDone(_ count: Int) { completed(count) }

    /// Stops redrawing and erases the line.
    func finish() {
        guard let ticker else { return }
        ticker.cancel()
        finished.withLock { finished in
            finished = true
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }

    static func line(
        _ done: Int, _ total: Int, unit: String = "domains", _ started: Date, _ crawl: CrawlProgress?, now: Date,
        secondsLeft: Int?
    ) -> String {
        let elapsed = max(0.001, now.timeIntervalSince(started))
        var line = "[\(done)/\(total) \(unit)]"
        if let pages = crawl?.pages {
            line += " \(pages) pages crawled, \(Int(Double(pages) / elapsed)) pages/s"
        }
        if let secondsLeft { line += ", ETA \(secondsLeft)s" }
        return line
    }
}

/// How many domains or links have finished, shared with the progress line (an atomic, for ThreadSanitizer's sake: it
/// cannot see `Mutex`'s futex ordering on Linux).
final class DoneCounter: Sendable {
    private let count = Atomic<Int>(0)
    func set(_ value: Int) { count.store(value, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
