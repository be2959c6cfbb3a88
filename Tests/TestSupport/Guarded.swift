import Foundation

/// State shared between test threads behind an NSLock: ThreadSanitizer cannot see `Synchronization.Mutex`'s futex
/// ordering and reports its accesses as races (the fetcher's `Locked` exists for the same reason).
public final class Guarded<State>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    public init(_ state: State) { self.state = state }

    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
