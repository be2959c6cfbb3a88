extension AndroidMatcher {
    /// What the manifest's intent filters say of a URL before any host's assetlinks.json is read: a crawl's rows are
    /// many, and most need no file (or no explanation) to be answered.
    public enum FilterAnswer: Hashable, Sendable {
        /// No intent filter of the app takes the URL (or it is no http(s) URL): it opens nothing, with no rule and
        /// no note, whatever any file says.
        case noFilter
        /// A filter takes the URL but none decides it (not an App Link filter, or a `<uri-relative-filter-group>`
        /// blocks it): it opens nothing whatever any file says, and `match` explains why.
        case undecided
        /// The first App Link filter that takes the URL, and that its relative filter groups allow, is verified on
        /// this host (`*.example.com` on `example.com`): that host's file decides, as `match` picks it.
        case verifiedOn(String)
    }

    /// The manifest's filters, each with whether Android 12+ verifies it, worked out once for many URLs.
    public static func filters(of manifest: AndroidManifest) -> [(filter: IntentFilter, appLink: Bool)] {
        manifest.filters.map { ($0, $0.appLinkProblems.isEmpty) }
    }

    /// What `filters` say of `url`, in `match`'s order: the first App Link filter whose `<data>` takes the URL and
    /// whose relative filter groups allow it decides.
    public static func filterAnswer(
        for url: WebURL, filters: [(filter: IntentFilter, appLink: Bool)]
    ) -> FilterAnswer {
        guard url.isHTTP else { return .noFilter }
        let target = Target(url)
        var taken = false
        for (filter, appLink) in filters {
            guard filter.matchData(target) != nil else { continue }
            taken = true
            guard appLink else { continue }
            if let group = filter.matchGroups(target) {
                guard group.allow else { continue }
            } else if !filter.groups.isEmpty {
                continue
            }
            return .verifiedOn(
                filter.authorities.first { $0.matches(target) }.map { IntentFilter.verificationHost($0.host) }
                    ?? target.host)
        }
        return taken ? .undecided : .noFilter
    }

    /// The host whose assetlinks.json decides `url`, nil when no App Link filter decides it (`filterAnswer`).
    public static func verificationHost(of url: WebURL, manifest: AndroidManifest) -> String? {
        guard case .verifiedOn(let host) = filterAnswer(for: url, filters: filters(of: manifest)) else { return nil }
        return host
    }
}
