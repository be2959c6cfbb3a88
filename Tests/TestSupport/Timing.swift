import Foundation

/// Time for the linearity tests (n against 4n): asserted only in optimised builds and never under a sanitizer,
/// where time means nothing.
public enum Timing {
    public static var meaningful: Bool {
        #if DEBUG
            return false
        #else
            return ProcessInfo.processInfo.environment["AASA_SANITIZER"] == nil
        #endif
    }

    /// A wall-clock bound of the product (a signal ends a run within 2 s) as the wall-clock pass asserts it. The plain
    /// pass asserts the bound itself (Scripts/lib.sh runs it one test at a time, so the time measured is the
    /// product's, not 47 other tests'); a sanitizer's runtime slows every instruction several times over (ASan about
    /// 2x, TSan 5-15x), so its passes, which are there for memory errors and races, allow that much more.
    public static func bound(_ seconds: Double) -> Double {
        switch ProcessInfo.processInfo.environment["AASA_SANITIZER"] {
        case "address"?: seconds * 3
        case "thread"?: seconds * 6
        default: seconds
        }
    }

    /// The best of three runs of `body`, in seconds.
    public static func bestOfThree(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }
}
