import AASA
import Foundation
import TestSupport
import Testing

@testable import Fetching

/// The libcurl boundary under hostile values and refused calls: no trap, no caller left waiting, no wait on the
/// loop thread.
@Suite struct CBoundaryTests {
    static let server = FixtureServer.shared

    /// The fetch timeout where the timeout is not the subject: room for a loaded machine, where a loopback fetch has
    /// taken seconds.
    static let roomyTimeout = 60.0

    /// How long a test waits for an answer before it calls the fetch lost: a guard against hanging, far past any
    /// timeout the fetches here are given.
    static let hangGuard = 120.0

    static func fetcher(
        timeout: Double = roomyTimeout, faults: FetcherConfiguration.TestFaults = .init()
    ) -> CurlFetcher {
        var configuration = FetcherConfiguration(
            connectTo: server.connectTo, caCertificate: server.caPath, timeout: timeout)
        configuration.testFaults = faults
        return CurlFetcher(configuration: configuration)
    }

    static func request(
        _ host: String, _ policy: FetchPolicy = .aasaFile(), url: String? = nil, consumer: BodyConsumerFactory? = nil
    ) -> FetchRequest {
        FetchRequest(
            url: url ?? DomainProbe.url("\(host).aasa.test", .wellKnown), location: .wellKnown, policy: policy,
            consumer: consumer)
    }

    /// Waits on a plain semaphore with a deadline, so a fetch that never completes fails the test instead of
    /// hanging it.
    static func answer(_ fetcher: CurlFetcher, _ request: FetchRequest, seconds: Double = hangGuard) -> Exchange? {
        let done = DispatchSemaphore(value: 0)
        let answer = Locked<Exchange?>(nil)
        _ = fetcher.start(request) { exchange in
            answer.withLock { $0 = exchange }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return answer.withLock { $0 }
    }

    // MARK: Timeouts and caps converted without a trap

    static let longest = 2_147_483_647  // Int32.max milliseconds
    static let timeouts: [(Double, Int)] = [
        (.infinity, longest), (1e300, longest), (.greatestFiniteMagnitude, longest), (3600, 3_600_000),
        (3_000_000, longest), (0.001, 100), (10, 10_000), (0, 100), (-1, 100), (-.infinity, 100), (.nan, 10_000),
    ]

    @Test(arguments: timeouts)
    func anyTimeoutBecomesMillisecondsLibcurlAccepts(_ seconds: Double, _ expected: Int) {
        #expect(Transfer.maximumTimeoutMs == Self.longest)
        let ms = Transfer.timeoutMs(seconds)
        #expect(ms == expected, "\(seconds) s")
        #expect((1...Int(Int32.max)).contains(Transfer.lowSpeedSeconds(ms)))
    }

    /// `--timeout inf` and `--timeout 1e300` trapped in the transfer setup (Double → Int); the option layer bounds
    /// them now, and the fetcher is safe for whatever Double it is given.
    @Test(arguments: [Double.infinity, 1e300, Double.nan])
    func aFetcherWithAnUnboundedTimeoutStillFetches(_ timeout: Double) throws {
        let fetcher = Self.fetcher(timeout: timeout)
        defer { fetcher.shutdown() }
        let e = try #require(Self.answer(fetcher, Self.request("good")))
        #expect(e.httpStatus == 200 && e.failure == nil, "\(e.error ?? "")")
    }

    @Test func theReadLimitSaturatesInsteadOfOverflowing() {
        var policy = FetchPolicy.aasaFile()
        policy.maxBytes = Int.max
        #expect(Transfer.readLimit(policy) == Int.max)
        policy.maxBytes = Int.max - Transfer.overread + 1
        #expect(Transfer.readLimit(policy) == Int.max)
        policy.maxBytes = -5
        #expect(Transfer.readLimit(policy) == Transfer.overread)
        policy.maxBytes = 1000
        #expect(Transfer.readLimit(policy) == 1000 + Transfer.overread)
    }

    /// A cap of Int.max ("no cap") overflowed `maxBytes + overread` in the write callback and in MAXFILESIZE.
    @Test func aCapOfIntMaxFetchesWholeWithoutATrap() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        for var policy in [FetchPolicy.aasaFile(), .crawlFile(userAgent: UserAgents.browser, maxBytes: 0)] {
            policy.maxBytes = Int.max
            let e = try #require(Self.answer(fetcher, Self.request("good", policy)))
            #expect(e.httpStatus == 200 && e.failure == nil && !e.truncated, "\(e.error ?? "")")
            #expect(e.bytes == e.body.count && e.bytes > 100)
        }
    }

    /// A Content-Length of 2^64 fits no 64-bit size: the AASA file's policy refuses it as too large, a crawl file
    /// reads what arrives; neither traps nor believes the number.
    @Test func aContentLengthPastSixtyFourBitsIsNeitherTrustedNorATrap() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        let file = try #require(Self.answer(fetcher, Self.request("hugelength")))
        #expect(file.truncated && file.httpStatus == 200, "refused as too large: \(file.error ?? "")")
        #expect(file.bytes < 1 << 20)
        let crawl = try #require(
            Self.answer(
                fetcher, Self.request("hugelength", .crawlFile(userAgent: UserAgents.browser, maxBytes: 1 << 20))))
        #expect(crawl.httpStatus == 200 && !crawl.truncated)
        #expect(crawl.bytes == crawl.body.count && crawl.bytes < 1 << 20)
    }

    // MARK: Refused libcurl calls fail their fetch

    /// libcurl refuses a string option longer than 8,000,000 bytes; the refusal is the failure, not a transfer run
    /// without a URL (which failed later with an unrelated "no URL set").
    @Test func aRefusedOptionFailsTheFetchNamingIt() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        let url = "https://good.aasa.test/" + String(repeating: "a", count: 8_000_001)
        let e = try #require(Self.answer(fetcher, Self.request("good", url: url)))
        #expect(e.failure == .other)
        #expect(e.error?.contains("CURLOPT_URL") == true, "\(e.error ?? "")")
        #expect(e.httpStatus == nil)
        // The handle it used is reset and serves the next fetch normally.
        let next = try #require(Self.answer(fetcher, Self.request("good")))
        #expect(next.httpStatus == 200 && next.failure == nil)
    }

    /// A refused `curl_multi_add_handle` left the caller waiting forever; now that fetch fails with the reason.
    @Test func aRefusedAddHandleFailsTheFetchInsteadOfHangingIt() throws {
        let fetcher = Self.fetcher(faults: .init(failsAddingHandles: true))
        for _ in 0..<3 {
            let e = try #require(Self.answer(fetcher, Self.request("good")), "the caller was left waiting")
            #expect(e.failure == .other)
            #expect(e.error?.contains("curl_multi_add_handle") == true, "\(e.error ?? "")")
        }
        fetcher.shutdown()  // returns: nothing is left in flight
    }

    /// A completion that starts another fetch runs outside the inbox lock (a non-recursive lock would deadlock).
    @Test func aCompletionMayStartAnotherFetch() throws {
        let fetcher = Self.fetcher(faults: .init(failsAddingHandles: true))
        defer { fetcher.shutdown() }
        let done = DispatchSemaphore(value: 0)
        _ = fetcher.start(Self.request("good")) { _ in
            _ = fetcher.start(Self.request("good")) { _ in done.signal() }
        }
        #expect(done.wait(timeout: .now() + Self.hangGuard) == .success)
    }

    // MARK: A consumer pauses its transfer; the loop never waits for it

    /// Counts what it is fed; pauses after every `every`-th chunk and hands `resume` to `resumer`.
    final class PausingCounter: BodyConsumer, @unchecked Sendable {
        // @unchecked: `state` is behind its lock; `every` and `resumer` are immutable.
        struct State {
            var bytes = 0
            var chunks = 0
            var pauses = 0
        }
        let state = Locked(State())
        let every: Int
        let resumer: @Sendable (@escaping @Sendable () -> Void) -> Void

        init(every: Int, resumer: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
            self.every = every
            self.resumer = resumer
        }

        func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
            state.withLock {
                $0.bytes += bytes.count
                $0.chunks += 1
            }
        }

        func finish() -> Int { state.withLock { $0.bytes } }

        func pausesAfterChunk(resume: @escaping @Sendable () -> Void) -> Bool {
            let pause = state.withLock { state -> Bool in
                guard state.chunks % every == 0 else { return false }
                state.pauses += 1
                return true
            }
            if pause { resumer(resume) }
            return pause
        }
    }

    /// The big page fed to `consumer`, whose count lands in `output`.
    static func page(_ consumer: PausingCounter, into output: ConsumerOutput<Int> = ConsumerOutput()) -> FetchRequest {
        var page = request("gzlarge", .crawledPage(userAgent: UserAgents.browser, maxBytes: 1 << 20))
        page.consume(with: { _ in consumer }, into: output)
        return page
    }

    /// While one transfer is paused for its consumer, the loop serves others; resumed, it delivers every byte.
    @Test func aPausedTransferLetsOthersRunAndResumesWhole() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        let whole = try #require(
            Self.answer(fetcher, Self.request("gzlarge", .aasaFile(userAgent: UserAgents.browser))))
        try #require(whole.bytes > 100_000 && whole.failure == nil)

        let paused = DispatchSemaphore(value: 0)
        let resume = Locked<(@Sendable () -> Void)?>(nil)
        let consumer = PausingCounter(every: 1) { go in
            let first = resume.withLock { held -> Bool in
                defer { if held == nil { held = go } }
                return held == nil
            }
            if first { paused.signal() } else { go() }  // only the first pause waits for the test
        }
        let done = DispatchSemaphore(value: 0)
        let answer = Locked<Exchange?>(nil)
        let counted = ConsumerOutput<Int>()
        _ = fetcher.start(Self.page(consumer, into: counted)) { exchange in
            answer.withLock { $0 = exchange }
            done.signal()
        }
        try #require(paused.wait(timeout: .now() + Self.hangGuard) == .success)
        // The loop is free: another fetch completes while the page waits for its consumer.
        let other = try #require(Self.answer(fetcher, Self.request("good")))
        #expect(other.httpStatus == 200)
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut, "the paused page does not finish on its own")
        let go = try #require(resume.withLock { $0 })
        go()
        try #require(done.wait(timeout: .now() + Self.hangGuard) == .success)
        let page = try #require(answer.withLock { $0 })
        #expect(page.failure == nil && page.httpStatus == 200, "\(page.error ?? "")")
        #expect(consumer.state.withLock { $0.bytes } == whole.bytes, "no chunk lost or repeated across the pause")
        #expect(counted.value == whole.bytes, "the consumer's output reaches the requester, typed")
    }

    /// Paused after every chunk and resumed from another thread, a body still arrives exactly once.
    @Test func pausingAfterEveryChunkLosesNothing() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        let whole = try #require(
            Self.answer(fetcher, Self.request("gzlarge", .aasaFile(userAgent: UserAgents.browser))))
        let queue = DispatchQueue(label: "slow consumer")
        let consumer = PausingCounter(every: 1) { go in queue.asyncAfter(deadline: .now() + 0.002) { go() } }
        let page = try #require(Self.answer(fetcher, Self.page(consumer)))
        #expect(page.failure == nil && page.httpStatus == 200, "\(page.error ?? "")")
        let state = consumer.state.withLock { $0 }
        #expect(state.bytes == whole.bytes)
        #expect(state.pauses == state.chunks && state.chunks > 1)
    }

    /// A consumer that never resumes cannot hold a transfer (or the fetcher's shutdown) past the timeout. The timeout
    /// must leave room for the handshake and the first chunk: 1 s did not under ThreadSanitizer on CI (no chunk came).
    @Test func aTransferPausedForeverStillEndsAtTheTimeout() throws {
        let fetcher = Self.fetcher(timeout: Timing.bound(2))
        defer { fetcher.shutdown() }
        let consumer = PausingCounter(every: 1) { _ in }
        let page = try #require(Self.answer(fetcher, Self.page(consumer)))
        #expect(page.failure == .timeout, "\(page.error ?? "")")
        #expect(consumer.state.withLock { $0.chunks } == 1)
    }

    // MARK: TLS problems by result code

    @Test(arguments: [
        (0, TLSProblem.hostname), (1, .hostname), (62, .hostname), (9, .notYetValid), (10, .expired),
        (18, .selfSigned), (19, .selfSigned), (23, .revoked), (2, .untrusted), (20, .untrusted), (21, .untrusted),
        (7, .untrusted),
    ])
    func aVerifyResultNamesTheProblem(_ result: Int, _ problem: TLSProblem) {
        #expect(CurlFetcher.verifyProblem(result) == problem)
    }

    /// libcurl's result codes by number (curl.h, stable across versions), each to the failure it means.
    static let codes: [(UInt32, FetchFailure)] = [
        (6, .dns), (5, .dns), (7, .connect), (28, .timeout), (60, .tls), (35, .tls), (58, .tls), (59, .tls),
        (83, .tls), (90, .tls), (91, .tls), (56, .protocolError), (55, .protocolError), (52, .protocolError),
        (18, .protocolError), (16, .protocolError), (92, .protocolError), (8, .protocolError), (61, .protocolError),
        (47, .protocolError), (63, .tooLarge), (42, .cancelled), (3, .other), (23, .other), (43, .other),
    ]

    @Test(arguments: codes)
    func aResultCodeNamesTheFailure(_ code: UInt32, _ failure: FetchFailure) {
        #expect(CurlFetcher.failure(forCode: code) == failure, "CURLcode \(code)")
    }

    @Test func noVerifyResultIsUntrusted() {
        #expect(CurlFetcher.verifyProblem(nil) == .untrusted)
    }

    /// libcurl has one code for a failed handshake, whatever OpenSSL's words: it is a handshake problem.
    @Test func aRefusedProtocolVersionIsAHandshakeFailureByItsCode() throws {
        let fetcher = Self.fetcher()
        defer { fetcher.shutdown() }
        let e = try #require(Self.answer(fetcher, Self.request("tls11", .aasaFile(capturesTLS: true))))
        #expect(e.failure == .tls)
        #expect(e.tls?.problem == .handshake && e.tls?.verified == false)
        #expect(e.tls?.error?.isEmpty == false, "libcurl's words stay for the reader")
    }
}
