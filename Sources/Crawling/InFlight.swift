import AASA
import Fetching

/// The crawl's fetches in flight, cancellable from the cancellation handler's thread.
final class InFlight: Sendable {
    private let handles = Locked([Int: FetchHandle]())

    func add(_ number: Int, _ handle: FetchHandle) { handles.withLock { $0[number] = handle } }
    func remove(_ number: Int) { handles.withLock { _ = $0.removeValue(forKey: number) } }
    var count: Int { handles.withLock { $0.count } }

    func cancelAll() {
        for handle in handles.withLock({ Array($0.values) }) { handle.cancel() }
    }
}
