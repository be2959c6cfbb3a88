import AASA
import Foundation
import Testing

@testable import Audit

/// A report pass's reads done ahead on threads: handed out in order, each read once, an error at its own position,
/// never more than the window ahead, a big record read by the taker, and no thread left once closed.
@Suite struct ReadAheadTests {
    /// Which thread read each position, and how often each was read; whether it was read ahead (not by the taker).
    final class Log: Sendable {
        let reads = Locked([Int: [pthread_t]]())
        let ahead = Locked([Int: Bool]())
    }

    @Test(arguments: [0, 1, 3])
    func valuesComeInOrderEachReadOnce(threads: Int) throws {
        let log = Log()
        let reader = ReadAhead<String>(count: 200, threads: threads, big: { $0 % 50 == 7 }) { position, ahead in
            log.reads.withLock { $0[position, default: []].append(pthread_self()) }
            log.ahead.withLock { $0[position] = ahead }
            return "value \(position)"
        }
        defer { reader.close() }
        var taken: [String] = []
        for _ in 0..<200 { taken.append(try reader.take()) }
        #expect(taken == (0..<200).map { "value \($0)" })
        let reads = log.reads.withLock { $0 }
        #expect(reads.count == 200 && reads.values.allSatisfy { $0.count == 1 })
        // A big record is read by the taker, on its own thread; with threads, the others are not.
        let taker = pthread_self()
        for (position, by) in reads where position % 50 == 7 { #expect(pthread_equal(by[0], taker) != 0) }
        if threads > 0 {
            #expect(reads.filter { $0.key % 50 != 7 }.allSatisfy { pthread_equal($0.value[0], taker) == 0 })
        }
        // The reader is told which reads are ahead of the taker (those on the reading threads).
        let ahead = log.ahead.withLock { $0 }
        #expect(ahead.allSatisfy { $0.value == (threads > 0 && $0.key % 50 != 7) })
    }

    struct Failure: Error, Equatable {
        var position: Int
    }

    @Test func aReadsErrorIsThrownAtItsPosition() throws {
        let reader = ReadAhead<Int>(count: 20, threads: 2, big: { _ in false }) { position, _ in
            if position == 5 || position == 9 { throw Failure(position: position) }
            return position
        }
        defer { reader.close() }
        for position in 0..<5 { #expect(try reader.take() == position) }
        #expect(throws: Failure(position: 5)) { try reader.take() }
        #expect(try reader.take() == 6)
    }

    /// The taker stops after three values: the threads read no further than the window past them, and `close`
    /// ends them there.
    @Test func theThreadsStayWithinTheWindow() throws {
        let highest = Locked(-1)
        let reader = ReadAhead<Int>(count: 1_000, threads: 2, window: 8, big: { _ in false }) { position, _ in
            highest.withLock { $0 = max($0, position) }
            return position
        }
        for _ in 0..<3 { _ = try reader.take() }
        // Time for the threads to run ahead as far as they may (the bound holds however long this is).
        Thread.sleep(forTimeInterval: 0.1)
        let seen = highest.withLock { $0 }
        #expect(seen >= 2 && seen < 3 + 8, "read up to \(seen)")
        reader.close()
        #expect(highest.withLock { $0 } < 3 + 8, "closed: the threads ended within the window")
    }
}
