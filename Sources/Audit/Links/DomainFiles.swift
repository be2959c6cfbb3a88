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
    private enum Slot {
        case auditing(Task<Entry?, Never>)
        case done(Entry)
    }
    private var entries: [String: Slot] = [:]

    public init(auditor: DomainAuditor) { self.auditor = auditor }

    /// Nil when the run was cancelled before the host's audit finished.
    public func entry(for host: String) async -> Entry? {
        switch entries[host] {
        case .done(let entry): return entry
        case .auditing(let task): return await Self.value(of: task)
        case nil: break
        }
        let auditor = self.auditor
        let task = Task { () -> Entry? in
            guard let report = await auditor.audit(DomainTarget(domain: host)) else { return nil }
            // The file `audit` judges this domain's URLs by: the text of the file its checks read, decoded again.
            let matcher = report.file.flatMap { DecodedFile(bytes: Array($0.utf8)).document }.map(Matcher.init)
            return Entry(report: report, matcher: matcher)
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

    /// Every host's report, by name (links finish in any order; the report must not).
    public func reports() async -> [DomainReport] {
        var reports: [DomainReport] = []
        for host in entries.keys.sorted() {
            switch entries[host] {
            case .done(let entry): reports.append(entry.report)
            case .auditing(let task): if let entry = await task.value { reports.append(entry.report) }
            case nil: break
            }
        }
        return reports
    }
}
