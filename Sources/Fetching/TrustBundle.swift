import AASA
internal import CCurl
import Foundation

/// Where the fetcher's trust anchors come from, decided once per fetcher so that libcurl can keep its certificate
/// store. Loop-thread only.
///
/// libcurl keeps the store it builds (CURLOPT_CA_CACHE_TIMEOUT, a day) only when the anchors come from one CA file
/// and no CA directory. Debian's libcurl names both by default (ca-certificates.crt and /etc/ssl/certs), so it built
/// the store again for every connection: parsing the whole system bundle each time costs some 20 ms of CPU, more than
/// the rest of a domain's audit. Here the directory is dropped whenever one file holds every anchor: the system
/// bundle, or with `--ca-cert` a file of the system bundle and the extra anchors written once.
struct TrustBundle {
    /// CURLOPT_CAINFO; nil keeps libcurl's default.
    let file: String?
    /// CURLOPT_CAPATH: nil keeps libcurl's default, "" clears it (every anchor is in `file`).
    let directory: String?
    /// `file` was written here and is removed by `remove()`.
    private let written: Bool

    init(extra: String?) {
        let system = TrustBundle.systemBundle
        guard let extra else {
            // libcurl's own bundle holds every system anchor: its directory only defeats the cache.
            (file, directory, written) = (nil, system == nil ? nil : "", false)
            return
        }
        if let system, let bundle = TrustBundle.write(system, extra) {
            (file, directory, written) = (bundle, "", true)
        } else {
            // CAINFO replaces the bundle; the system directory keeps public CAs trusted too.
            let certs = FileManager.default.fileExists(atPath: "/etc/ssl/certs") ? "/etc/ssl/certs" : nil
            (file, directory, written) = (extra, certs, false)
        }
    }

    /// The system bundle followed by the extra anchors, in a temporary file; nil when either cannot be read or the
    /// file cannot be written.
    private static func write(_ system: String, _ extra: String) -> String? {
        guard let anchors = FileManager.default.contents(atPath: system),
            let added = FileManager.default.contents(atPath: extra)
        else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-audit-trust-\(getpid())-\(UUID().uuidString).pem"
        ).path
        var bundle = anchors
        bundle.append(UInt8(ascii: "\n"))
        bundle.append(added)
        guard FileManager.default.createFile(atPath: path, contents: bundle) else { return nil }
        TrustBundle.removedAtExit(path)
        return path
    }

    /// Files still to remove when the process exits: a fetcher that lives as long as the process (a test suite's)
    /// is never shut down.
    private static let leftovers: Locked<[String]> = {
        atexit {
            for path in TrustBundle.leftovers.withLock({ $0 }) { unlink(path) }
        }
        return Locked([])
    }()

    private static func removedAtExit(_ path: String) { leftovers.withLock { $0.append(path) } }

    /// The CA bundle libcurl was built to trust (e.g. /etc/ssl/certs/ca-certificates.crt), when it is a file here.
    static var systemBundle: String? {
        guard let info = curl_version_info(CURLVERSION_TENTH), info.pointee.age.rawValue >= CURLVERSION_NINTH.rawValue,
            let cainfo = info.pointee.cainfo
        else { return nil }
        let path = String(cString: cainfo)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            ? path : nil
    }

    /// Hands the anchors to a transfer that verifies its peer.
    func apply(to easy: CurlEasy) throws(CurlSetupError) {
        if let file { try easy.set(CURLOPT_CAINFO, file, "CURLOPT_CAINFO") }
        if directory == "" {
            try easy.set(CURLOPT_CAPATH, pointer: nil, "CURLOPT_CAPATH")
        } else if let directory {
            try easy.set(CURLOPT_CAPATH, directory, "CURLOPT_CAPATH")
        }
    }

    /// `file` when this bundle wrote it.
    var writtenFile: String? { written ? file : nil }

    func remove() {
        guard written, let file else { return }
        try? FileManager.default.removeItem(atPath: file)
        TrustBundle.leftovers.withLock { $0.removeAll { $0 == file } }
    }
}
