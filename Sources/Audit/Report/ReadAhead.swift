import Foundation

/// A report pass's reads, done ahead on threads of their own and handed out in report order: decoding each domain's
/// record (JSONDecoder, most of a 20,000-domain pass) is then spread over the machine's cores while the writers run.
/// The threads stay at most `window` positions ahead of the one taken, and a big record (a crawl's table) is read
/// only by the taker, when it gets there, so no more domains are held than reading them one by one held, but a few
/// small ones.
final class ReadAhead<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property but the constants is read and written only under `condition`.
    /// Reads a position; `ahead`: on a reading thread, not the taker's (a cache of the last value read, which a
    /// later pass may take, is then left alone: which thread reads last would decide what it holds).
    typealias Read = @Sendable (_ position: Int, _ ahead: Bool) throws -> Value

    private enum Slot {
        case read(Value)
        case failed(any Error)
        /// Too big to read ahead: the taker reads it.
        case taker
    }

    private let read: Read
    private let count: Int
    private let window: Int
    private let big: @Sendable (Int) -> Bool
    private let condition = NSCondition()
    private var slots: [Int: Slot] = [:]
    /// The next position a thread claims.
    private var claimed = 0
    /// The next position `take` hands out.
    private var taken = 0
    private var closed = false
    /// Threads still reading.
    private var running: Int
    /// Threads were started: they fill every position's slot (until `close`).
    private let threaded: Bool

    /// Reads positions `0..<count` with `read`, on `threads` threads (none: `take` reads each itself); `big(p)` says
    /// position `p` is left to the taker.
    init(count: Int, threads: Int, window: Int = 8, big: @escaping @Sendable (Int) -> Bool, read: @escaping Read) {
        self.read = read
        self.count = count
        self.window = max(window, threads)
        self.big = big
        running = count > 1 ? max(threads, 0) : 0
        threaded = running > 0
        for _ in 0..<running { Thread { [self] in work() }.start() }
    }

    /// The value at the next position, in order; a read's error is thrown at its position.
    func take() throws -> Value {
        let position = condition.withLock { taken }
        precondition(position < count, "ReadAhead: every position was taken")
        guard threaded else {
            condition.withLock { taken += 1 }
            return try read(position, false)
        }
        let slot = condition.withLock {
            while slots[position] == nil { condition.wait() }
            let slot = slots.removeValue(forKey: position)!
            taken += 1
            condition.broadcast()
            return slot
        }
        switch slot {
        case .read(let loaded): return loaded
        case .failed(let error): throw error
        case .taker: return try read(position, false)
        }
    }

    /// Stops the threads (no more positions are taken) and waits for them to end: call it once done taking, whether
    /// every position was taken or not (the threads hold this reader until they end).
    func close() {
        condition.withLock {
            closed = true
            slots = [:]
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }

    private func work() {
        while let position = claim() {
            let slot: Slot
            if big(position) {
                slot = .taker
            } else {
                do { slot = .read(try read(position, true)) } catch { slot = .failed(error) }
            }
            condition.withLock {
                if !closed { slots[position] = slot }
                condition.broadcast()
            }
        }
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    /// The next position to read, waiting while it is `window` ahead of the taker; nil when all are claimed or closed.
    private func claim() -> Int? {
        condition.withLock {
            while !closed && claimed < count && claimed >= taken + window { condition.wait() }
            guard !closed && claimed < count else { return nil }
            claimed += 1
            return claimed - 1
        }
    }
}

extension ReadAhead {
    /// A log line longer than this (a crawl's table) is read by the taker, alone.
    static var bigRecord: Int { 1 << 20 }
    /// The threads to read with on this machine: one per core, at most four (a reader then keeps up with the writers).
    static var threads: Int { min(4, ProcessInfo.processInfo.activeProcessorCount) }
}
