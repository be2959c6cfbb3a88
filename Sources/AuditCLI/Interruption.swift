import AASA
import Foundation

/// SIGINT/SIGTERM stop the run; what finished is still reported. A signal also sets the run's `StopSignal`, which
/// the loops matching a crawl's URLs look at, so writing the report stops matching and ends within a second.
enum Interruption {
    /// Watches both signals until `cancel()`.
    struct Watch {
        let sources: [any DispatchSourceSignal]
        func cancel() { sources.forEach { $0.cancel() } }
    }

    /// Sets `stop`, then runs `action`, on each signal.
    static func onSignal(setting stop: StopSignal, _ action: @escaping @Sendable () -> Void) -> Watch {
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler {
                stop.request()
                action()
            }
            source.resume()
            return source
        }
        return Watch(sources: sources)
    }
}
