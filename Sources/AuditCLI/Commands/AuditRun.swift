import AASA
import Audit
import Crawling
import Fetching
import Foundation

/// `audit`'s run: the plan carried out, from the run folder to the reports and the exit status.
extension AuditCommand {
    /// What auditing the domains gave: the report to write, and how the run ended.
    struct Outcome {
        var report: StreamedReport
        /// SIGINT/SIGTERM stopped the audit before every domain finished.
        var interrupted: Bool
        /// The signal watch, on until the reports are written.
        var watch: Interruption.Watch
        /// Why the run's log could not be written or read back: the run cannot be resumed (exit 3).
        var logFailure: String?
    }

    static func run(_ plan: Plan) async -> ExitCode {
        let started = Date()
        // Refused lines first, before a long run: the operator sees them while it works.
        RefusedLines.print(plan.inputs.refused, command: spec.name)
        var plan = plan
        // Set by SIGINT/SIGTERM, read by everything this run runs.
        let stop = StopSignal()
        let folder = openRunFolder(&plan, started: started)
        if case .success(let opened) = folder { try? plan.record.write(to: opened) }
        var outcome = await audit(plan, started: started, folder: try? folder.get(), stop: stop)
        let fetchingEnded = Date()
        defer { outcome.watch.cancel() }
        if let baseline = plan.outputs.baseline {
            do {
                // A shard compares only its own domains: the others are in other shards, not removed.
                outcome.report.header.changes = try Changes.compare(
                    baselineAt: baseline.path, outcome.report, only: plan.inputs.shard)
            } catch {
                Terminal.err(Terminal.safe("aasa-audit audit: could not compare with \(baseline.path): \(error)"))
            }
        }
        var writtenAt: [String: RunRecord.Stamp] = [:]
        let written = ReportFiles.write(
            outcome.report, into: folder, to: plan.outputs, failOn: plan.failOn, stop: stop
        ) { writtenAt[$0] = RunRecord.Stamp($1) }
        if case .success = written, case .success(let opened) = folder {
            plan.record.timing = RunRecord.Timing(
                fetchingEndedAt: RunRecord.Stamp(fetchingEnded), reportsWrittenAt: writtenAt)
            try? plan.record.write(to: opened)
        }
        var latestProblem: String?
        if case .success = written, plan.record.underReports, let directory = try? folder.get() {
            latestProblem = OutputDirectory.finishRun(directory.path, keep: plan.outputs.keep, started: started)
        }
        // A signal while the reports were written: they were written again, marked interrupted.
        if stop.isRequested && !outcome.interrupted {
            outcome.interrupted = true
            outcome.report.header.interrupted = true
        }
        let status = RunStatus(
            outcome.report, failOn: plan.failOn, failOnChange: plan.failOnChange, interrupted: outcome.interrupted)
        if !plan.quiet {
            Terminal.out(
                AuditSummary(terminal: .standard, verbose: plan.verbose, status: status).render(
                    outcome.report, reportPath: try? written.get()))
        }
        if case .failure(let failure) = written {
            Terminal.err(Terminal.safe("aasa-audit audit: could not write the report: \(failure.reason)"))
            return .toolFailure
        }
        if let logFailure = outcome.logFailure {
            Terminal.err(
                "aasa-audit audit: could not write \(DomainLog.fileName): \(logFailure) (the reports hold every domain; "
                    + "the run cannot be resumed)")
            return .toolFailure
        }
        if let latestProblem {
            Terminal.err("aasa-audit audit: \(latestProblem)")
            return .toolFailure
        }
        return status.code
    }

    /// The run folder first: each domain is written into it as it finishes. When it cannot be made, the domains
    /// wait in a temporary folder and writing the reports fails as it would have (exit 3).
    static func openRunFolder(_ plan: inout Plan, started: Date) -> Result<RunFolder, any Error> {
        Result { () throws -> RunFolder in
            if let resumed = plan.resume?.folder { return resumed }
            var info = stat()
            let baseline = plan.outputs.baseline.flatMap {
                stat($0.path, &info) == 0 ? (info.st_dev, info.st_ino) : nil
            }
            let (folder, moved) = try OutputDirectory.prepare(
                plan.outputs.directory, started: started, files: OutputDirectory.auditFiles)
            followMovedBaseline(&plan, identity: baseline, in: folder, moved: moved)
            return folder
        }
    }

    /// Audits every target not already finished in a resumed run (and crawls, if planned) with a progress line,
    /// until done or SIGINT/SIGTERM, appending each domain to the run folder's log as it finishes. The signal
    /// watch stays on until the reports are written.
    static func audit(_ plan: Plan, started: Date, folder: RunFolder?, stop: StopSignal) async -> Outcome {
        // What planning freed (the domain list read, checked and recorded) goes back before the fetches start.
        FreedMemory.release()
        let fetcher = CurlFetcher(configuration: plan.fetch.configuration)
        var crawlOptions = plan.crawl
        crawlOptions?.progress = CrawlProgress()
        // The crawls' links are spooled only for the reports that show them.
        if plan.outputs.formats.contains(.csv) || plan.outputs.formats.contains(.html) {
            crawlOptions?.inlinks = InlinkSpool(cap: plan.inlinksCap)
        }
        let auditor = auditor(plan, fetcher: fetcher, crawl: crawlOptions, stop: stop)
        let runner = AuditRunner(auditor: auditor, concurrency: plan.fetch.concurrency)
        var targets = plan.inputs.targets
        let (kept, pending) = resumeSplit(plan, targets: &targets)
        let log = RunLog(
            folder: folder, audited: Set(targets.map(\.domain)), kept: kept, resuming: plan.resume != nil,
            crawls: plan.crawl != nil)
        let sink = log.sink
        let progress = ProgressLine(
            total: targets.count, started: started, crawl: crawlOptions?.progress,
            visible: isatty(STDERR_FILENO) == 1 && !plan.quiet)
        if !kept.isEmpty { progress.domainsDone(kept.count) }
        let already = kept.count
        let suppressions = plan.suppressions
        let work = Task { [targets] in
            await runner.run(targets, only: pending) { index, report, done in
                var report = report
                report.suppress(suppressions)
                sink.append(report, index: index, stop: stop)
                progress.domainsDone(already + done)
                // What finished audits freed stays in glibc's per-thread arenas, under the next ones': handed back
                // now and then, the fetching's peak is what is in use, not what was.
                if done % FreedMemory.domainsBetweenReleases == 0 { FreedMemory.release() }
            }
        }
        let watch = Interruption.onSignal(setting: stop) { work.cancel() }
        let unfinished = await work.value
        fetcher.shutdown()
        progress.finish()
        // The fetches and tasks are over: what they freed goes back before the entries are sorted and read again.
        FreedMemory.release()
        let (read, logFailure) = log.readBack()
        var domains = read
        if !plan.suppressions.isEmpty { domains.suppressions = plan.suppressions }
        domains.stop = stop
        // Links from one audited site to another and custom-scheme links found by crawls, judged now that every
        // file is in.
        try? domains.judgeLinks(schemes: plan.inputs.urlSchemes, associated: plan.inputs.entitlements?.applinksHosts)
        log.removeScratch()
        let interrupted = work.isCancelled || stop.isRequested
        let header = reportHeader(
            plan, started: started, interrupted: interrupted, notAudited: unfinished.map { targets[$0].domain })
        var streamed = StreamedReport(header: header, domains: domains)
        streamed.inlinks = crawlOptions?.inlinks
        return Outcome(report: streamed, interrupted: interrupted, watch: watch, logFailure: logFailure)
    }

    /// The auditor of every domain: the libcurl fetcher, the crawler when planned, the files of linked hosts with
    /// `--judge-linked-hosts`, and the run's stop signal.
    static func auditor(
        _ plan: Plan, fetcher: CurlFetcher, crawl crawlOptions: CrawlOptions?, stop: StopSignal
    ) -> DomainAuditor {
        var auditor = DomainAuditor(
            fetcher: fetcher, userAgent: plan.fetch.userAgent, cdnBase: plan.fetch.cdnBase, appID: plan.inputs.appID,
            crawler: crawlOptions.map { Crawler(fetcher: fetcher, options: $0) as any SiteCrawling }, stop: stop)
        auditor.android = plan.fetch.android
        if let android = plan.fetch.android, android.manifest != nil {
            auditor.androidHosts = AndroidHostBoard(audit: android, fetcher: fetcher)
        }
        if let crawl = plan.crawl, crawl.judgeLinkedHosts > 0 {
            auditor.linkedHosts = LinkedHostFiles(
                fetcher: fetcher, limit: crawl.judgeLinkedHosts, audited: Set(plan.inputs.targets.map(\.domain)),
                stop: stop)
        }
        return auditor
    }

    /// The report's header: the run's times and inputs, the domains left unaudited, the entitlements' and the Android
    /// manifest's findings and the ignore entries that matched nothing.
    static func reportHeader(
        _ plan: Plan, started: Date, interrupted: Bool, notAudited: [String]
    ) -> AuditReport {
        var entitlementFindings = plan.inputs.entitlementFindings
        plan.suppressions.apply(to: &entitlementFindings, domain: [])
        var manifestFindings = plan.inputs.androidManifestFindings
        plan.suppressions.apply(to: &manifestFindings, domain: [])
        var header = AuditReport(
            version: AuditTool.version, startedAt: started, finishedAt: Date(),
            interrupted: interrupted, notAudited: notAudited, domains: [],
            entitlements: plan.inputs.entitlements.map {
                AuditReport.EntitlementsReport(
                    file: $0.file, appID: plan.inputs.appID, entries: $0.entries.map(\.raw),
                    findings: entitlementFindings)
            },
            androidManifest: plan.inputs.androidManifest.map {
                AuditReport.AndroidManifestReport(
                    file: $0.file, package: $0.package ?? "", hosts: androidManifestHosts($0),
                    findings: manifestFindings)
            }, inputErrors: plan.inputs.refused.errors, inputErrorsOmitted: plan.inputs.refused.omitted)
        header.shard = plan.inputs.shard
        header.options = plan.findingOptions
        header.urlSchemes = plan.inputs.urlSchemes
        // Stale entries only from a whole run: the domains an interruption, a resume or another shard left out
        // could be the ones an entry is for.
        if !interrupted && plan.resume == nil && plan.inputs.shard == nil {
            let unused = plan.suppressions.unused()
            header.unusedIgnores = unused.isEmpty ? nil : unused
            if !plan.quiet { ConfigFile.reportUnused(unused, command: spec.name) }
        }
        return header
    }

    /// A baseline that was one of the files moved to `previous/` (`--baseline DIR/report.json` with `--out DIR`) is
    /// read from there: the run compares with the report it replaced. `identity` is the baseline's device and inode
    /// before the move.
    static func followMovedBaseline(
        _ plan: inout Plan, identity: (dev_t, ino_t)?, in folder: RunFolder, moved: [String]
    ) {
        guard let identity, !moved.isEmpty, let previous = try? folder.folder(RunFolder.previous) else { return }
        for name in moved {
            var info = stat()
            guard fstatat(previous.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                info.st_dev == identity.0 && info.st_ino == identity.1
            else { continue }
            plan.outputs.baseline?.path = previous.path(of: name)
            plan.record.baseline = previous.path(of: name)
            return
        }
    }
}
