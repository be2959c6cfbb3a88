import AASA

/// Links between domains of different shards, judged when they are merged: a shard judged only the links to its
/// own domains (as a single run judges every audited domain's), so a link to another shard's domain came without
/// verdicts. Each gets them from that domain's file, with the same test and the same note a single run applies.
enum MergeLinks {
    /// `shardOf` gives each domain's shard index; a row is judged again only when its host is another shard's.
    static func judge(_ domains: inout [DomainReport], shardOf: [String: Int]) {
        var linked = Set<String>()
        for report in domains where !report.urls.isEmpty { linked.formUnion(report.urls.hosts()) }
        var matchers: [String: Matcher] = [:]
        for report in domains where linked.contains(report.domain) {
            if let matcher = report.servedMatcher { matchers[report.domain] = matcher }
        }
        guard !matchers.isEmpty else { return }
        for d in domains.indices where !domains[d].urls.isEmpty {
            let own = shardOf[domains[d].domain]
            let hosts = domains[d].urls.hosts().filter {
                $0 != domains[d].domain && matchers[$0] != nil && shardOf[$0] != own
            }
            guard !hosts.isEmpty else { continue }
            var table = URLTable()
            for var row in domains[d].urls {
                if let host = URLAuthority.httpHost(of: row.url), hosts.contains(host), let matcher = matchers[host] {
                    let result = matcher.verdicts(for: row.url)
                    if result.opensApp != nil, let page = row.foundOn, URLAuthority.httpHost(of: page) == host {
                        row.note = [row.note, URLTable.sameDomainNote].compactMap { $0 }.joined(separator: "; ")
                    }
                    row.verdicts = result.verdicts
                    row.opensApp = result.opensApp
                }
                table.append(row)
            }
            domains[d].urls = table
        }
    }
}
