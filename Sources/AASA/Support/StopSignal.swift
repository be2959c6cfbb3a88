import Synchronization

/// Whether SIGINT or SIGTERM asked a run to stop. The command that runs makes one, its signal handler sets it, and
/// it reaches the core as a value: `DomainAuditor`, the checks (through their `FindingSink`), a crawl's `URLTable`,
/// the run's log and report writers read the one they are given, so two runs in one process stop apart. The loops
/// that match every crawled URL against a file (the crawl checks' counts, the report's rows and tallies) and the
/// checks that compare thousands of rules look at it and stop, so the partial report is written within a second
/// however big the crawl; a row left unjudged says so.
public final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    private let settable: Bool

    /// A signal not requested yet.
    public convenience init() { self.init(settable: true) }

    private init(settable: Bool) { self.settable = settable }

    /// A signal nothing sets: what runs no one can stop are given (`check`, `match`, a check's examples), shared
    /// without an allocation per table or sink. `request()` on it does nothing.
    public static let never = StopSignal(settable: false)

    public func request() { if settable { flag.store(true, ordering: .relaxed) } }

    public var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// The note of a row whose verdicts were not computed because the run was stopped.
    public static let unjudgedNote = "not judged: the run was interrupted"
}
