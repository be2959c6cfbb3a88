import AASA
internal import CCurl
import Foundation

/// Decides, before a guarded fetch starts, whether its host may be reached, and on which addresses.
///
/// Why resolve here rather than only judge the address libcurl connects to: libcurl tries a name's addresses one
/// after another, so an open-socket check alone would refuse the private address of a name with mixed answers and
/// then connect to its public one, and the issue refuses such a name outright. So the name is resolved first (off
/// the fetch loop's thread, within the fetch's timeout), refused when any address is blocked, and the addresses
/// checked are pinned for the transfer with CURLOPT_RESOLVE, so libcurl connects to them and to no later DNS answer.
/// The transfer's open-socket callback (`Transfer`) checks each address again as it is connected: the guard at
/// connect time, should anything but the pin have supplied one.
/// - SeeAlso: https://curl.se/libcurl/c/CURLOPT_RESOLVE.html
/// - SeeAlso: https://curl.se/libcurl/c/CURLOPT_OPENSOCKETFUNCTION.html
enum AddressScreen {
    /// The host and port libcurl will connect to for a URL, read with libcurl's own URL parser so the two cannot
    /// disagree: the host in punycode (what libcurl resolves), the port explicit or the scheme's default.
    struct Target: Sendable, Equatable {
        var host: String
        var port: Int

        init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        init?(url: String) {
            _ = curlGlobalInit
            _ = utf8Locale  // libidn2 reads a Unicode host in the locale's encoding
            guard let handle = curl_url() else { return nil }
            defer { curl_url_cleanup(handle) }
            guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK,
                let host = CurlURL.get(handle, CURLUPART_HOST, UInt32(CURLU_PUNYCODE)),
                let port = CurlURL.get(handle, CURLUPART_PORT, UInt32(CURLU_DEFAULT_PORT)).flatMap({ Int($0) })
            else { return nil }
            self.host = host.lowercased()
            self.port = port
        }
    }

    enum Outcome: Sendable, Equatable {
        /// May be fetched; `pin` is the CURLOPT_RESOLVE entry to connect by (nil for an address written as such).
        case allowed(pin: String?)
        /// Must not be fetched; the sentence says which address and why.
        case refused(String)
        /// The name did not resolve (or not in time).
        case failed(FetchFailure, String)
    }

    /// Whether a `--connect-to HOST:PORT:ADDR:PORT` entry covers `target` (empty HOST or PORT matches any, as in
    /// curl): the user chose where that host goes, so it is theirs and never refused.
    static func covered(_ target: Target, by connectTo: [String]) -> Bool {
        connectTo.contains { entry in
            var rest = Substring(entry)
            let host: Substring
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return false }
                host = rest[...close]
                rest = rest[rest.index(after: close)...]
            } else {
                host = rest.prefix { $0 != ":" }
                rest = rest.dropFirst(host.count)
            }
            guard rest.first == ":" else { return false }
            let port = rest.dropFirst().prefix { $0 != ":" }
            let hostMatches = host.isEmpty || host.lowercased() == target.host
            return hostMatches && (port.isEmpty || Int(port) == target.port)
        }
    }

    /// The words after an address's class: what the user can do about it.
    static let remedy = "only hosts you name may resolve to such addresses"

    /// Resolves and judges `target` (blocking: call it off the loop thread). `own` is this machine's addresses.
    static func screen(_ target: Target, own: Set<[UInt8]>) -> Outcome {
        let host = target.host
        if BlockedAddress.classify(name: host) != nil {
            return .refused("\(host) is a loopback name (this machine); \(remedy)")
        }
        if let literal = SocketAddress.parse(host) {
            guard let blocked = BlockedAddress.classify(literal, own: own) else { return .allowed(pin: nil) }
            return .refused("\(host) is \(blocked.phrase); \(remedy)")
        }
        let addresses = resolve(target)
        guard !addresses.isEmpty else { return .failed(.dns, "Could not resolve host: \(host)") }
        return judge(target, addresses, own: own)
    }

    /// Every address `getaddrinfo` gives for the target's host, in its order, without repeats; empty when none.
    static func resolve(_ target: Target) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, String(target.port), &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [[UInt8]] = []
        var node = list
        while let current = node {
            if let address = current.pointee.ai_addr, let bytes = SocketAddress.bytes(address),
                !addresses.contains(bytes)
            {
                addresses.append(bytes)
            }
            node = current.pointee.ai_next
        }
        return addresses
    }

    /// Refused when any address is blocked (a name with public and private answers included); otherwise allowed,
    /// pinned to exactly these addresses.
    static func judge(_ target: Target, _ addresses: [[UInt8]], own: Set<[UInt8]>) -> Outcome {
        for address in addresses {
            if let blocked = BlockedAddress.classify(address, own: own) {
                return .refused(refusal(host: target.host, address: address, blocked, among: addresses.count))
            }
        }
        let texts = addresses.map { $0.count == 16 ? "[\(SocketAddress.text($0))]" : SocketAddress.text($0) }
        return .allowed(pin: "\(target.host):\(target.port):\(texts.joined(separator: ","))")
    }

    /// "localhost resolves to 127.0.0.1, a loopback address (this machine); only hosts you name may …".
    static func refusal(host: String, address: [UInt8], _ blocked: BlockedAddress, among count: Int = 1) -> String {
        let among = count > 1 ? " (one of its \(count) addresses)" : ""
        return "\(host) resolves to \(SocketAddress.text(address))\(among), \(blocked.phrase); \(remedy)"
    }

    /// `screen` on `queue`, ending within `timeout` seconds: a resolver that hangs costs the fetch its timeout, as
    /// libcurl's own resolver would (the lookup's thread finishes on its own and its answer is dropped).
    static func screen(
        _ target: Target, own: Set<[UInt8]>, timeout: Double, on queue: DispatchQueue,
        completion: @escaping @Sendable (Outcome) -> Void
    ) {
        let done = Locked(false)
        let finish: @Sendable (Outcome) -> Void = { outcome in
            let first = done.withLock { finished -> Bool in
                defer { finished = true }
                return !finished
            }
            if first { completion(outcome) }
        }
        let milliseconds = Transfer.timeoutMs(timeout)
        queue.async { finish(screen(target, own: own)) }
        queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            finish(.failed(.timeout, "Resolving \(target.host) timed out after \(milliseconds) milliseconds"))
        }
    }
}
