/// Consumes a body while it arrives, on the fetcher's thread: an HTML scanner fed chunk by chunk, so a page is
/// scanned as it downloads and never held whole. `Output` is what it makes of the body; the requester gets it typed
/// through a `ConsumerOutput`, and the fetcher, which only feeds and finishes consumers, never sees it.
public protocol BodyConsumer<Output>: AnyObject {
    associatedtype Output: Sendable

    func consume(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Called once when the transfer ends, before the fetch completes.
    func finish() -> Output
    /// Asked after each chunk, on the fetcher's thread, which must never wait for the consumer: true pauses this
    /// transfer (others go on) until the consumer calls `resume`, once, from any thread. A consumer whose work
    /// queue falls behind answers true and calls `resume` when it has caught up. The default never pauses.
    func pausesAfterChunk(resume: @escaping @Sendable () -> Void) -> Bool
}

extension BodyConsumer {
    public func pausesAfterChunk(resume: @escaping @Sendable () -> Void) -> Bool { false }
}

/// Makes a consumer for a response once its Content-Type is known; nil to consume nothing. Its output is `Void`:
/// what a consumer makes goes to its `ConsumerOutput` (`FetchRequest.consume(with:into:)`), so none is dropped.
public typealias BodyConsumerFactory = @Sendable (_ contentType: String?) -> (any BodyConsumer<Void>)?

/// Where a request's consumer leaves its output for the requester: the fetcher finishes the consumer before it
/// completes the fetch, so the completion (or the caller of `fetch`) reads `value` typed, with no downcast.
public final class ConsumerOutput<Output: Sendable>: Sendable {
    private let stored = Locked<Output?>(nil)

    public init() {}

    /// The consumer's output; nil when no consumer was made (no body, a type it does not take, a fetcher that
    /// hands back the body instead) or the fetch ended before its body did.
    public var value: Output? { stored.withLock { $0 } }

    fileprivate func store(_ output: Output) { stored.withLock { $0 = output } }
}

extension FetchRequest {
    /// Feeds the body to the consumer `make` returns for the response's Content-Type (nil: none), and puts what it
    /// made in `output`. The consumer's type is `SendableMetatype`: the closure that makes it runs on the fetcher's
    /// thread.
    public mutating func consume<Consumer: BodyConsumer & SendableMetatype>(
        with make: @escaping @Sendable (_ contentType: String?) -> Consumer?,
        into output: ConsumerOutput<Consumer.Output>
    ) {
        consumer = { type in make(type).map { Delivering(inner: $0, output: output) } }
    }
}

/// A consumer whose output goes to its `ConsumerOutput` when it finishes.
private final class Delivering<Inner: BodyConsumer>: BodyConsumer {
    let inner: Inner
    let output: ConsumerOutput<Inner.Output>

    init(inner: Inner, output: ConsumerOutput<Inner.Output>) {
        self.inner = inner
        self.output = output
    }

    func consume(_ bytes: UnsafeBufferPointer<UInt8>) { inner.consume(bytes) }

    func finish() { output.store(inner.finish()) }

    func pausesAfterChunk(resume: @escaping @Sendable () -> Void) -> Bool { inner.pausesAfterChunk(resume: resume) }
}
