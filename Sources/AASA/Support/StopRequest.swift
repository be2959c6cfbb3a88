import Synchronization

/// SIGINT or SIGTERM asked the run to stop. The loops that match every crawled URL against a file (the crawl
/// checks' counts, the report's rows and tallies) look at it once per URL and stop matching, so the partial report
/// is written within a second however big the crawl; a row left unjudged says so. Set only by the executable.
public enum StopRequest {
    private static let flag = Atomic<Bool>(false)

    public static func request() { flag.store(true, ordering: .relaxed) }

    public static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// The note of a row whose verdicts were not computed because the run was stopped.
    public static let unjudgedNote = "not judged: the run was interrupted"
}
