import AASA
internal import CCurl
import Foundation

/// libcurl is initialised once per process; SIGPIPE is ignored because NOSIGNAL stops libcurl doing it.
let curlGlobalInit: Void = {
    curl_global_init(Int(CURL_GLOBAL_ALL))
    signal(SIGPIPE, SIG_IGN)
}()

/// Typed setopt/getinfo over one easy handle. Intentionally not thread safe: confined to the loop thread.
/// - SeeAlso: https://curl.se/libcurl/c/curl_easy_setopt.html
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init?() {
        _ = curlGlobalInit
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Back to defaults for the next transfer, keeping the handle's buffers: a crawl reuses a few handles
    /// instead of allocating libcurl's per-handle state (some 20 KB) for every page.
    func reset() {
        curl_easy_reset(handle)
        errorBuffer[0] = 0
        _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    func set(_ option: CURLoption, _ value: Int) { _ = ccurl_setopt_long(handle, option, value) }
    func set(_ option: CURLoption, _ value: String) { _ = ccurl_setopt_string(handle, option, value) }
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
        _ = ccurl_setopt_pointer(handle, option, pointer)
    }

    /// libcurl keeps the pointer to an slist option, not a copy: the owner keeps the list alive as long as this
    /// handle may use it.
    func set(_ option: CURLoption, shared list: UnsafeMutablePointer<curl_slist>?) {
        if let list { _ = ccurl_setopt_slist(handle, option, list) }
    }

    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_getinfo_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    func offset(_ info: CURLINFO) -> Int? {
        var value: curl_off_t = 0
        return ccurl_getinfo_off(handle, info, &value) == CURLE_OK ? Int(value) : nil
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The certificate chain as libcurl reports it: one dictionary of "Key:Value" fields per certificate.
    func certificates() -> [[String: String]] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard ccurl_getinfo_certinfo(handle, &info) == CURLE_OK, let info else { return [] }
        var result: [[String: String]] = []
        for i in 0..<Int(info.pointee.num_of_certs) {
            var fields: [String: String] = [:]
            var node = info.pointee.certinfo[i]
            while let current = node {
                let text = String(cString: current.pointee.data)
                if let colon = text.firstIndex(of: ":") {
                    fields[String(text[..<colon])] = String(text[text.index(after: colon)...])
                }
                node = current.pointee.next
            }
            result.append(fields)
        }
        return result
    }

    var errorText: String { String(cString: errorBuffer) }
}

@available(*, unavailable)
extension CurlEasy: Sendable {}
