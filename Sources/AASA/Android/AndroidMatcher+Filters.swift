extension AndroidMatcher {
    /// The host whose assetlinks.json decides `url` (`*.example.com` is verified on `example.com`): the verification
    /// host of the first App Link filter that matches it and that its `<uri-relative-filter-group>` elements allow,
    /// as `match` picks it. Nil when no such filter exists: then the URL opens nothing whatever any host's file says,
    /// so a crawl's row needs no file to be answered "no".
    public static func verificationHost(of url: WebURL, manifest: AndroidManifest) -> String? {
        verificationHost(of: url, appLinkFilters: manifest.appLinkFilters)
    }

    /// `verificationHost(of:manifest:)` over the manifest's `appLinkFilters`, worked out once by a caller that asks
    /// for many URLs.
    public static func verificationHost(of url: WebURL, appLinkFilters: [IntentFilter]) -> String? {
        guard url.isHTTP else { return nil }
        let target = Target(url)
        for filter in appLinkFilters {
            guard filter.matchData(target) != nil else { continue }
            if let group = filter.matchGroups(target) {
                guard group.allow else { continue }
            } else if !filter.groups.isEmpty {
                continue
            }
            return filter.authorities.first { $0.matches(target) }.map { IntentFilter.verificationHost($0.host) }
                ?? target.host
        }
        return nil
    }
}
