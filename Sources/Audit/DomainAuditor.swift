import AASA
import Foundation

/// Audits one domain the way Apple's fetcher sees it, then runs every check on what came back.
public struct DomainAuditor: Sendable {
    public var fetcher: any HTTPFetching
    /// Overrides the first probe's user agent (`--user-agent`); Apple's AASA-Bot otherwise.
    public var userAgent: String?

    public init(fetcher: any HTTPFetching, userAgent: String? = nil) {
        self.fetcher = fetcher
        self.userAgent = userAgent
    }

    /// Nil when the run was cancelled before the domain finished (a partial domain is never reported).
    public func audit(
        _ domain: String, input: String? = nil, unicode: String? = nil, notes: [String] = []
    ) async
        -> DomainReport?
    {
        let agent = userAgent ?? UserAgents.apple
        let limit = SizeLimits.aasa
        func request(
            _ location: FetchLocation, _ agent: String, inspect: Bool = false, verify: Bool = true
        ) -> FetchRequest {
            FetchRequest(
                url: DomainProbe.url(domain, location), location: location, userAgent: agent, maxBytes: limit,
                inspectTLS: inspect, verifyPeer: verify)
        }
        var wellKnown = await fetcher.fetch(request(.wellKnown, agent, inspect: true))
        if wellKnown.failure == .cancelled { return nil }
        var root: Exchange?
        var others: [Exchange] = []
        switch wellKnown.failure {
        case .dns, .connect, .timeout:
            break  // the host is unreachable: further probes would only repeat it
        case .tls:
            // Read the rejected certificate's names and dates without trusting it; judge with the verified attempt.
            if wellKnown.tls?.problem != .protocolVersion && wellKnown.tls?.problem != .handshake {
                let look = await fetcher.fetch(request(.wellKnown, agent, inspect: true, verify: false))
                if look.failure == .cancelled { return nil }
                if let seen = look.tls, var tls = wellKnown.tls {
                    tls.subject = seen.subject
                    tls.issuer = seen.issuer
                    tls.notAfter = seen.notAfter
                    tls.daysLeft = seen.daysLeft
                    tls.protocolVersion = tls.protocolVersion ?? seen.protocolVersion
                    wellKnown.tls = tls
                }
            }
        default:
            async let rootFetch = fetcher.fetch(request(.root, agent))
            async let browser = fetcher.fetch(request(.wellKnown, UserAgents.browser))
            async let bot = fetcher.fetch(request(.wellKnown, UserAgents.genericBot))
            root = await rootFetch
            others = [await browser, await bot].filter { $0.userAgent != agent }
            if root?.failure == .cancelled || others.contains(where: { $0.failure == .cancelled }) { return nil }
        }
        let probe = DomainProbe(domain: domain, wellKnown: wellKnown, root: root, otherAgents: others)
        let findings = Catalogue.check(probe)
        let apps = probe.documentSource.flatMap { DecodedFile(bytes: $0.body).document }.map(AppServices.list) ?? []
        return DomainReport(
            domain: domain, input: input, unicode: unicode, notes: notes, fetches: probe.exchanges, apps: apps,
            findings: findings)
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
        var results = [DomainReport?](repeating: nil, count: targets.count)
        var done = 0
        await withTaskGroup(of: (Int, DomainReport?).self) { group in
            var next = 0
            func start() {
                let index = next
                let target = targets[index]
                next += 1
                group.addTask {
                    (
                        index,
                        await auditor.audit(
                            target.domain, input: target.input, unicode: target.unicode, notes: target.notes)
                    )
                }
            }
            while next < min(concurrency, targets.count) { start() }
            while let (index, report) = await group.next() {
                results[index] = report
                if let report {
                    done += 1
                    progress(report, done)
                }
                if next < targets.count && !Task.isCancelled { start() }
            }
        }
        let unfinished = targets.indices.filter { results[$0] == nil }.map { targets[$0].domain }
        return (results.compactMap { $0 }, unfinished)
    }
}
