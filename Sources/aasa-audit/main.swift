import AuditCLI
import Foundation

// A file-size limit (ulimit -f) or quota then fails the write with EFBIG, reported as a tool error with the
// summary still printed, instead of killing the process before it can say anything.
signal(SIGXFSZ, SIG_IGN)

// Connections are descriptors: up to 1,024 transfers in flight (--concurrency) plus the idle ones kept for reuse
// (256 with links) pass a soft limit of 1,024, so the soft limit is raised to the hard one, as Go's runtime does.
var descriptors = rlimit()
if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptors) == 0, descriptors.rlim_cur < descriptors.rlim_max {
    descriptors.rlim_cur = descriptors.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptors)
}

/// The main thread waits on a semaphore instead of parking in dispatch_main (what a top-level `await` does):
/// valgrind 3.19 crashes on that park, and `Scripts/valgrind` checks a real run for leaks.
final class Outcome: @unchecked Sendable {
    var code = ExitCode.toolFailure
}
let outcome = Outcome()
let finished = DispatchSemaphore(value: 0)
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached {
    outcome.code = await AuditTool.main(arguments)
    finished.signal()
}
finished.wait()
exit(outcome.code.rawValue)
