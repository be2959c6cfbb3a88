import AASA
internal import CCurl
import Foundation

/// libcurl is initialised once per process; SIGPIPE is ignored because NOSIGNAL stops libcurl doing it. The result
/// is kept: when libcurl cannot initialise, every fetch fails with it instead of running on a half-set-up library.
let curlGlobalInit: CURLcode = {
    let code = curl_global_init(Int(CURL_GLOBAL_ALL))
    signal(SIGPIPE, SIG_IGN)
    return code
}()

/// A libcurl call on the fetcher's side that failed: the transfer cannot run as asked, so the fetch fails with it
/// instead of running with a default in place of the refused setting.
struct CurlSetupError: Error, Sendable, CustomStringConvertible {
    /// What was asked of libcurl, e.g. "CURLOPT_URL (option 10002)".
    var call: String
    /// libcurl's own words for the result code.
    var reason: String

    init(call: String, code: CURLcode) {
        self.call = call
        reason = String(cString: curl_easy_strerror(code))
    }

    init(call: String, reason: String) {
        self.call = call
        self.reason = reason
    }

    var description: String { "libcurl refused \(call): \(reason)" }
}

/// Typed setopt/getinfo over one easy handle. Intentionally not thread safe: confined to the loop thread.
/// - SeeAlso: https://curl.se/libcurl/c/curl_easy_setopt.html
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// Lists set on this handle for one transfer (CURLOPT_RESOLVE): libcurl keeps the pointer, not a copy, so they
    /// are freed only after `curl_easy_reset` or `curl_easy_cleanup` (notes/platform.md, P7).
    private var ownedLists: [UnsafeMutablePointer<curl_slist>] = []

    init?() {
        guard curlGlobalInit == CURLE_OK, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        // Without its error buffer a handle would still work, but its failures would lose their detail.
        guard ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK else {
            curl_easy_cleanup(handle)
            errorBuffer.deallocate()
            return nil
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
        for list in ownedLists { curl_slist_free_all(list) }
    }

    /// Back to defaults for the next transfer, keeping the handle's buffers: a crawl reuses a few handles
    /// instead of allocating libcurl's per-handle state (some 20 KB) for every page. False when the handle could
    /// not be made ready again (it is then dropped, not reused).
    func reset() -> Bool {
        curl_easy_reset(handle)
        for list in ownedLists { curl_slist_free_all(list) }
        ownedLists = []
        errorBuffer[0] = 0
        return ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK
    }

    static func name(_ option: CURLoption) -> String { "option \(option.rawValue)" }

    static func check(_ code: CURLcode, _ option: CURLoption, _ label: String?) throws(CurlSetupError) {
        guard code == CURLE_OK else {
            throw CurlSetupError(call: label.map { "\($0) (\(name(option)))" } ?? name(option), code: code)
        }
    }

    func set(_ option: CURLoption, _ value: Int, _ label: String? = nil) throws(CurlSetupError) {
        try CurlEasy.check(ccurl_setopt_long(handle, option, value), option, label)
    }
    func set(_ option: CURLoption, _ value: String, _ label: String? = nil) throws(CurlSetupError) {
        try CurlEasy.check(ccurl_setopt_string(handle, option, value), option, label)
    }
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?, _ label: String? = nil) throws(CurlSetupError) {
        try CurlEasy.check(ccurl_setopt_pointer(handle, option, pointer), option, label)
    }
    func set(_ option: CURLoption, offset: curl_off_t, _ label: String? = nil) throws(CurlSetupError) {
        try CurlEasy.check(ccurl_setopt_off(handle, option, offset), option, label)
    }
    func set(_ option: CURLoption, write callback: curl_write_callback, _ label: String) throws(CurlSetupError) {
        try CurlEasy.check(ccurl_setopt_write_function(handle, option, callback), option, label)
    }
    func set(debug callback: curl_debug_callback) throws(CurlSetupError) {
        try CurlEasy.check(
            ccurl_setopt_debug_function(handle, callback), CURLOPT_DEBUGFUNCTION, "CURLOPT_DEBUGFUNCTION")
    }

    /// libcurl keeps the pointer to an slist option, not a copy: the owner keeps the list alive as long as this
    /// handle may use it.
    func set(
        _ option: CURLoption, shared list: UnsafeMutablePointer<curl_slist>?, _ label: String
    ) throws(CurlSetupError) {
        if let list { try CurlEasy.check(ccurl_setopt_slist(handle, option, list), option, label) }
    }

    /// Sets a list this handle owns from now on: it is freed when the handle is reset or cleaned up.
    func set(_ option: CURLoption, owned items: [String], _ label: String) throws(CurlSetupError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for item in items {
            guard let longer = curl_slist_append(list, item) else {
                curl_slist_free_all(list)
                throw CurlSetupError(call: label, reason: "libcurl could not store the entry \(item)")
            }
            list = longer
        }
        guard let list else { return }
        ownedLists.append(list)
        try CurlEasy.check(ccurl_setopt_slist(handle, option, list), option, label)
    }

    func set(openSocket callback: curl_opensocket_callback) throws(CurlSetupError) {
        try CurlEasy.check(
            ccurl_setopt_opensocket_function(handle, callback), CURLOPT_OPENSOCKETFUNCTION,
            "CURLOPT_OPENSOCKETFUNCTION")
    }

    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_getinfo_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    /// curl_off_t is 64 bits like Int on the platforms we build for; `exactly` keeps that an assumption checked.
    func offset(_ info: CURLINFO) -> Int? {
        var value: curl_off_t = 0
        return ccurl_getinfo_off(handle, info, &value) == CURLE_OK ? Int(exactly: value) : nil
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The certificate chain as libcurl reports it: one dictionary of "Key:Value" fields per certificate.
    func certificates() -> [[String: String]] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard ccurl_getinfo_certinfo(handle, &info) == CURLE_OK, let info, let chain = info.pointee.certinfo else {
            return []
        }
        var result: [[String: String]] = []
        for i in 0..<max(0, Int(info.pointee.num_of_certs)) {
            var fields: [String: String] = [:]
            var node = chain[i]
            while let current = node {
                if let data = current.pointee.data {
                    let text = String(cString: data)
                    if let colon = text.firstIndex(of: ":") {
                        fields[String(text[..<colon])] = String(text[text.index(after: colon)...])
                    }
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
