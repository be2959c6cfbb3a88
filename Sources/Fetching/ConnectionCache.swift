internal import CCurl
import Foundation

/// Sizes libcurl's connection cache to the transfers in flight plus a few idle connections. Loop-thread only.
///
/// libcurl counts the connections in use against CURLMOPT_MAXCONNECTS and, whenever a transfer ends over that
/// limit, closes the connection idle longest: with every other connection busy, the one that transfer just left.
/// A fixed limit below the domains in flight therefore closed each domain's connection between its first probe and
/// the next ones, and every probe paid a TLS handshake of its own. libcurl's default (4 per transfer added) keeps
/// hundreds of idle connections open in a 1,000-domain run instead. In flight plus `idle`: a domain's connection,
/// the newest idle one, waits for its next probes while finished domains' older connections are closed first.
struct ConnectionCache {
    /// Idle connections kept beyond those in use, by default (`FetcherConfiguration.idleConnections`).
    static let idle = 32
    /// This fetcher's: `links` keeps one per host its chains revisit.
    var idle = ConnectionCache.idle
    private var limit = 0
    private var refused = false

    /// Called once per turn of the loop, after transfers were added or removed.
    mutating func fit(_ multi: UnsafeMutableRawPointer, inFlight: Int) {
        let wanted = inFlight + idle
        guard wanted != limit, !refused else { return }
        if ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, wanted) == CURLM_OK {
            limit = wanted
        } else {
            // Tuning only: libcurl's default is still correct, only less frugal.
            refused = true
            FileHandle.standardError.write(
                Data("aasa-audit: libcurl refused CURLMOPT_MAXCONNECTS; using its default\n".utf8))
        }
    }
}
