import AASA
internal import CCurl
import Foundation

/// Fetches over one libcurl multi handle driven by a dedicated thread.
///
/// Callers submit through a locked inbox and are called back (or resumed) from the loop; cancellation goes
/// through the same lock, so no completion is lost or called twice. Curl handles never leave the loop thread.
/// - SeeAlso: https://curl.se/libcurl/c/curl_multi_poll.html
public final class CurlFetcher: HTTPFetching, Sendable {
    private struct Pending: Sendable {
        var id: UInt64
        var request: FetchRequest
        var completion: @Sendable (Exchange) -> Void
        /// Set when the request guards its addresses and the screen let it through.
        var guarding: AddressGuard? = nil
    }

    private struct Inbox: Sendable {
        var nextID: UInt64 = 0
        var pending: [Pending] = []
        /// Guarded requests whose host is being resolved and judged (`AddressScreen`), not yet in `pending`.
        var screening: [UInt64: @Sendable (Exchange) -> Void] = [:]
        var cancelled: Set<UInt64> = []
        /// Transfers whose consumer caught up and asked to go on.
        var resumed: [UInt64] = []
        var stopping = false
        var closed = false
    }

    private let inbox = Locked(Inbox())
    /// CURLM*; off the loop thread only `curl_multi_wakeup` (thread-safe) touches it, under the inbox lock. Nil when
    /// libcurl could not start: every fetch then fails with `unavailable`.
    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer?
    private let unavailable: String?
    private let configuration: FetcherConfiguration
    /// Written once here, read by every transfer on the loop thread, removed when the loop ends.
    private let trust: TrustBundle
    private let finished = DispatchSemaphore(value: 0)
    /// Where guarded hosts are resolved: getaddrinfo blocks, and the loop thread must never wait on it.
    private let screener = DispatchQueue(label: "aasa-audit address screen", attributes: .concurrent)

    public init(configuration: FetcherConfiguration = FetcherConfiguration()) {
        let initialised = curlGlobalInit
        multi = initialised == CURLE_OK ? curl_multi_init() : nil
        self.configuration = configuration
        trust = TrustBundle(extra: multi == nil ? nil : configuration.caCertificate)
        guard let multi else {
            unavailable =
                initialised == CURLE_OK
                ? "libcurl could not create its multi handle"
                : "libcurl could not initialise: \(String(cString: curl_easy_strerror(initialised)))"
            inbox.withLock {
                $0.stopping = true
                $0.closed = true
            }
            return
        }
        unavailable = nil
        // No CURLMOPT_MAX_HOST_CONNECTIONS: libcurl counts it per --connect-to target, so auditing a staging
        // server would queue every domain behind four connections and a slow domain would time out others.
        // Callers bound their own requests per host (4 per audited domain, the crawl's per-host concurrency).
        // The connection cache's size follows the transfers in flight (`ConnectionCache`, set by the loop).
        // Multiplexing is tuning: when libcurl refuses it, its default is still correct, only less frugal.
        if ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX) != CURLM_OK {
            Self.tuningRefused("CURLMOPT_PIPELINING")
        }
        let thread = Thread { [self] in if let multi = self.multi { run(multi) } }
        thread.name = "aasa-audit curl loop"
        thread.start()
    }

    /// The trust file this fetcher wrote (`TrustBundle`), for the test that removes it to prove libcurl keeps the
    /// store it built.
    package var trustFile: String? { trust.writtenFile }

    /// A refused tuning option costs only efficiency; it is said once on stderr rather than failing fetches.
    private static func tuningRefused(_ option: String) {
        FileHandle.standardError.write(Data("aasa-audit: libcurl refused \(option); using its default\n".utf8))
    }

    /// Stops the loop after the transfers in flight end; later fetches return a cancelled exchange.
    public func shutdown() {
        let first = inbox.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first, multi != nil else { return }
        wake()
        finished.wait()
    }

    public func fetch(_ request: FetchRequest) async -> Exchange {
        let id = nextID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                submit(id, request, whenCancelled: true) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            cancel(id, request)
        }
    }

    public func start(_ request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void) -> FetchHandle {
        let id = nextID()
        submit(id, request, whenCancelled: false, completion)
        return FetchHandle { [self] in cancel(id, request) }
    }

    private func nextID() -> UInt64 {
        inbox.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Queues a transfer for the loop; `checkTask` refuses it when the calling task is already cancelled.
    /// Completions are always called outside the inbox lock: one may start or cancel another fetch.
    private func submit(
        _ id: UInt64, _ request: FetchRequest, whenCancelled checkTask: Bool,
        _ completion: @escaping @Sendable (Exchange) -> Void
    ) {
        if request.policy.guardsAddresses {
            guard let target = AddressScreen.Target(url: request.url) else {
                return completion(CurlFetcher.failed(request, "libcurl could not read the host of \(request.url)"))
            }
            if !AddressScreen.covered(target, by: configuration.connectTo) {
                return screen(id, request, target, whenCancelled: checkTask, completion)
            }
        }
        // One wake-up per batch: while earlier submissions wait in the inbox, the loop is already woken.
        let (accepted, first) = inbox.withLock { state -> (Bool, Bool) in
            guard !state.stopping, !(checkTask && Task.isCancelled) else { return (false, false) }
            state.pending.append(Pending(id: id, request: request, completion: completion))
            return (true, state.pending.count == 1)
        }
        if !accepted {
            completion(unavailable.map { CurlFetcher.failed(request, $0) } ?? CurlFetcher.cancelled(request))
        } else if first {
            wake()
        }
    }

    /// A guarded request: its host is resolved and judged off the loop thread, then the request is queued with the
    /// addresses it may connect to, or ends refused (`AddressScreen` says why this order is sound).
    private func screen(
        _ id: UInt64, _ request: FetchRequest, _ target: AddressScreen.Target, whenCancelled checkTask: Bool,
        _ completion: @escaping @Sendable (Exchange) -> Void
    ) {
        let accepted = inbox.withLock { state -> Bool in
            guard !state.stopping, !(checkTask && Task.isCancelled) else { return false }
            state.screening[id] = completion
            return true
        }
        guard accepted else {
            return completion(unavailable.map { CurlFetcher.failed(request, $0) } ?? CurlFetcher.cancelled(request))
        }
        let started = ContinuousClock.now
        let deliver: @Sendable (AddressScreen.Outcome) -> Void = { [self] outcome in
            let spentMs = Int(started.duration(to: .now).milliseconds)
            // Nil: cancelled meanwhile (its completion was called then). A stopped fetcher cancels it here.
            let (waiting, queued, first) = inbox.withLock {
                state -> ((@Sendable (Exchange) -> Void)?, Bool, Bool) in
                guard let waiting = state.screening.removeValue(forKey: id) else { return (nil, false, false) }
                guard case .allowed(let pin) = outcome, !state.stopping else { return (waiting, false, false) }
                let guarding = AddressGuard(host: target.host, pin: pin, spentMs: spentMs)
                state.pending.append(Pending(id: id, request: request, completion: waiting, guarding: guarding))
                return (nil, true, state.pending.count == 1)
            }
            if queued {
                if first { wake() }
                return
            }
            guard let waiting else { return }
            switch outcome {
            case .allowed: waiting(CurlFetcher.cancelled(request))
            case .refused(let reason): waiting(CurlFetcher.failed(request, reason, as: .refused))
            case .failed(let failure, let reason): waiting(CurlFetcher.failed(request, reason, as: failure))
            }
        }
        if let unchecked = configuration.testFaults.answersAfterCheck[target.host] {
            return deliver(.allowed(pin: "\(target.host):\(target.port):\(unchecked.joined(separator: ","))"))
        }
        AddressScreen.screen(
            target, own: LocalAddresses.all, timeout: configuration.timeout, on: screener, completion: deliver)
    }

    private func cancel(_ id: UInt64, _ request: FetchRequest) {
        let waiting = inbox.withLock { state -> (@Sendable (Exchange) -> Void)? in
            if let screening = state.screening.removeValue(forKey: id) { return screening }
            if let index = state.pending.firstIndex(where: { $0.id == id }) {
                return state.pending.remove(at: index).completion
            }
            state.cancelled.insert(id)
            return nil
        }
        if let waiting {
            waiting(CurlFetcher.cancelled(request))
        } else {
            wake()
        }
    }

    /// A consumer caught up: the loop resumes its paused transfer.
    /// Lets a paused transfer's consumer ask, from any thread, for the transfer to go on. It holds the inbox and the
    /// multi handle rather than the fetcher: a weak reference to the fetcher would give it a side table, which
    /// LeakSanitizer cannot see through and reports as leaked.
    private struct Resumer: @unchecked Sendable {
        let inbox: Locked<Inbox>
        /// Touched only by `curl_multi_wakeup` (thread-safe), under the inbox lock, and only while it is open.
        let multi: UnsafeMutableRawPointer

        func resume(_ id: UInt64) {
            inbox.withLock { state in
                state.resumed.append(id)
                if !state.closed { _ = curl_multi_wakeup(multi) }
            }
        }
    }

    private func wake() {
        inbox.withLock { state in
            // A wake-up libcurl could not deliver costs at most the loop's 1 s poll timeout, so its result only
            // decides nothing; the inbox is read on every turn of the loop either way.
            if !state.closed, let multi { _ = curl_multi_wakeup(multi) }
        }
    }

    static func cancelled(_ request: FetchRequest) -> Exchange {
        Exchange(
            location: request.location, url: request.url, userAgent: request.policy.userAgent, failure: .cancelled,
            error: "cancelled before an answer arrived")
    }

    /// A fetch that could not be made because libcurl refused a call on our side: a failed fetch with its reason.
    static func failed(_ request: FetchRequest, _ reason: String, as failure: FetchFailure = .other) -> Exchange {
        Exchange(
            location: request.location, url: request.url, userAgent: request.policy.userAgent, failure: failure,
            error: reason)
    }

    static func multiError(_ call: String, _ code: CURLMcode) -> String {
        CurlSetupError(call: call, reason: String(cString: curl_multi_strerror(code))).description
    }

    /// The loop: all curl state is local to this thread, in `Loop`.
    private func run(_ multi: UnsafeMutableRawPointer) {
        let loop = Loop(
            multi: multi, configuration: configuration, trust: trust, resumer: Resumer(inbox: inbox, multi: multi))
        // The handles' --connect-to list lives until the multi handle is cleaned up.
        withExtendedLifetime(loop) {
            while true {
                let (incoming, cancelled, resumed, stopping) = inbox.withLock { state in
                    defer {
                        state.pending = []
                        state.cancelled = []
                        state.resumed = []
                    }
                    return (state.pending, state.cancelled, state.resumed, state.stopping)
                }
                for pending in incoming { loop.begin(pending) }
                loop.cancel(cancelled)
                loop.resume(resumed)
                if stopping && loop.active.isEmpty { break }
                loop.turn()
            }
            let left = inbox.withLock { state -> [Pending] in
                state.closed = true
                defer { state.pending = [] }
                return state.pending
            }
            for pending in left { pending.completion(CurlFetcher.cancelled(pending.request)) }
            loop.idle = []
            // Nothing is left in it; a failure here could only leak, and the process is ending this fetcher anyway.
            _ = curl_multi_cleanup(multi)
            trust.remove()  // before the signal: a process may end as soon as `shutdown` returns
            finished.signal()
        }
    }

    /// What the loop thread owns: the transfers in flight, the reset handles kept for reuse, the connection cache and
    /// the `--connect-to` list every handle points into. Never leaves that thread.
    private final class Loop {
        let multi: UnsafeMutableRawPointer
        let configuration: FetcherConfiguration
        let trust: TrustBundle
        let resumer: Resumer
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        /// Finished handles, reset and ready for the next transfer (at most a few dozen are kept).
        var idle: [CurlEasy] = []
        var cache = ConnectionCache()
        var connectTo: UnsafeMutablePointer<curl_slist>?
        /// Set when the fetcher's own configuration could not be handed to libcurl: every fetch fails with it.
        var setupError: String?
        /// Only for the test that proves a refused `curl_multi_add_handle` fails its fetch.
        let decoy: UnsafeMutableRawPointer?

        init(
            multi: UnsafeMutableRawPointer, configuration: FetcherConfiguration, trust: TrustBundle, resumer: Resumer
        ) {
            self.multi = multi
            self.configuration = configuration
            self.trust = trust
            self.resumer = resumer
            cache.idle = max(0, configuration.idleConnections ?? ConnectionCache.idle)
            for item in configuration.connectTo {
                guard let longer = curl_slist_append(connectTo, item) else {
                    setupError = "libcurl could not store the --connect-to entry \(item)"
                    break
                }
                connectTo = longer
            }
            decoy = configuration.testFaults.failsAddingHandles ? curl_multi_init() : nil
        }

        deinit {
            if let decoy { _ = curl_multi_cleanup(decoy) }
            curl_slist_free_all(connectTo)
        }

        func recycle(_ easy: CurlEasy) {
            guard idle.count < 64, easy.reset() else { return }
            idle.append(easy)
        }

        func begin(_ pending: Pending) {
            if let setupError { return pending.completion(CurlFetcher.failed(pending.request, setupError)) }
            guard let easy = idle.popLast() ?? CurlEasy() else {
                return pending.completion(CurlFetcher.failed(pending.request, "libcurl could not create a handle"))
            }
            let transfer: Transfer
            do {
                let id = pending.id
                let resumer = resumer
                transfer = try Transfer(
                    id: id, request: pending.request, completion: pending.completion, configuration: configuration,
                    easy: easy, connectTo: connectTo, trust: trust, guarding: pending.guarding,
                    resume: { resumer.resume(id) })
            } catch {
                recycle(easy)
                return pending.completion(CurlFetcher.failed(pending.request, error.description))
            }
            if let decoy { _ = curl_multi_add_handle(decoy, easy.handle) }
            let added = curl_multi_add_handle(multi, easy.handle)
            if let decoy { _ = curl_multi_remove_handle(decoy, easy.handle) }
            // Not added, the transfer would never finish and its caller would wait forever: fail it now. The handle
            // is dropped, not reused, since libcurl's view of it is unknown.
            guard added == CURLM_OK else {
                return transfer.completion(
                    CurlFetcher.failed(transfer.request, CurlFetcher.multiError("curl_multi_add_handle", added)))
            }
            active[easy.handle] = transfer
        }

        /// Ends one transfer before libcurl finished it; a handle libcurl would not release is not reused.
        func end(_ handle: UnsafeMutableRawPointer, with exchange: (Transfer) -> Exchange) {
            guard let transfer = active.removeValue(forKey: handle) else { return }
            let removed = curl_multi_remove_handle(multi, handle)
            transfer.completion(exchange(transfer))
            if removed == CURLM_OK { recycle(transfer.easy) }
        }

        /// The multi handle failed as a whole: every transfer in it fails rather than waiting on a loop that
        /// cannot move them.
        func failAll(_ call: String, _ code: CURLMcode) {
            let reason = CurlFetcher.multiError(call, code)
            for handle in Array(active.keys) { end(handle) { CurlFetcher.failed($0.request, reason) } }
        }

        func cancel(_ cancelled: Set<UInt64>) {
            guard !cancelled.isEmpty else { return }
            for (handle, transfer) in active where cancelled.contains(transfer.id) {
                end(handle) { _ in CurlFetcher.cancelled(transfer.request) }
            }
        }

        /// The transfers whose consumers caught up go on.
        func resume(_ resumed: [UInt64]) {
            for id in resumed {
                guard let (handle, transfer) = active.first(where: { $0.value.id == id }) else { continue }
                transfer.holding = false
                guard transfer.paused else { continue }
                transfer.paused = false
                // Delivers the chunk libcurl kept; the write callback may pause the transfer again at once.
                let code = curl_easy_pause(handle, CURLPAUSE_RECV_CONT | CURLPAUSE_SEND_CONT)
                if code != CURLE_OK {
                    let reason = CurlSetupError(call: "curl_easy_pause", code: code).description
                    end(handle) { CurlFetcher.failed($0.request, reason) }
                }
            }
        }

        /// One turn: libcurl moves every transfer, the finished ones complete, then the thread waits up to a second
        /// for sockets or a wake-up.
        func turn() {
            cache.fit(multi, inFlight: active.count)
            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK { failAll("curl_multi_perform", performed) }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                // Copy the result first: curl_multi_remove_handle frees the message it points into.
                let code = message.pointee.data.result
                end(handle) { CurlFetcher.exchange($0, code: code) }
            }
            var ready: Int32 = 0
            let polled = curl_multi_poll(multi, nil, 0, 1000, &ready)
            if polled != CURLM_OK {
                failAll("curl_multi_poll", polled)
                usleep(10_000)  // a poll that keeps failing must not spin the loop at full speed
            }
        }
    }

    /// Turns a finished transfer into an exchange, naming the failure precisely.
    static func exchange(_ t: Transfer, code: CURLcode) -> Exchange {
        let easy = t.easy
        let request = t.request
        let policy = request.policy
        var exchange = Exchange(location: request.location, url: request.url, userAgent: policy.userAgent)
        let capped = t.truncated && (code == CURLE_WRITE_ERROR || code == CURLE_OK)
        let tooBig = code == CURLE_FILESIZE_EXCEEDED
        let status = easy.long(CURLINFO_RESPONSE_CODE) ?? 0
        if status > 0 {
            exchange.httpStatus = status
            exchange.contentType = easy.string(CURLINFO_CONTENT_TYPE)
            exchange.redirectTo = (300..<400).contains(status) ? easy.string(CURLINFO_REDIRECT_URL) : nil
            exchange.headers = t.headers
            exchange.httpVersion = httpVersion(easy.long(CURLINFO_HTTP_VERSION))
        }
        exchange.body = Array(t.body.prefix(Transfer.readLimit(policy)))
        t.consumer?.finish()
        exchange.bytes = t.seen
        exchange.truncated = capped || tooBig
        if tooBig { exchange.bytes = max(t.seen, Transfer.readLimit(policy)) }
        exchange.wireBytes = easy.offset(CURLINFO_SIZE_DOWNLOAD_T) ?? 0
        exchange.sha256 = exchange.truncated || !policy.digestsBody ? nil : SHA256.hex(t.body)
        func ms(_ info: CURLINFO) -> Double? { easy.offset(info).flatMap { $0 > 0 ? Double($0) / 1000 : nil } }
        exchange.timingsMs = Timings(
            dns: ms(CURLINFO_NAMELOOKUP_TIME_T), connect: ms(CURLINFO_CONNECT_TIME_T),
            tls: ms(CURLINFO_APPCONNECT_TIME_T),
            firstByte: ms(CURLINFO_STARTTRANSFER_TIME_T), total: ms(CURLINFO_TOTAL_TIME_T))
        exchange.timingsMs.longestGap = t.longestGap.map { ($0.milliseconds * 1000).rounded() / 1000 }
        let message =
            code == CURLE_OK ? "" : easy.errorText.isEmpty ? String(cString: curl_easy_strerror(code)) : easy.errorText
        if code != CURLE_OK && !capped && !tooBig {
            exchange.failure = failure(for: code)
            exchange.error = message
        }
        if let refusal = t.refusal, exchange.httpStatus == nil {
            // The open-socket check refused every address libcurl tried: no request was made.
            exchange.failure = .refused
            exchange.error = refusal
            return exchange
        }
        if request.url.utf8.prefix(6).lazy.map(ASCII.lower).elementsEqual("https:".utf8) {
            exchange.tls = tlsFacts(t, code: code, message: message)
        }
        return exchange
    }

    /// libcurl's CURL_HTTP_VERSION_* of an answer as its usual name.
    static func httpVersion(_ version: Int?) -> String? {
        switch version {
        case CURL_HTTP_VERSION_1_0: "1.0"
        case CURL_HTTP_VERSION_1_1: "1.1"
        case CURL_HTTP_VERSION_2_0: "2"
        case CURL_HTTP_VERSION_3: "3"
        default: nil
        }
    }

    static func failure(for code: CURLcode) -> FetchFailure {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .dns
        case CURLE_COULDNT_CONNECT: .connect
        case CURLE_OPERATION_TIMEDOUT: .timeout
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            .tls
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM,
            CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_TOO_MANY_REDIRECTS:
            .protocolError
        case CURLE_FILESIZE_EXCEEDED: .tooLarge
        case CURLE_ABORTED_BY_CALLBACK: .cancelled
        default: .other
        }
    }

    /// `failure(for:)` by the code's number, for tests (they do not see libcurl's types).
    static func failure(forCode number: UInt32) -> FetchFailure { failure(for: CURLcode(rawValue: number)) }

    /// The verification outcome and the certificate's names and dates.
    static func tlsFacts(_ t: Transfer, code: CURLcode, message: String) -> TLSFacts? {
        let easy = t.easy
        var facts = TLSFacts(protocolVersion: t.tlsVersion, verified: t.request.policy.verifiesPeer)
        switch code {
        case CURLE_PEER_FAILED_VERIFICATION:
            facts.verified = false
            facts.error = message
            facts.problem = verifyProblem(easy.long(CURLINFO_SSL_VERIFYRESULT))
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER:
            // libcurl 7.88 answers one code for every failed handshake, a protocol version refused included: the
            // code says "handshake", and the message (kept in `error`) says the rest to a reader.
            facts.verified = false
            facts.error = message
            facts.problem = .handshake
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT,
            CURLE_OPERATION_TIMEDOUT where t.tlsVersion == nil:
            return nil  // no TLS happened
        default:
            break
        }
        if t.request.policy.capturesTLS, let leaf = easy.certificates().first {
            facts.subject = leaf["Subject"].map(tidyName)
            facts.issuer = leaf["Issuer"].map(tidyName)
            if let expiry = leaf["Expire date"].flatMap(parseCertificateDate) {
                facts.notAfter = expiry
                facts.daysLeft = Int((expiry.timeIntervalSinceNow / 86_400).rounded(.down))
            }
        }
        return facts
    }

    /// What a refused peer's verification result (OpenSSL's X509_V_ERR_* code) names. libcurl answers
    /// CURLE_PEER_FAILED_VERIFICATION for a chain OpenSSL rejected (the code says why) and for a host name its own
    /// check rejected after the chain passed: then the result is 0 (X509_V_OK) or 1, the "not verified" libcurl
    /// sets before it reads the chain's result.
    static func verifyProblem(_ result: Int?) -> TLSProblem {
        switch result {
        case 0, 1, 62: .hostname  // 62: X509_V_ERR_HOSTNAME_MISMATCH, when OpenSSL checks the name itself
        case 9: .notYetValid  // X509_V_ERR_CERT_NOT_YET_VALID
        case 10: .expired  // X509_V_ERR_CERT_HAS_EXPIRED
        case 18, 19: .selfSigned  // DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN
        case 23: .revoked  // X509_V_ERR_CERT_REVOKED
        default: .untrusted  // an unknown issuer (2, 20, 21), a bad signature, or no result at all
        }
    }

    /// "O = Acme, CN = acme.test" → "O=Acme, CN=acme.test".
    static func tidyName(_ name: String) -> String { name.replacingOccurrences(of: " = ", with: "=") }

    /// libcurl's "Feb 23 22:17:48 2029 GMT" (day padded with a space), parsed without a DateFormatter.
    static func parseCertificateDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count >= 4, let month = months.firstIndex(of: String(parts[0])), let day = Int(parts[1]),
            let year = Int(parts[3])
        else { return nil }
        let clock = parts[2].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return utcDate(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
    }
}
