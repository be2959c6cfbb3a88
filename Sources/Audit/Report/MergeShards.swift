import AASA
import Foundation

/// The reports of a run split with `audit --shard I/N`, combined into the report one run over every domain
/// would have written: domains in the whole list's order, the entitlements file's findings and the refused input
/// lines once, links between domains of different shards judged, the summary counted again.
public enum MergeShards {
    /// One shard's report and where it was read from (named in refusals). A shard read from a file holds only its
    /// header at first: its domains are read a domain at a time from `path` when the shards are merged.
    public struct Part: Sendable {
        public var source: String
        public var report: AuditReport
        /// The report.json the domains are read from; nil when `report` holds them.
        public var path: String?

        public init(source: String, report: AuditReport, path: String? = nil) {
            self.source = source
            self.report = report
            self.path = path
        }

        /// The shard's report.json as its header alone (the domains read past, not decoded).
        public static func header(source: String, path: String) throws -> Part {
            Part(source: source, report: try ReportReader.header(path: path), path: path)
        }

        /// Each of its domains in file order, one at a time.
        func forEachDomain(_ body: (DomainReport) throws -> Void) throws {
            guard let path else { return try report.domains.forEach(body) }
            _ = try ReportReader.stream(path: path, urls: .full, each: body)
        }
    }

    /// Refuses a report that is not a shard's, a shard given twice or missing, and shards of different runs:
    /// another count, domain list, tool version or options that change findings. The merged report holds its
    /// domains whole: for tests and small runs (`merge(_:into:)` streams them).
    public static func merge(_ parts: [Part]) throws(MergeRefusal) -> AuditReport {
        do {
            let streamed = try merge(parts, into: DomainLog(inMemory: []))
            var report = streamed.header
            try streamed.domains.forEach { report.domains.append($0) }
            return report
        } catch let refusal as MergeRefusal {
            throw refusal
        } catch {
            throw MergeRefusal("\(error)")
        }
    }

    /// The merged report, its domains read one shard at a time into `log` and judged from there, so a merge of
    /// 100,000 domains holds one entry per domain, as `audit` does: domains in the whole list's order, links between
    /// domains of different shards and custom-scheme links judged with every shard's files, the summary counted
    /// again. Throws `MergeRefusal` for shards that do not belong together, a read failure as it comes. `progress`
    /// hears the count of domains read so far.
    public static func merge(
        _ parts: [Part], into log: DomainLog, progress: ((Int) -> Void)? = nil
    ) throws -> StreamedReport {
        try check(parts)
        let count = parts[0].report.shard!.count
        var order: [String: Int] = [:]
        for part in parts {
            for (domain, position) in part.report.shard!.positions ?? [:] { order[domain] = position }
        }
        // A domain a shard lists no place for (an older report) follows the listed ones, in the order read.
        var unplaced = Int(Int32.max)
        var read = 0
        // Each domain once: a domain listed twice was merged twice, its counts with it.
        var seen: [String: String] = [:]
        for part in parts {
            let shard = part.report.shard!
            // A shard judged the links to its own domains; those to another shard's are judged at the end.
            let elsewhere: (String) -> Bool = { host in
                order[host] != nil && Shard.bucket(of: host, count: count) != shard.index - 1
            }
            var position = 0
            try part.forEachDomain { domain throws in
                defer { position += 1 }
                guard shard.contains(domain.domain) else { throw misplaced(domain.domain, in: part) }
                if let earlier = seen.updateValue(part.source, forKey: domain.domain) {
                    throw MergeRefusal(
                        "\(part.source): domains[\(position)]: \(domain.domain) is listed twice"
                            + (earlier == part.source ? "" : " (also in \(earlier))"))
                }
                var index = order[domain.domain]
                if index == nil {
                    // A shard that records places records every domain's: one without a place was added by hand.
                    guard shard.positions == nil else {
                        throw MergeRefusal(
                            "\(part.source): domains[\(position)]: \(domain.domain) has no place in shard.positions")
                    }
                    index = unplaced
                    unplaced += 1
                }
                log.append(domain, index: index!, linkable: elsewhere)
                read += 1
                progress?(read)
            }
        }
        for part in parts {
            if let name = part.report.notAudited.first(where: { seen[$0] != nil }) {
                throw MergeRefusal("\(part.source): notAudited: \(name) is listed as audited too")
            }
        }
        var domains = try log.finish()
        // Links to another shard's domains, and scheme links whose replacement may be on another shard's domain:
        // judged again with every shard's files.
        try domains.judgeLinks(schemes: parts[0].report.urlSchemes, associated: applinksHosts(of: parts[0].report))
        func place(_ domain: String) -> (Int, String) { (order[domain] ?? Int.max, domain) }
        // Sets, not list lookups: an interrupted run may leave 100,000 names, and a junk list as many lines.
        var named = Set<String>()
        let notAudited = parts.flatMap(\.report.notAudited).filter { named.insert($0).inserted }.sorted {
            place($0) < place($1)
        }
        let refused = try RefusedInputs.merged(
            parts.map { ($0.source, $0.report.inputErrors ?? [], $0.report.inputErrorsOmitted ?? 0) })
        let first = parts[0].report
        var entitlements = first.entitlements
        entitlements?.findings = unique(parts.flatMap { $0.report.entitlements?.findings ?? [] })
        var manifest = first.androidManifest
        manifest?.findings = unique(parts.flatMap { $0.report.androidManifest?.findings ?? [] })
        var header = AuditReport(
            version: first.tool.version, startedAt: parts.map(\.report.startedAt).min()!,
            finishedAt: parts.map(\.report.finishedAt).max()!, interrupted: parts.contains { $0.report.interrupted },
            notAudited: notAudited, domains: [], entitlements: entitlements, androidManifest: manifest,
            inputErrors: refused.errors, inputErrorsOmitted: refused.omitted)
        header.options = first.options
        header.urlSchemes = first.urlSchemes
        return StreamedReport(header: header, domains: domains)
    }

    /// The applinks domains of the entitlements a shard recorded; nil for a run without `--entitlements`.
    static func applinksHosts(of report: AuditReport) -> [String]? {
        report.entitlements.map { recorded in
            Entitlements(
                file: recorded.file, appID: recorded.appID,
                entries: recorded.entries.enumerated().map { EntitlementEntry(raw: $0.element, index: $0.offset) }
            ).applinksHosts
        }
    }

    /// A domain outside its shard would be counted twice or by the wrong part: the report was edited or mixed up.
    static func misplaced(_ name: String, in part: Part) -> MergeRefusal {
        let shard = part.report.shard!
        let owner = Shard.bucket(of: name, count: shard.count) + 1
        return MergeRefusal(
            "\(part.source) (shard \(shard.name)) holds \(name), which belongs to shard \(owner)/\(shard.count)")
    }

    public static func check(_ parts: [Part]) throws(MergeRefusal) {
        guard let first = parts.first else { throw MergeRefusal("no shard report given") }
        for part in parts where part.report.shard == nil {
            throw MergeRefusal(
                "\(part.source) is not a shard's report (it has no \"shard\"): make each with audit --shard I/N")
        }
        // The numbers first: a count of 0 or 2^62 must not reach the count of missing shards below.
        for part in parts {
            if let problem = part.report.shard!.problem { throw MergeRefusal("\(part.source): shard.\(problem)") }
        }
        let count = first.report.shard!.count
        for part in parts where part.report.shard!.count != count {
            throw MergeRefusal(
                "\(first.source) is shard \(first.report.shard!.name) but \(part.source) is shard "
                    + "\(part.report.shard!.name): shards of one run share N")
        }
        var seen: [Int: String] = [:]
        for part in parts {
            let shard = part.report.shard!
            if let earlier = seen[shard.index] {
                throw MergeRefusal("shard \(shard.name) is given twice: \(earlier) and \(part.source)")
            }
            seen[shard.index] = part.source
        }
        let missing = (1...count).filter { seen[$0] == nil }.map { "\($0)/\(count)" }
        if !missing.isEmpty {
            throw MergeRefusal(
                "missing shard\(missing.count == 1 ? "" : "s") \(missing.prefix(20).joined(separator: ", "))"
                    + (missing.count > 20 ? " and \(missing.count - 20) more" : ""))
        }
        // Its domains are checked as they are read (`merge(_:into:)`).
        for part in parts {
            for name in part.report.notAudited where !part.report.shard!.contains(name) {
                throw misplaced(name, in: part)
            }
        }
        for part in parts.dropFirst() {
            let pair =
                "shards \(first.report.shard!.name) (\(first.source)) and \(part.report.shard!.name) (\(part.source))"
            if part.report.tool.version != first.report.tool.version {
                throw MergeRefusal(
                    "\(pair) were made by different versions: \(first.report.tool.version) and "
                        + part.report.tool.version)
            }
            let a = first.report.shard!
            let b = part.report.shard!
            if a.inputs != b.inputs || a.inputsSHA256 != b.inputsSHA256 {
                throw MergeRefusal(
                    "\(pair) were given different domain lists (\(a.inputs.map(String.init) ?? "?") and "
                        + "\(b.inputs.map(String.init) ?? "?") domains)")
            }
            let differences = differing(first.report.options ?? [:], part.report.options ?? [:])
            if !differences.isEmpty {
                throw MergeRefusal("\(pair) were run with different options: " + differences.joined(separator: "; "))
            }
        }
        // One place for each domain: a place two shards give was one domain silently replacing another.
        var places: [Int: (name: String, source: String)] = [:]
        for part in parts {
            for (name, position) in (part.report.shard!.positions ?? [:]).sorted(by: { $0.value < $1.value }) {
                if let other = places[position] {
                    throw MergeRefusal(
                        "\(part.source): shard.positions[\"\(name)\"]: \(position) is also the place of \(other.name) "
                            + "in \(other.source)")
                }
                places[position] = (name, part.source)
            }
        }
    }

    /// "--max-pages 100 and 200", "--crawl true and not given", one per option that differs, in name order.
    static func differing(_ a: [String: String], _ b: [String: String]) -> [String] {
        func shown(_ value: String?) -> String {
            guard let value else { return "not given" }
            return value.count > 200 ? String(value.prefix(200)) + "…" : value
        }
        return Set(a.keys).union(b.keys).sorted().compactMap { name in
            a[name] == b[name] ? nil : "\(name) \(shown(a[name])) and \(shown(b[name]))"
        }
    }

    /// Findings that every shard repeats (the entitlements file's, the Android manifest's), each kept once, in the order first seen.
    static func unique(_ findings: [Finding]) -> [Finding] {
        let encoder = JSONOutput.encoder()
        var seen = Set<Data>()
        return findings.filter { finding in
            guard let key = try? encoder.encode(finding) else { return true }
            return seen.insert(key).inserted
        }
    }
}
