import AASA

/// Judges many links at once: each link's chain followed, each host's file audited once (`DomainFiles`), every
/// hop matched against its own host's file, then the tier decided by `LinkJudge`.
public struct LinksRunner: Sendable {
    public var files: DomainFiles
    public var follower: LinkChainFollower
    /// Links judged at a time.
    public var concurrency: Int
    /// False with `--no-follow`: every link is judged on its tapped URL alone.
    public var follows: Bool
    /// `--info-plist`: the app's declared schemes.
    public var schemes: URLSchemes?
    /// `--entitlements`: the associated domains whose files may offer a Universal Link for a scheme link.
    public var associatedDomains: [String]

    /// Idle connections the fetcher should keep for a run: a campaign's links revisit the same tracking and landing
    /// hosts in any order, and with `audit`'s 32 a run over 100 hosts opened a connection for nearly every hop.
    public static let idleConnections = 256

    public init(
        fetcher: any HTTPFetching, concurrency: Int, follows: Bool = true, schemes: URLSchemes? = nil,
        associatedDomains: [String] = [], maximumHosts: Int = DomainFiles.maximumHosts, stop: StopSignal = .never
    ) {
        follower = LinkChainFollower(fetcher: fetcher)
        // No CDN copy: `links` fetches nothing beyond each link's chain and its hosts' own files.
        files = DomainFiles(
            auditor: DomainAuditor(fetcher: fetcher, stop: stop), named: associatedDomains, maximumHosts: maximumHosts)
        self.concurrency = max(1, concurrency)
        self.follows = follows
        self.schemes = schemes
        self.associatedDomains = associatedDomains
    }

    /// Results in input order, and the domains consulted; a cancelled run returns the links that finished.
    public func run(
        _ links: [LinkInput], progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async -> (
        links: [LinkResult], domains: ConsultedDomains, unfinished: Int
    ) {
        // Every link's own host is the user's, whichever link's chain reaches it first.
        await files.name(links.compactMap { LinkURL($0.url)?.host }.filter { !$0.isEmpty })
        var results = [LinkResult?](repeating: nil, count: links.count)
        var done = 0
        await withTaskGroup(of: (Int, LinkResult?).self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask { (index, await judge(links[index])) }
            }
            while next < min(concurrency, links.count) { start() }
            while let (index, result) = await group.next() {
                results[index] = result
                done += 1
                progress(done)
                if next < links.count && !Task.isCancelled { start() }
            }
        }
        let finished = results.compactMap { $0 }
        return (finished, await files.reports(), links.count - finished.count)
    }

    /// One link: its chain (unless it must not be fetched), each hop matched, its tier. Nil when cancelled.
    public func judge(_ link: LinkInput) async -> LinkResult? {
        let url = link.url
        guard let parsed = LinkURL(url), parsed.isHTTP else {
            var domains: [(domain: String, matcher: Matcher?)] = []
            for domain in associatedDomains {
                guard let entry = await files.entry(for: domain) else { return nil }
                domains.append((domain, entry.matcher))
            }
            let evidence = CustomSchemeEvidence(
                link: url, foundOn: link.source, schemes: schemes,
                replacement: SchemeReplacement.find(for: url, domains: domains),
                replacementSought: !associatedDomains.isEmpty)
            guard let finding = Catalogue.check(evidence).first else { return nil }
            let verdict = LinkJudge.judge(LinkEvidence(url: url, chain: [LinkHop(url: url)]), schemeFinding: finding)
            return result(link, verdict)
        }
        var evidence = LinkEvidence(url: url)
        var unreached: Int?
        await files.name([parsed.host])
        if let reason = Self.notFetched(evidence, parsed, follows: follows) {
            evidence.chain[0].note = reason
        } else if parsed.refusal == nil, let entry = await files.entry(for: parsed.host), entry.beyondCap {
            evidence.chain[0].note = "Not fetched: \(await capReached(parsed.host))."
        } else {
            let files = self.files
            let chain = await follower.follow(url) { host -> LinkChainFollower.HostCheck in
                guard let entry = await files.entry(for: host) else { return .cancelled }
                if let refusal = entry.refusal { return .refused(refusal) }
                return .fetch(siteNamed: entry.siteNamed)
            }
            guard let chain else { return nil }
            evidence.chain = chain.hops
            evidence.broken = chain.broken
            unreached = chain.unreached
        }
        for index in evidence.chain.indices where index != unreached {
            guard let hop = LinkURL(evidence.chain[index].url), hop.refusal == nil else { continue }
            guard let entry = await files.entry(for: hop.host) else { return nil }
            if entry.beyondCap {
                let note = "Not judged: \(await capReached(hop.host))."
                evidence.chain[index].note = evidence.chain[index].note.map { note + " " + $0 } ?? note
                continue
            }
            let verdicts = entry.matcher.map { $0.verdicts(for: evidence.chain[index].url) }
            if let app = verdicts?.opensApp {
                evidence.chain[index].opensApp = app
                evidence.chain[index].rule = verdicts?.verdicts.first { $0.appID == app }?.rule?.rule
            } else if let excluded = verdicts?.verdicts.first(where: { $0.result == .exclude }) {
                let rule = excluded.rule.map { " (rule \($0.rule))" } ?? ""
                let note = "\(hop.host)'s file excludes this URL for \(excluded.appID)\(rule)."
                evidence.chain[index].note = evidence.chain[index].note.map { note + " " + $0 } ?? note
            } else if entry.matcher == nil && index == 0 {
                let note = "\(hop.host) serves no usable apple-app-site-association file (\(entry.tally))."
                evidence.chain[0].note = evidence.chain[0].note.map { note + " " + $0 } ?? note
            }
            if entry.matcher != nil, entry.summary.errors > 0 {
                // The file decides, but its domain has errors: summarised here, in full under `domains`.
                let note = "\(hop.host)'s file: \(entry.tally)."
                evidence.chain[index].note = evidence.chain[index].note.map { $0 + " " + note } ?? note
            }
        }
        return result(link, LinkJudge.judge(evidence))
    }

    /// Why a link is judged on its tapped URL alone: a page a GET could act on (unsubscribe), `--no-follow`, or a
    /// host or port no chain is followed to. Nil: follow it.
    static func notFetched(_ evidence: LinkEvidence, _ url: LinkURL, follows: Bool) -> String? {
        if let path = evidence.path, let entry = SensitivePaths.entry(forPath: path) {
            return "Never fetched: a \(entry.kind.rawValue) link is judged on its URL alone (a GET could act on it)."
        }
        if !follows { return "Not followed (--no-follow): judged on the tapped URL alone." }
        if let refusal = url.refusal { return "Not fetched: \(refusal)." }
        return nil
    }

    /// Why a host's file was not consulted: the run's cap on hosts.
    func capReached(_ host: String) async -> String {
        "the run reached its cap of \(RefusedInputs.grouped(files.hostCap)) hosts whose files it audits, so \(host)'s "
            + "file was not fetched"
    }

    func result(_ link: LinkInput, _ verdict: LinkJudge.Verdict) -> LinkResult {
        LinkResult(
            input: link.input, source: link.source, text: link.text, url: link.url, tier: verdict.tier,
            appID: verdict.appID, rule: verdict.rule, chain: verdict.chain,
            findings: verdict.findings.map(LinkFinding.init))
    }
}
