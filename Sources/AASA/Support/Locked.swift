import Foundation

/// Sendable state shared between threads, behind a pthread mutex (NSLock).
///
/// `Synchronization.Mutex` is futex-based on Linux and ThreadSanitizer cannot see its ordering, so it reported
/// every access as a race; with a lock TSan understands, `Scripts/sanitize thread` can tell real races from noise.
/// `State` must be `Sendable` because `withLock` hands it to whichever thread holds the lock.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is only read or written inside `withLock`, under `lock`.
    private var state: State
    private let lock = NSLock()

    package init(_ state: State) { self.state = state }

    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
