import Foundation

/// State behind a pthread mutex (NSLock). `Synchronization.Mutex` is futex-based on Linux and
/// ThreadSanitizer cannot see its ordering, so it reported every inbox access as a race; with a lock TSan
/// understands, `Scripts/sanitize thread` can tell real races from noise.
package final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    package init(_ state: State) { self.state = state }

    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
