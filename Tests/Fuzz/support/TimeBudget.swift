import Foundation

/// The per-input time limit of the fuzz targets that compile this file in: an input is a failure when it takes more
/// than `fuzzTimeBudgetMilliseconds` of this thread's CPU time, twice in a row (the repeat keeps one-time
/// initialisation and a stolen time slice from counting; CPU time, not wall time, keeps other load out of it).
let fuzzTimeBudgetMilliseconds = 100.0

/// Runs `body` on the input and aborts with a message when it goes past the budget.
func fuzzWithinBudget(_ target: String, _ bytes: [UInt8], _ body: ([UInt8]) -> Void) {
    let first = fuzzCPUMilliseconds { body(bytes) }
    guard first > fuzzTimeBudgetMilliseconds else { return }
    let second = fuzzCPUMilliseconds { body(bytes) }
    guard second > fuzzTimeBudgetMilliseconds else { return }
    let message =
        "\(target): one input of \(bytes.count) bytes took \(Int(first)) ms, then \(Int(second)) ms "
        + "(budget \(Int(fuzzTimeBudgetMilliseconds)) ms)\n"
    FileHandle.standardError.write(Data(message.utf8))
    abort()
}

/// This thread's CPU time spent in `body`, in milliseconds.
func fuzzCPUMilliseconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
}

/// Stops the run on a broken invariant, with the target's name and what broke.
func fuzzFail(_ target: String, _ message: String) -> Never {
    FileHandle.standardError.write(Data("\(target): \(message)\n".utf8))
    abort()
}
