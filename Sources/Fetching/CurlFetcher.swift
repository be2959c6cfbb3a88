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
    }

    private struct Inbox: Sendable {
        var nextID: UInt64 = 0
        var pending: [Pending] = []
        var cancelled: Set<UInt64> = []
        var stopping = false
        var closed = false
    }

    private let inbox = Locked(Inbox())
    /// CURLM*; off the loop thread only `curl_multi_wakeup` (thread-safe) touches it, under the inbox lock.
    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    private let configuration: FetcherConfiguration
    private let finished = DispatchSemaphore(value: 0)

    public init(configuration: FetcherConfiguration = FetcherConfiguration()) {
        _ = curlGlobalInit
        multi = curl_multi_init()
        self.configuration = configuration
        // No CURLMOPT_MAX_HOST_CONNECTIONS: libcurl counts it per --connect-to target, so auditing a staging
        // server would queue every domain behind four connections and a slow domain would time out others.
        // Callers bound their own requests per host (4 per audited domain, the crawl's per-host concurrency).
        // Idle connections kept for reuse: a crawl needs a few to its site, an audit none across domains; the
        // default (4 per transfer ever added) kept hundreds of sockets and TLS sessions open in a 1,000-domain run.
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 16)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        let thread = Thread { [self] in run() }
        thread.name = "aasa-audit curl loop"
        thread.start()
    }

    /// Stops the loop after the transfers in flight end; later fetches return a cancelled exchange.
    public func shutdown() {
        let first = inbox.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
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
    private func submit(
        _ id: UInt64, _ request: FetchRequest, whenCancelled checkTask: Bool,
        _ completion: @escaping @Sendable (Exchange) -> Void
    ) {
        // One wake-up per batch: while earlier submissions wait in the inbox, the loop is already woken.
        let (accepted, first) = inbox.withLock { state -> (Bool, Bool) in
            guard !state.stopping, !(checkTask && Task.isCancelled) else { return (false, false) }
            state.pending.append(Pending(id: id, request: request, completion: completion))
            return (true, state.pending.count == 1)
        }
        if !accepted {
            completion(CurlFetcher.cancelled(request))
        } else if first {
            wake()
        }
    }

    private func cancel(_ id: UInt64, _ request: FetchRequest) {
        let waiting = inbox.withLock { state -> (@Sendable (Exchange) -> Void)? in
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

    private func wake() {
        inbox.withLock { state in
            if !state.closed { _ = curl_multi_wakeup(multi) }
        }
    }

    static func cancelled(_ request: FetchRequest) -> Exchange {
        Exchange(
            location: request.location, url: request.url, userAgent: request.policy.userAgent, failure: .cancelled,
            error: "cancelled before an answer arrived")
    }

    /// The loop: all curl state is local to this thread.
    private func run() {
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        /// Finished handles, reset and ready for the next transfer (at most a few dozen are kept).
        var idle: [CurlEasy] = []
        var connectTo: UnsafeMutablePointer<curl_slist>?
        for item in configuration.connectTo { connectTo = curl_slist_append(connectTo, item) }
        defer { curl_slist_free_all(connectTo) }
        func recycle(_ easy: CurlEasy) {
            guard idle.count < 64 else { return }
            easy.reset()
            idle.append(easy)
        }
        while true {
            let (incoming, cancelled, stopping) = inbox.withLock { state in
                defer {
                    state.pending = []
                    state.cancelled = []
                }
                return (state.pending, state.cancelled, state.stopping)
            }
            for pending in incoming {
                guard let easy = idle.popLast() ?? CurlEasy() else {
                    var failed = CurlFetcher.cancelled(pending.request)
                    failed.failure = .other
                    failed.error = "libcurl could not create a handle"
                    pending.completion(failed)
                    continue
                }
                let transfer = Transfer(
                    id: pending.id, request: pending.request, completion: pending.completion,
                    configuration: configuration, easy: easy, connectTo: connectTo)
                active[easy.handle] = transfer
                curl_multi_add_handle(multi, easy.handle)
            }
            if !cancelled.isEmpty {
                for (handle, transfer) in active where cancelled.contains(transfer.id) {
                    curl_multi_remove_handle(multi, handle)
                    active.removeValue(forKey: handle)
                    transfer.completion(CurlFetcher.cancelled(transfer.request))
                    recycle(transfer.easy)
                }
            }
            if stopping && active.isEmpty { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                // Copy the result first: curl_multi_remove_handle frees the message it points into.
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi, handle)
                guard let transfer = active.removeValue(forKey: handle) else { continue }
                transfer.completion(CurlFetcher.exchange(transfer, code: code))
                recycle(transfer.easy)
            }
            var ready: Int32 = 0
            curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
        inbox.withLock { state in
            state.closed = true
            for pending in state.pending {
                pending.completion(CurlFetcher.cancelled(pending.request))
            }
            state.pending = []
        }
        idle = []
        curl_multi_cleanup(multi)
        finished.signal()
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
        }
        exchange.body = Array(t.body.prefix(policy.maxBytes + Transfer.overread))
        if let consumer = t.consumer { exchange.consumed = Consumed(consumer.finish()) }
        exchange.bytes = t.seen
        exchange.truncated = capped || tooBig
        if tooBig { exchange.bytes = max(t.seen, policy.maxBytes + Transfer.overread) }
        exchange.wireBytes = easy.offset(CURLINFO_SIZE_DOWNLOAD_T) ?? 0
        exchange.sha256 = exchange.truncated || !policy.digestsBody ? nil : SHA256.hex(t.body)
        func ms(_ info: CURLINFO) -> Double? { easy.offset(info).flatMap { $0 > 0 ? Double($0) / 1000 : nil } }
        exchange.timingsMs = Timings(
            dns: ms(CURLINFO_NAMELOOKUP_TIME_T), connect: ms(CURLINFO_CONNECT_TIME_T),
            tls: ms(CURLINFO_APPCONNECT_TIME_T),
            firstByte: ms(CURLINFO_STARTTRANSFER_TIME_T), total: ms(CURLINFO_TOTAL_TIME_T))
        let message =
            code == CURLE_OK ? "" : easy.errorText.isEmpty ? String(cString: curl_easy_strerror(code)) : easy.errorText
        if code != CURLE_OK && !capped && !tooBig {
            exchange.failure = failure(for: code)
            exchange.error = message
        }
        if request.url.utf8.prefix(6).lazy.map(ASCII.lower).elementsEqual("https:".utf8) {
            exchange.tls = tlsFacts(t, code: code, message: message)
        }
        return exchange
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

    /// The verification outcome and the certificate's names and dates.
    static func tlsFacts(_ t: Transfer, code: CURLcode, message: String) -> TLSFacts? {
        let easy = t.easy
        var facts = TLSFacts(protocolVersion: t.tlsVersion, verified: t.request.policy.verifiesPeer)
        switch code {
        case CURLE_PEER_FAILED_VERIFICATION:
            facts.verified = false
            facts.error = message
            let result = easy.long(CURLINFO_SSL_VERIFYRESULT) ?? 0
            let lower = message.lowercased()
            if lower.contains("subject name") || lower.contains("does not match target host") {
                facts.problem = .hostname
            } else {
                switch result {
                case 10: facts.problem = .expired
                case 9: facts.problem = .notYetValid
                case 18: facts.problem = .selfSigned
                case 23: facts.problem = .revoked
                case 62: facts.problem = .hostname
                default:
                    facts.problem =
                        lower.contains("self-signed") || lower.contains("self signed") ? .selfSigned : .untrusted
                }
            }
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER:
            facts.verified = false
            facts.error = message
            let lower = message.lowercased()
            facts.problem =
                lower.contains("protocol") || lower.contains("wrong version number") ? .protocolVersion : .handshake
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
