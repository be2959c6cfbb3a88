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
