import AASA

/// Each host's file, audited once per run by the same `DomainAuditor` `audit` uses, however many links and hops
/// name the host: concurrent askers of one host share its one audit.
public actor DomainFiles {
    /// A host's audit and the matcher of the file that decides for it (nil: no usable file).
    public struct Entry: Sendable {
        public var report: DomainReport
        public var matcher: Matcher?
        /// No link of the user's names this host: a redirect did, and its fetches guard their addresses.
        public var siteNamed = false
        /// Why the host was not requested (it resolves to this machine or a private network); its report is then
        /// left out of the run's domains.
        public var refusal: String?
    }

    let auditor: DomainAuditor
    private var entries: [String: Task<Entry?, Never>] = [:]
    /// Hosts the user named (the links' own hosts, `--entitlements` domains): every other host is site-named.
    private var named: Set<String>

    public init(auditor: DomainAuditor, named: some Sequence<String> = []) {
        self.auditor = auditor
        self.named = Set(named)
    }

    /// Adds hosts the user named; ask before any chain can reach them.
    public func name(_ hosts: some Sequence<String> & Sendable) { named.formUnion(hosts) }

    /// Nil when the run was cancelled before the host's audit finished.
    public func entry(for host: String) async -> Entry? {
        if let task = entries[host] { return await Self.value(of: task) }
        let auditor = self.auditor
        let siteNamed = !named.contains(host)
        let task = Task { () -> Entry? in
            var target = DomainTarget(domain: host)
            target.siteNamed = siteNamed
            guard let report = await auditor.audit(target) else { return nil }
            if let refused = report.fetches.first(where: { $0.location == .wellKnown && $0.failure == .refused }) {
                return Entry(report: report, matcher: nil, siteNamed: true, refusal: refused.error ?? "refused")
            }
            // The file `audit` judges this domain's URLs by: the text of the file its checks read, decoded again.
            let matcher = report.file.flatMap { DecodedFile(bytes: Array($0.utf8)).document }.map(Matcher.init)
            return Entry(report: report, matcher: matcher, siteNamed: siteNamed)
        }
        entries[host] = task
        return await Self.value(of: task)
    }

    /// The shared task's value; a cancelled asker cancels it (only a stopped run cancels, and then every asker is).
    static func value<T: Sendable>(of task: Task<T, Never>) async -> T {
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Every host's report, by name (links finish in any order; the report must not).
    public func reports() async -> [DomainReport] {
        var reports: [DomainReport] = []
        for host in entries.keys.sorted() {
            if let entry = await entries[host]?.value, entry.refusal == nil { reports.append(entry.report) }
        }
        return reports
    }
}
