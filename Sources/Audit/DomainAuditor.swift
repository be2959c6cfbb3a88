import AASA
import Foundation

/// Audits one domain the way Apple's fetcher sees it, then runs every check on what came back.
public struct DomainAuditor: Sendable {
    public var fetcher: any HTTPFetching
    /// Overrides the first probe's user agent (`--user-agent`); Apple's AASA-Bot otherwise.
    public var userAgent: String?
    /// Apple's CDN, e.g. "https://app-site-association.cdn-apple.com/a/v1/"; nil skips the CDN copy.
    public var cdnBase: String?
    /// The app whose entitlements named the domains, for the two-way checks.
    public var appID: String?
    /// Crawls each site after its file is checked (`--crawl`); nil: no crawl.
    public var crawler: (any SiteCrawling)?
    /// Fetches the files of hosts the crawls link to (`--judge-linked-hosts`); nil: links there stay unknown.
    public var linkedHosts: LinkedHostFiles?
    /// The Android App Links audit of the targets marked for it (`audit --android`); nil: none.
    public var android: AndroidAudit?
    /// With the app's manifest: its hosts' probes, shared by their own audits and by every crawl judging its rows.
    public var androidHosts: AndroidHostBoard?
    /// The run's stop signal: a domain whose checks it cut short is not reported, and a crawl too big to judge
    /// quickly once it is set keeps its rows unjudged.
    public var stop: StopSignal

    public static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"

    public init(
        fetcher: any HTTPFetching, userAgent: String? = nil, cdnBase: String? = nil, appID: String? = nil,
        crawler: (any SiteCrawling)? = nil, stop: StopSignal = .never
    ) {
        self.fetcher = fetcher
        self.stop = stop
        self.userAgent = userAgent
        self.cdnBase = cdnBase
        self.appID = appID
        self.crawler = crawler
    }

    public func audit(
        _ domain: String, input: String? = nil, unicode: String? = nil, notes: [String] = []
    ) async
        -> DomainReport?
    {
        await audit(DomainTarget(domain: domain, input: input, unicode: unicode, notes: notes))
    }

    /// Nil when the run was cancelled before the domain finished (a partial domain is never reported).
    public func audit(_ target: DomainTarget) async -> DomainReport? {
        // The probe and its bodies live only inside `examine`, not through a crawl that may take minutes.
        guard let examined = await examine(target) else { return nil }
        var findings = examined.findings
        let file = examined.file
        var summary: DomainReport.CrawlSummary?
        var urls = URLTable()
        var notes = target.notes + examined.notes
        if let crawler, examined.crawlable {
            let domain = target.domain
            let result = await crawler.crawl(domain)
            let evidence = CrawlVerdicts.evidence(domain: domain, file: file, result: result, stop: stop)
            urls = evidence.urls
            // With the Android app's manifest every crawl is judged for it: the rows on this host by its own
            // assetlinks.json, those on another host the manifest verifies stay unknown.
            await judgeAndroid(&urls, own: examined.androidHost, domain: domain)
            if !target.ios {
                urls.leaveUnknown(
                    domain, because: "\(domain) was audited for Android only (only --android-manifest names it)")
            }
            await linkedHosts?.judge(&urls, crawled: domain)
            findings = (findings + Catalogue.check(evidence)).sortedForReading()
            summary = DomainReport.CrawlSummary(
                pagesFetched: result.pagesFetched, urlsDiscovered: result.urls.count,
                stoppedBecause: result.stoppedBecause.description,
                robotsDisallowed: result.robotsDisallowed, trapsSkipped: result.trapsSkipped,
                otherSchemes: result.otherSchemes, ruleHits: evidence.ruleHits(),
                schemeLinks: result.schemeLinks.isEmpty ? nil : result.schemeLinks)
            if result.inlinks.spool != nil {
                summary?.inlinks = result.inlinks.recorded
                summary?.inlinksOmitted = result.inlinks.omitted
            }
            notes += result.notes
        }
        if !examined.verified {
            notes.append("developer mode: the untrusted certificate was accepted, as devices in developer mode do")
        }
        var report = DomainReport(
            domain: target.domain, input: target.input, unicode: target.unicode, notes: notes,
            fetches: examined.fetches, apps: examined.apps, findings: findings,
            entitlements: target.entries.map(\.raw), crawl: summary, urls: urls,
            file: file.map { String(decoding: $0.jsonBytes, as: UTF8.self) })
        report.android = examined.android
        if android != nil { report.platforms = (target.ios ? ["ios"] : []) + (target.android ? ["android"] : []) }
        return report
    }

    /// Fetches what Apple's fetcher and the checks need and runs the checks; nil when cancelled.
    func examine(_ target: DomainTarget) async -> Examined? {
        let domain = target.domain
        let agent = userAgent ?? UserAgents.apple
        var verify = true
        func request(
            _ location: FetchLocation, _ agent: String, capturesTLS: Bool = false, verify: Bool = true
        ) -> FetchRequest {
            var policy = FetchPolicy.aasaFile(userAgent: agent, capturesTLS: capturesTLS, verifiesPeer: verify)
            policy.guardsAddresses = target.siteNamed
            return FetchRequest(url: DomainProbe.url(domain, location), location: location, policy: policy)
        }
        let androidAudit = target.android ? android : nil
        if !target.ios {
            guard let androidAudit else { return nil }
            return await examineAndroidOnly(target, androidAudit)
        }
        async let androidFetch = androidAudit.asyncMap { await self.androidProbe(target, $0) }
        async let cdnFetch: Exchange? =
            cdnBase.map { base in
                FetchRequest(url: base + domain, location: .cdn, policy: .aasaFile(userAgent: agent))
            }.asyncMap { await fetcher.fetch($0) }
        var wellKnown = await fetcher.fetch(request(.wellKnown, agent, capturesTLS: true))
        if wellKnown.failure == .cancelled { return nil }
        var root: Exchange?
        var others: [Exchange] = []
        switch wellKnown.failure {
        case .dns, .connect, .timeout, .refused:
            break  // the host is unreachable (or must not be reached): further probes would only repeat it
        case .tls:
            // Read the rejected certificate's names and dates without trusting it; judge with the verified attempt.
            guard wellKnown.tls?.problem != .protocolVersion && wellKnown.tls?.problem != .handshake else { break }
            let look = await fetcher.fetch(request(.wellKnown, agent, capturesTLS: true, verify: false))
            if look.failure == .cancelled { return nil }
            if let seen = look.tls, var tls = wellKnown.tls {
                tls.subject = seen.subject
                tls.issuer = seen.issuer
                tls.notAfter = seen.notAfter
                tls.daysLeft = seen.daysLeft
                tls.protocolVersion = tls.protocolVersion ?? seen.protocolVersion
                // Developer mode accepts an untrusted certificate: audit what such a device would read.
                let accepted: Set<TLSProblem> = [.selfSigned, .untrusted]
                if target.developerMode, let problem = tls.problem, accepted.contains(problem), look.failure == nil {
                    wellKnown = look
                    verify = false
                }
                wellKnown.tls = tls
            }
            guard !verify else { break }
            fallthrough
        default:
            let later = [
                request(.root, agent, verify: verify), request(.wellKnown, UserAgents.browser, verify: verify),
                request(.wellKnown, UserAgents.genericBot, verify: verify),
            ]
            let multiplexed = wellKnown.httpVersion == "2" || wellKnown.httpVersion == "3"
            guard let answers = await fetchOnOneConnection(later, multiplexed: multiplexed) else { return nil }
            root = answers[0]
            others = answers.dropFirst().filter { $0.userAgent != agent }
        }
        let cdn = await cdnFetch
        if cdn?.failure == .cancelled { return nil }
        let androidProbe = await androidFetch
        if androidProbe?.cancelled == true { return nil }
        let probe = DomainProbe(
            domain: domain, wellKnown: wellKnown, root: root, otherAgents: others, cdn: cdn,
            developerMode: target.developerMode)
        var examined = check(probe, target, verified: verify)
        if let androidProbe { add(androidProbe, to: &examined) }
        // A signal during the checks may have cut one short (a file of thousands of rules): the domain is not
        // reported from partial findings.
        return stop.isRequested ? nil : examined
    }

    /// A host only the Android manifest names: its Android audit alone, crawled (with `--crawl`) when its
    /// assetlinks.json could be fetched at all.
    func examineAndroidOnly(_ target: DomainTarget, _ audit: AndroidAudit) async -> Examined? {
        let probe = await androidProbe(target, audit)
        if probe.cancelled { return nil }
        var examined = Examined(
            findings: [], file: nil, apps: [], fetches: [], crawlable: probe.assetLinks.failure == nil, verified: true)
        add(probe, to: &examined)
        return stop.isRequested ? nil : examined
    }

    /// The target's Android probe: from the board when the manifest verifies the host (a crawl may have fetched it
    /// already), else its own.
    func androidProbe(_ target: DomainTarget, _ audit: AndroidAudit) async -> AndroidProbe {
        if let board = androidHosts, board.hosts.contains(target.domain) { return await board.probe(target) }
        return await audit.probe(target, fetcher: fetcher)
    }

    /// With the Android app's manifest every crawl is judged for it: the rows on each host the manifest verifies by
    /// that host's own assetlinks.json (this domain's as just read, the others' from the board).
    func judgeAndroid(_ urls: inout URLTable, own: AndroidMatcher.HostFile?, domain: String) async {
        guard let audit = android, let manifest = audit.manifest, let app = audit.app else { return }
        urls.judgeAndroid(manifest: manifest)
        if let own { urls.judgeAndroid(host: domain, by: own) }
        guard let board = androidHosts else { return }
        for host in board.hosts.sorted() where host != domain || own == nil {
            let probe = await board.probe(DomainTarget(domain: host))
            if probe.cancelled {
                urls.leaveAndroidUnknown(host, because: "not judged: the run was interrupted")
            } else {
                urls.judgeAndroid(host: host, by: probe.hostFile(for: app))
            }
        }
    }

    /// The Android checks' findings, summary and fetches, and how the host stands for the audited app.
    func add(_ probe: AndroidProbe, to examined: inout Examined) {
        var findings = Catalogue.check(probe)
        if let file = probe.file { findings += Catalogue.check(file, url: probe.assetLinks.url) }
        examined.findings = (examined.findings + findings).sortedForReading()
        examined.android = AndroidSummary.of(probe, findings: findings)
        examined.fetches += [probe.assetLinks, probe.google].compactMap { $0 }.map(Self.withoutBody)
        guard let app = probe.app else { return }
        let host = probe.hostFile(for: app)
        examined.androidHost = host
        // Android 11 and lower verify an app as a whole: one failing host fails every host of the app there.
        if case .unlisted = host, let hosts = android?.manifest?.legacyVerifiedHosts, hosts.count > 1 {
            let named =
                hosts.prefix(5).joined(separator: ", ") + (hosts.count > 5 ? ", and \(hosts.count - 5) more" : "")
            examined.notes.append(
                "Android 11 and lower: \(app.package) is verified only when all \(hosts.count) web hosts of its "
                    + "manifest verify (\(named)); this host does not, so there the app opens no App Link on any of "
                    + "them")
        }
    }

    /// The probes after the first, on the first one's connection so that a domain costs one TLS handshake: all at
    /// once where it multiplexes (HTTP/2), one after another where it carries one request at a time (HTTP/1.x), since
    /// libcurl opens a connection for each request that finds its host's connection busy. Once one of those fails
    /// (its connection is gone with it), the rest go at once: a server that stalls them costs two timeouts, not one
    /// per probe. Nil when cancelled.
    func fetchOnOneConnection(_ requests: [FetchRequest], multiplexed: Bool) async -> [Exchange]? {
        var answers: [Exchange] = []
        if !multiplexed {
            for request in requests {
                let answer = await fetcher.fetch(request)
                if answer.failure == .cancelled { return nil }
                answers.append(answer)
                if answer.failure != nil { break }
            }
        }
        let rest = requests.dropFirst(answers.count)
        if !rest.isEmpty {
            answers += await withTaskGroup(of: (Int, Exchange).self) { group in
                for (index, request) in rest.enumerated() {
                    group.addTask { (index, await fetcher.fetch(request)) }
                }
                var ordered = [Exchange?](repeating: nil, count: rest.count)
                for await (index, exchange) in group { ordered[index] = exchange }
                return ordered.compactMap { $0 }
            }
        }
        return answers.contains { $0.failure == .cancelled } ? nil : answers
    }

    /// An exchange as the report keeps it.
    static func withoutBody(_ exchange: Exchange) -> Exchange {
        var kept = exchange
        kept.body = []
        kept.httpVersion = nil  // scheduling only, not in the report: a report read back equals the one written
        return kept
    }

    /// What the report keeps of a probe once every check has read it.
    struct Examined {
        var findings: [Finding]
        var file: DecodedFile?
        var apps: [AppServices]
        /// The exchanges without their bodies (or their HTTP version): a run over thousands of domains keeps only
        /// the file's text.
        var fetches: [Exchange]
        /// The well-known file was fetched, or read behind a certificate developer mode accepts: the site is crawled.
        var crawlable: Bool
        /// False when developer mode accepted an untrusted certificate and the file behind it was read.
        var verified: Bool
        /// The Android App Links audit's summary (`audit --android`).
        var android: AndroidSummary?
        /// How the host stands for the audited Android app, for judging crawled URLs.
        var androidHost: AndroidMatcher.HostFile?
        /// Notes of the Android audit for the domain's entry.
        var notes: [String] = []
    }

    /// Runs the transport, document and two-way checks on `probe`, keeping what the report needs: every body and
    /// up to five decoded copies of the file are let go before a crawl, only the file that decides stays.
    func check(_ probe: DomainProbe, _ target: DomainTarget, verified: Bool) -> Examined {
        var findings = Catalogue.check(probe, stop: stop)
        if let appID, !target.entries.isEmpty {
            findings = (findings + Catalogue.check(Association(appID: appID, entries: target.entries, probe: probe)))
                .sortedForReading()
        }
        let fetches = probe.exchanges.map(Self.withoutBody)
        return Examined(
            findings: findings, file: probe.file, apps: probe.file?.document.map(AppServices.list) ?? [],
            fetches: fetches,
            crawlable: probe.wellKnown?.failure == nil || probe.wellKnown?.failure == .tls && !verified,
            verified: verified)
    }
}

/// Audits many domains at once; a slow or broken domain never holds up the others beyond its own timeout.
public struct AuditRunner: Sendable {
    public var auditor: DomainAuditor
    public var concurrency: Int

    public init(auditor: DomainAuditor, concurrency: Int) {
        self.auditor = auditor
        self.concurrency = max(1, concurrency)
    }

    /// Reports in input order; `progress` is called as each domain finishes. Cancellation returns what finished.
    public func run(
        _ targets: [DomainTarget], progress: @escaping @Sendable (DomainReport, Int) -> Void = { _, _ in }
    )
        async -> (reports: [DomainReport], unfinished: [String])
    {
        let results = Locked([Int: DomainReport]())
        let unfinished = await run(targets) { index, report, done in
            results.withLock { $0[index] = report }
            progress(report, done)
        }
        let kept = results.withLock { $0 }
        return (targets.indices.compactMap { kept[$0] }, unfinished.map { targets[$0].domain })
    }

    /// Audits the targets at `positions` (all when nil), handing each finished domain to `each` with its position
    /// in `targets` and the number finished so far, as it finishes: nothing is kept here, so a run of 100,000
    /// domains holds only those in flight. Returns the positions that did not finish (cancellation).
    public func run(
        _ targets: [DomainTarget], only positions: [Int]? = nil,
        each: @escaping @Sendable (_ index: Int, _ report: DomainReport, _ done: Int) -> Void
    ) async -> [Int] {
        let positions = positions ?? Array(targets.indices)
        var finished = Set<Int>()
        await withTaskGroup(of: (Int, DomainReport?).self) { group in
            var next = 0
            func start() {
                let index = positions[next]
                let target = targets[index]
                next += 1
                group.addTask { (index, await auditor.audit(target)) }
            }
            while next < min(concurrency, positions.count) { start() }
            while let (index, report) = await group.next() {
                if let report {
                    finished.insert(index)
                    each(index, report, finished.count)
                }
                if next < positions.count && !Task.isCancelled { start() }
            }
        }
        return positions.filter { !finished.contains($0) }
    }
}

extension Optional {
    /// `map` with an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
