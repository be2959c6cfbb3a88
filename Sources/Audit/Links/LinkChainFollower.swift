import AASA

/// Follows one link's redirects hop by hop, as Safari would: GET with the iPhone Safari user agent, no cookies,
/// libcurl never following on its own; each hop recorded with its status and `Location`. Matching is not done
/// here: the runner matches every hop against its own host's file.
public struct LinkChainFollower: Sendable {
    /// Every hop URL of the run, fetched once.
    let memo: HopMemo
    /// More redirects than this make the chain broken (Safari gives up after 20; the contract says 10).
    public static let maximumRedirects = 10

    public init(fetcher: any HTTPFetching) { memo = HopMemo(fetcher: fetcher) }

    public struct Chain: Sendable {
        public var hops: [LinkHop]
        public var broken: String?
    }

    /// Each hop's request: the body is never kept beyond the fetcher's smallest read, only enough to notice a meta
    /// refresh or a script redirect on the last page.
    static func request(_ url: String) -> FetchRequest {
        FetchRequest(url: url, location: .page, policy: .crawlFile(userAgent: UserAgents.browser, maxBytes: 0))
    }

    /// Nil when the run was cancelled. A URL seen before in this run (in any chain) is not fetched again.
    /// `beforeHost` runs before each hop's fetch with its host (false: cancelled): the runner reads the host's file
    /// first, so its probes open the host's connection and the hops reuse it, as `audit`'s later probes do.
    public func follow(_ url: String, beforeHost: (String) async -> Bool = { _ in true }) async -> Chain? {
        var hops: [LinkHop] = []
        var seen: Set<String> = []
        var next = url
        while true {
            seen.insert(next)
            if let host = LinkURL(next)?.host, await !beforeHost(host) { return nil }
            let answer = await memo.answer(for: next)
            if answer.failure == .cancelled { return nil }
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
            // libcurl resolves a relative Location against the hop's URL; a URL it does not resolve is used as sent.
            let target = LinkURL.requestForm(answer.redirectTo ?? location)
            guard let parsed = LinkURL(target) else {
                hops[hops.count - 1].note = "The Location is not a URL: not followed."
                return Chain(hops: hops, broken: "hop \(hops.count - 1) redirects to something that is not a URL")
            }
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
