import AASA

/// Follows one link's redirects hop by hop, as Safari would: GET with the iPhone Safari user agent, no cookies,
/// libcurl never following on its own; each hop recorded with its status and `Location`. Matching is not done
/// here: the runner matches every hop against its own host's file.
public struct LinkChainFollower: Sendable {
    /// Every hop URL of the run, fetched once.
    let memo: HopMemo
    /// More redirects than this make the chain broken (Safari gives up after 20; the issue's contract says 10).
    public static let maximumRedirects = 10

    public init(fetcher: any HTTPFetching) { memo = HopMemo(fetcher: fetcher) }

    public struct Chain: Sendable {
        public var hops: [LinkHop]
        public var broken: String?
        /// The index of a last hop that was named but not requested, because its host resolves to this machine or a
        /// private network: no file is matched against it.
        public var unreached: Int?
    }

    /// What the runner says about a hop's host before the hop is fetched.
    public enum HostCheck: Sendable, Equatable {
        /// Fetch the hop. `siteNamed`: no link of the user's names this host, so a redirect to it is fetched only
        /// where its addresses pass the fetcher's guard (`FetchPolicy.guardsAddresses`).
        case fetch(siteNamed: Bool)
        /// The host must not be reached, for this reason (it resolves to this machine or a private network).
        case refused(String)
        case cancelled
    }

    /// Each hop's request: the body is never kept beyond the fetcher's smallest read, only enough to notice a meta
    /// refresh or a script redirect on the last page. `guarded` for a host a redirect named.
    static func request(_ url: String, guarded: Bool = false) -> FetchRequest {
        var policy = FetchPolicy.crawlFile(userAgent: UserAgents.browser, maxBytes: 0)
        policy.guardsAddresses = guarded
        return FetchRequest(url: url, location: .page, policy: policy)
    }

    /// Nil when the run was cancelled. A URL seen before in this run (in any chain) is not fetched again.
    /// `beforeHost` runs before each hop's fetch with its host: the runner reads the host's file first, so its probes
    /// open the host's connection and the hops reuse it, as `audit`'s later probes do. The tapped URL is the user's
    /// and never guarded; a later hop is guarded unless `beforeHost` says the user named its host too.
    public func follow(
        _ url: String, beforeHost: (String) async -> HostCheck = { _ in .fetch(siteNamed: true) }
    ) async -> Chain? {
        var hops: [LinkHop] = []
        var seen: Set<String> = []
        var next = url
        /// The chain ends at `next`, which is not requested: `reason` says why.
        func refused(_ reason: String) -> Chain {
            hops.append(LinkHop(url: next, note: "Not followed: \(reason)."))
            return Chain(hops: hops, broken: nil, unreached: hops.count - 1)
        }
        while true {
            seen.insert(next)
            var guarded = false
            if let host = LinkURL(next)?.host {
                switch await beforeHost(host) {
                case .cancelled: return nil
                case .refused(let reason): return refused(reason)
                case .fetch(let siteNamed): guarded = siteNamed && !hops.isEmpty
                }
            }
            let answer = await memo.answer(for: next, guarded: guarded)
            if answer.failure == .cancelled { return nil }
            if answer.failure == .refused { return refused(answer.error ?? "its address must not be reached") }
            var hop = LinkHop(url: next, httpStatus: answer.status)
            if let failure = answer.failure {
                hop.note = "The fetch failed (\(failure.rawValue)): \(answer.error ?? failure.rawValue)."
                hops.append(hop)
                return Chain(hops: hops, broken: "hop \(hops.count - 1) could not be fetched (\(failure.rawValue))")
            }
            let status = answer.status ?? 0
            guard (300..<400).contains(status), let location = answer.location, !location.isEmpty else {
                if status >= 400 {
                    hops.append(hop)
                    return Chain(hops: hops, broken: "hop \(hops.count - 1) answers HTTP \(status)")
                }
                hop.note = answer.scriptRedirect
                hops.append(hop)
                return Chain(hops: hops, broken: nil)
            }
            hop.location = String(location.prefix(LinkURL.maximumLength))
            hops.append(hop)
            if hops.count > Self.maximumRedirects {
                return Chain(hops: hops, broken: "more than \(Self.maximumRedirects) redirects")
            }
            guard location.utf8.count <= LinkURL.maximumLength else {
                hops[hops.count - 1].note = "The Location is longer than \(LinkURL.maximumLength) bytes: not followed."
                return Chain(hops: hops, broken: nil)
            }
            // Resolved against the hop's URL as a browser does (the URL Standard's parser); a Location without a
            // fragment keeps the hop's, as Fetch says.
            let resolved = WebURL.parse(location, base: WebURL(next))
            guard case .success(let url) = resolved, let parsed = LinkURL(url.href) else {
                let why = if case .failure(let failure) = resolved { " (\(failure.reason))" } else { "" }
                hops[hops.count - 1].note = "The Location is not a URL\(why): not followed."
                return Chain(hops: hops, broken: "hop \(hops.count - 1) redirects to something that is not a URL")
            }
            var target = url.href
            if url.fragment == nil, let fragment = WebURL(next)?.fragment { target += "#" + fragment }
            if let refusal = parsed.refusal {
                hops.append(
                    LinkHop(url: String(target.prefix(LinkURL.maximumLength)), note: "Not followed: \(refusal)."))
                return Chain(hops: hops, broken: nil)
            }
            if seen.contains(target) {
                let first = hops.firstIndex { $0.url == target } ?? 0
                hops.append(LinkHop(url: target, note: "A redirect loop back to hop \(first)."))
                return Chain(hops: hops, broken: "a redirect loop (back to hop \(first))")
            }
            next = target
        }
    }

    /// A note when the page redirects with a meta refresh or a script, which is not followed.
    static func scriptRedirect(_ exchange: Exchange) -> String? {
        guard exchange.mediaType?.contains("html") == true, !exchange.body.isEmpty else { return nil }
        let text = String(decoding: exchange.body.prefix(65_536), as: UTF8.self).lowercased()
        let compact = text.filter { !$0.isWhitespace && $0 != "\"" && $0 != "'" }
        if compact.contains("http-equiv=refresh") {
            return "The page redirects with a meta refresh, which is not followed: iOS never opens an app from one."
        }
        if compact.contains("location.replace(") || compact.contains("location.href=")
            || compact.contains("window.location=") || compact.contains("document.location=")
        {
            return "The page seems to redirect with JavaScript, which is not followed: iOS never opens an app from one."
        }
        return nil
    }
}
