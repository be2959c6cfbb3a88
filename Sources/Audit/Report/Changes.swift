import AASA
import Foundation

/// What changed since a previous run (`--baseline`): what a nightly job alerts on.
public struct Changes: Codable, Sendable {
    public struct FindingChange: Codable, Sendable, Equatable {
        public var domain: String
        public var id: String
        public var severity: Severity
        public var message: String
        public var location: FindingLocation
    }

    public struct ContentChange: Codable, Sendable, Equatable {
        public var domain: String
        public var before: String?
        public var after: String?
        public var appsAdded: [String]
        public var appsRemoved: [String]
        public var rulesChanged: Bool
    }

    public struct CertificateChange: Codable, Sendable, Equatable {
        public var domain: String
        public var daysLeft: Int
    }

    public struct VerdictFlip: Codable, Sendable, Equatable {
        public var domain: String
        public var url: String
        /// The app that opened the URL before and after (null: none).
        public var before: String?
        public var after: String?
    }

    /// A check left out of the comparison: the baseline was made with other options that decide whether it can
    /// fire (`--no-cdn`, `--crawl`, ...), so its findings there and here are no change.
    public struct NotCompared: Codable, Sendable, Equatable {
        public var check: String
        /// "cdn-failure not compared: this run used --no-cdn, the baseline did not"
        public var note: String
        /// Findings of the check set aside: new on one side, gone on the other.
        public var findings: Int
    }

    public var baseline: String
    public var baselineStartedAt: Date
    public var newFindings: [FindingChange] = []
    public var resolvedFindings: [FindingChange] = []
    public var contentChanged: [ContentChange] = []
    public var certificatesExpiring: [CertificateChange] = []
    public var verdictFlips: [VerdictFlip] = []
    public var domainsAdded: [String] = []
    public var domainsRemoved: [String] = []
    /// Checks whose findings were not compared (absent when none was set aside).
    public var notCompared: [NotCompared]?

    /// Whether nothing changed; a check left out of the comparison is no change.
    public var isEmpty: Bool {
        newFindings.isEmpty && resolvedFindings.isEmpty && contentChanged.isEmpty && certificatesExpiring.isEmpty
            && verdictFlips.isEmpty && domainsAdded.isEmpty && domainsRemoved.isEmpty
    }

    public var headline: String {
        if isEmpty { return "nothing changed" }
        var parts: [String] = []
        if !newFindings.isEmpty { parts.append("\(newFindings.count) new finding(s)") }
        if !resolvedFindings.isEmpty { parts.append("\(resolvedFindings.count) resolved") }
        if !contentChanged.isEmpty { parts.append("\(contentChanged.count) file(s) changed") }
        if !certificatesExpiring.isEmpty { parts.append("\(certificatesExpiring.count) certificate(s) newly expiring") }
        if !verdictFlips.isEmpty { parts.append("\(verdictFlips.count) URL verdict(s) flipped") }
        if !domainsAdded.isEmpty { parts.append("\(domainsAdded.count) domain(s) added") }
        if !domainsRemoved.isEmpty { parts.append("\(domainsRemoved.count) domain(s) removed") }
        return parts.joined(separator: ", ")
    }

    /// One domain's share of the changes, what the terminal, summary.md and the HTML list per domain.
    public struct DomainChanges: Sendable, Equatable {
        public var domain: String
        /// Finding IDs that appeared and went away, each once, in report order.
        public var appeared: [String] = []
        public var wentAway: [String] = []
        public var file: ContentChange?
        public var certificate: CertificateChange?
        public var verdictsFlipped = 0

        /// "file changed: sha256 ab12… → cd34…, apps added X, rules changed", nil when the file did not change.
        public var fileText: String? {
            guard let file else { return nil }
            var parts = [
                "sha256 \((file.before ?? "none").prefix(12)) → \((file.after ?? "none").prefix(12))"
            ]
            if !file.appsAdded.isEmpty { parts.append("apps added \(file.appsAdded.joined(separator: ", "))") }
            if !file.appsRemoved.isEmpty { parts.append("apps removed \(file.appsRemoved.joined(separator: ", "))") }
            if file.rulesChanged { parts.append("rules changed") }
            return "file changed: " + parts.joined(separator: ", ")
        }
    }

    /// The changes grouped by domain, in the order the domains first appear in the changes.
    public var byDomain: [DomainChanges] {
        var list: [DomainChanges] = []
        var index: [String: Int] = [:]
        func update(_ domain: String, _ change: (inout DomainChanges) -> Void) {
            let at = index[domain] ?? list.count
            if at == list.count {
                index[domain] = at
                list.append(DomainChanges(domain: domain))
            }
            change(&list[at])
        }
        for f in newFindings { update(f.domain) { if !$0.appeared.contains(f.id) { $0.appeared.append(f.id) } } }
        for f in resolvedFindings { update(f.domain) { if !$0.wentAway.contains(f.id) { $0.wentAway.append(f.id) } } }
        for c in contentChanged { update(c.domain) { $0.file = c } }
        for c in certificatesExpiring { update(c.domain) { $0.certificate = c } }
        for flip in verdictFlips { update(flip.domain) { $0.verdictsFlipped += 1 } }
        return list
    }

    /// Compares two runs. A finding is the same when its domain, ID and location are (messages may carry
    /// day counts that change daily). A `findings-truncated` finding is the same when its domain, the check it
    /// stands for and its file are: its location is the first finding left out, which moves whenever a finding
    /// before it comes or goes.
    public static func compare(_ previous: AuditReport, _ current: AuditReport, baseline: String) -> Changes {
        // In memory nothing throws.
        (try? compare(
            previousStartedAt: previous.startedAt, previous: { each in try previous.domains.forEach(each) },
            StreamedReport(current), baseline: baseline))
            ?? Changes(baseline: baseline, baselineStartedAt: previous.startedAt)
    }

    /// Compares a run with the report at `path`, both read a domain at a time: the baseline as a stream (each URL
    /// keeping only the app it opened), each of its domains paired with the run's domain of the same name.
    /// `only`: a shard's run compares only the baseline's domains of that shard.
    public static func compare(baselineAt path: String, _ current: StreamedReport, only: Shard? = nil) throws -> Changes
    {
        var pairs = Pairs(current: current, baseline: path)
        pairs.only = only
        let header = try ReportReader.stream(path: path, urls: .openedApp) { try pairs.compare($0) }
        var changes = try pairs.finish(startedAt: header.startedAt)
        changes.setAside(OptionEffects.uncomparable(then: header.options, now: current.header.options))
        return changes
    }

    /// Moves the new and resolved findings of `checks` (ID: why it cannot be compared) out of the changes, a note
    /// per check that had any.
    mutating func setAside(_ checks: [String: String]) {
        guard !checks.isEmpty else { return }
        var counts: [String: Int] = [:]
        func keep(_ f: FindingChange) -> Bool {
            guard checks[f.id] != nil else { return true }
            counts[f.id, default: 0] += 1
            return false
        }
        newFindings = newFindings.filter(keep)
        resolvedFindings = resolvedFindings.filter(keep)
        let notes = counts.keys.sorted().map { id in
            NotCompared(check: id, note: "\(id) not compared: \(checks[id] ?? "")", findings: counts[id] ?? 0)
        }
        notCompared = notes.isEmpty ? nil : notes
    }

    static func compare(
        previousStartedAt: Date, previous forEachPrevious: ((DomainReport) throws -> Void) throws -> Void,
        _ current: StreamedReport, baseline: String
    ) throws -> Changes {
        var pairs = Pairs(current: current, baseline: baseline)
        try forEachPrevious { try pairs.compare($0) }
        return try pairs.finish(startedAt: previousStartedAt)
    }

    /// Compares a run's domains with a baseline's as the baseline's arrive, holding one pair at a time.
    struct Pairs {
        let current: StreamedReport
        let baseline: String
        let positions: [String: Int]
        var seen = Set<Int>()
        var changes: Changes
        var removed: [String] = []
        var contentChanged: [(Int, ContentChange)] = []
        var certificates: [(Int, CertificateChange)] = []
        var flips: [(Int, VerdictFlip)] = []
        /// Baseline domains outside this shard are skipped, not counted as removed.
        var only: Shard?

        init(current: StreamedReport, baseline: String) {
            self.current = current
            self.baseline = baseline
            positions = Dictionary(
                current.domains.entries.enumerated().map { ($1.domain, $0) }, uniquingKeysWith: { first, _ in first })
            changes = Changes(baseline: baseline, baselineStartedAt: Date(timeIntervalSince1970: 0))
        }

        /// A finding is the same when its domain, ID and location are (messages may carry day counts that change
        /// daily). A `findings-truncated` finding is the same when its domain, the check it stands for and its
        /// file are: its location is the first finding left out, which moves whenever a finding before it comes
        /// or goes.
        static func changeList(_ d: DomainReport) -> [String: FindingChange] {
            var map: [String: FindingChange] = [:]
            // A suppressed finding is left out, as from the exit status: silencing one reads as resolving it.
            for f in d.findings where !f.isSuppressed {
                let identity =
                    if let omitted = f.omitted, f.id == FindingsTruncated.description.id {
                        "\(f.id)|\(omitted.check)|\(f.location.url ?? "")"
                    } else {
                        "\(f.id)|\(f.location.url ?? "")|\(f.location.pointer ?? "")"
                    }
                map[identity] = FindingChange(
                    domain: d.domain, id: f.id, severity: f.severity, message: f.message, location: f.location)
            }
            return map
        }

        mutating func compare(_ then: DomainReport) throws {
            if let only, !only.contains(then.domain) { return }
            guard let position = positions[then.domain] else {
                removed.append(then.domain)
                return
            }
            // A baseline naming a domain twice: the first is compared, as before.
            guard seen.insert(position).inserted else { return }
            let now = try current.domains.load(current.domains.entries[position])
            let before = Self.changeList(then)
            let after = Self.changeList(now)
            changes.newFindings += after.filter { before[$0.key] == nil }.map(\.value)
            changes.resolvedFindings += before.filter { after[$0.key] == nil }.map(\.value)
            let a = then.fetches.first { $0.location == .wellKnown }?.sha256
            let b = now.fetches.first { $0.location == .wellKnown }?.sha256
            if a != b {
                let appsThen = Set(then.apps.map(\.appID))
                let appsNow = Set(now.apps.map(\.appID))
                contentChanged.append(
                    (
                        position,
                        ContentChange(
                            domain: now.domain, before: a, after: b,
                            appsAdded: appsNow.subtracting(appsThen).sorted(),
                            appsRemoved: appsThen.subtracting(appsNow).sorted(),
                            rulesChanged: rules(then.file) != rules(now.file))
                    ))
            }
            let daysNow = now.fetches.first { $0.location == .wellKnown }?.tls?.daysLeft
            let daysThen = then.fetches.first { $0.location == .wellKnown }?.tls?.daysLeft
            if let daysNow, daysNow < TLSExpiring.days, (daysThen ?? Int.max) >= TLSExpiring.days {
                certificates.append((position, CertificateChange(domain: now.domain, daysLeft: daysNow)))
            }
            guard !now.urls.isEmpty else { return }
            // The old report's URLs read with today's parser first: a report written before URLs were canonical
            // (`HTTPS://Shop.test:443/a/../b` as linked) names the same page, so upgrading alone changes nothing.
            func canonical(_ url: String) -> String { WebURL(url)?.href ?? url }
            // Unknown answers (a host whose file was not read, a row a signal left unjudged) are left out on either
            // side: unknown to yes, or yes to unknown, is no flip.
            let opened = Dictionary(
                then.urls.lazy.filter { !$0.unknown }.map { (canonical($0.url), $0.opensApp) },
                uniquingKeysWith: { a, _ in a })
            for url in now.urls where !url.unknown {
                guard let old = opened[canonical(url.url)], old != url.opensApp else { continue }
                flips.append(
                    (position, VerdictFlip(domain: now.domain, url: url.url, before: old, after: url.opensApp)))
            }
        }

        /// The changes in the run's domain order.
        mutating func finish(startedAt: Date) throws -> Changes {
            changes.baselineStartedAt = startedAt
            changes.newFindings.sort { ($0.domain, $0.id) < ($1.domain, $1.id) }
            changes.resolvedFindings.sort { ($0.domain, $0.id) < ($1.domain, $1.id) }
            changes.domainsAdded = current.domains.entries.indices.filter { !seen.contains($0) }.map {
                current.domains.entries[$0].domain
            }
            changes.domainsRemoved = removed
            // Stable sorts: within a domain, in the order found.
            changes.contentChanged = contentChanged.enumerated().sorted {
                ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
            }.map(\.element.1)
            changes.certificatesExpiring = certificates.enumerated().sorted {
                ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
            }.map(\.element.1)
            changes.verdictFlips = flips.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map(\.element.1)
            return changes
        }
    }

    /// Every details entry's apps and rules in a comparable form.
    static func rules(_ file: String?) -> [String] {
        guard let file, let document = DecodedFile(bytes: Array(file.utf8)).document else { return [] }
        return document.entries.map { entry in
            entry.appIDs.map(\.id).joined(separator: ",") + ":" + entry.rules.map(\.jsonText).joined(separator: ";")
        }
    }
}
