import AASA

/// Each host's file, audited once per run by the same `DomainAuditor` `audit` uses, however many links and hops
/// name the host: concurrent askers of one host share its one audit.
public actor DomainFiles {
    /// A host's audit and the matcher of the file that decides for it (nil: no usable file).
    public struct Entry: Sendable {
        public var report: DomainReport
        public var matcher: Matcher?
    }

    let auditor: DomainAuditor
    private var entries: [String: Task<Entry?, Never>] = [:]
    /// Hosts in the order they were first asked for, so the report lists domains in a stable order.
    private var order: [String] = []

    public init(auditor: DomainAuditor) { self.auditor = auditor }

    /// Nil when the run was cancelled before the host's audit finished.
    public func entry(for host: String) async -> Entry? {
        if let task = entries[host] { return await task.value }
        let auditor = self.auditor
        let task = Task { () -> Entry? in
            guard let report = await auditor.audit(DomainTarget(domain: host)) else { return nil }
            // The file `audit` judges this domain's URLs by: the text of the file its checks read, decoded again.
            let matcher = report.file.flatMap { DecodedFile(bytes: Array($0.utf8)).document }.map(Matcher.init)
            return Entry(report: report, matcher: matcher)
        }
        entries[host] = task
        order.append(host)
        return await task.value
    }

    /// Every host's report, in the order first asked for.
    public func reports() async -> [DomainReport] {
        var reports: [DomainReport] = []
        for host in order {
            if let entry = await entries[host]?.value { reports.append(entry.report) }
        }
        return reports
    }
}
