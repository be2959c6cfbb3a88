import AASA

/// Each host's file, audited once per run by the same `DomainAuditor` `audit` uses, however many links and hops
/// name the host: concurrent askers of one host share its one audit. Of a finished host only what the verdicts
/// need stays in memory (its matcher and a line of numbers); its report waits in a `ReportSpool` for links.json.
/// At most `maximumHosts` hosts are audited per run: a hop to a further host is fetched and judged without its
/// host's file, and says so.
public actor DomainFiles {
    /// Hosts whose files a run audits at most: far beyond a campaign's tracking and landing hosts (a benchmark of
    /// 10,000 links visits 100), and what keeps a run whose chains wander through generated host names bounded.
    public static let maximumHosts = 10_000

    /// A host's audit and the matcher of the file that decides for it (nil: no usable file).
    public struct Entry: Sendable {
        public var summary: ConsultedDomains.Summary
        public var matcher: Matcher?
        /// The run had already audited its cap of hosts: this one's file was not fetched.
        public var beyondCap = false
        /// No link of the user's names this host: a redirect did, and its fetches guard their addresses.
        public var siteNamed = false
        /// Why the host was not requested (it resolves to this machine or a private network); its report is then
        /// left out of the run's domains.
        public var refusal: String?

        /// "2 error(s), 1 warning(s); see its findings": the domain's findings in a few words.
        public var tally: String {
            "\(summary.errors) error(s), \(summary.warnings) warning(s); see its findings"
        }
    }

    let auditor: DomainAuditor
    /// `maximumHosts`, or fewer in a test.
    let hostCap: Int
    /// A host being audited, then only what the verdicts need: a finished Task kept per host held on to its task
    /// allocator (about 40 KB a host), as `HopMemo` found for its fetches.
    private enum Slot {
        case auditing(Task<Entry?, Never>)
        case done(Entry)
    }
    private var entries: [String: Slot] = [:]
    private let spool = ReportSpool()
    /// Hosts the user named (the links' own hosts, `--entitlements` domains): every other host is site-named.
    private var named: Set<String>

    public init(
        auditor: DomainAuditor, named: some Sequence<String> = [], maximumHosts: Int = DomainFiles.maximumHosts
    ) {
        self.auditor = auditor
        self.named = Set(named)
        hostCap = max(0, maximumHosts)
    }

    /// Adds hosts the user named; ask before any chain can reach them.
    public func name(_ hosts: some Sequence<String> & Sendable) { named.formUnion(hosts) }

    /// Nil when the run was cancelled before the host's audit finished.
    public func entry(for host: String) async -> Entry? {
        switch entries[host] {
        case .done(let entry): return entry
        case .auditing(let task): return await Self.value(of: task)
        case nil: break
        }
        guard entries.count < hostCap else {
            let report = DomainReport(domain: host, fetches: [], apps: [], findings: [])
            return Entry(summary: .init(report, at: .memory(report)), matcher: nil, beyondCap: true)
        }
        let auditor = self.auditor
        let spool = self.spool
        let siteNamed = !named.contains(host)
        let task = Task { () -> Entry? in
            var target = DomainTarget(domain: host)
            target.siteNamed = siteNamed
            guard let report = await auditor.audit(target) else { return nil }
            if let refused = report.fetches.first(where: { $0.location == .wellKnown && $0.failure == .refused }) {
                return Entry(
                    summary: .init(report, at: .memory(report)), matcher: nil, siteNamed: true,
                    refusal: refused.error ?? "refused")
            }
            // The file `audit` judges this domain's URLs by: the text of the file its checks read, decoded again.
            let matcher = report.file.flatMap { DecodedFile(bytes: Array($0.utf8)).document }.map(Matcher.init)
            return Entry(summary: .init(report, at: spool.append(report)), matcher: matcher, siteNamed: siteNamed)
        }
        entries[host] = .auditing(task)
        let entry = await Self.value(of: task)
        if let entry { entries[host] = .done(entry) }
        return entry
    }

    /// The shared task's value; a cancelled asker cancels it (only a stopped run cancels, and then every asker is).
    static func value<T: Sendable>(of task: Task<T, Never>) async -> T {
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Every audited host, by name (links finish in any order; the report must not), each report read back from
    /// the spool only when a writer asks for it.
    public func reports() async -> ConsultedDomains {
        var summaries: [ConsultedDomains.Summary] = []
        for host in entries.keys.sorted() {
            switch entries[host] {
            case .done(let entry): if entry.refusal == nil { summaries.append(entry.summary) }
            case .auditing(let task):
                if let entry = await task.value, entry.refusal == nil { summaries.append(entry.summary) }
            case nil: break
            }
        }
        return ConsultedDomains(summaries, spool: spool)
    }
}
