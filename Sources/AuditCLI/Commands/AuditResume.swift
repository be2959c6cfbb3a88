import AASA
import Audit
import Foundation

/// `audit --resume DIR`: the run in DIR continued with the options it was started with, its finished domains kept.
extension AuditCommand {
    /// With `--resume DIR`: the options the run in DIR was started with (those given now must be the same, apart
    /// from `RunRecord.free` ones), writing into DIR. Without: the options as given.
    static func resumed(
        _ given: ParsedOptions
    ) throws(UsageError) -> (ParsedOptions, (folder: RunFolder, record: RunRecord)?) {
        guard let directory = given.string(resume) else { return (given, nil) }
        let noRun = UsageError(
            "--resume \(directory): no run to continue there (its \(RunRecord.fileName) is missing or unreadable)",
            command: spec.name)
        let folder: RunFolder
        let record: RunRecord
        do {
            folder = try RunFolder.open(directory, creating: false)
        } catch {
            throw noRun
        }
        do throws(RunRecord.ReadFailure) {
            record = try RunRecord.read(from: folder)
        } catch {
            throw error.missing ? noRun : UsageError("--resume \(directory): \(error.reason)", command: spec.name)
        }
        let url = URL(fileURLWithPath: directory)
        if let other = given.string(out), URL(fileURLWithPath: other).standardized.path != url.standardized.path {
            throw UsageError(
                "--resume \(directory) continues the run in \(directory): --out \(other) names another folder",
                command: spec.name)
        }
        let onlyFree = given.values.keys.allSatisfy(RunRecord.free.contains) && given.positionals.isEmpty
        if !onlyFree {
            let differences = record.differences(options: given.values, positionals: given.positionals)
            if !differences.isEmpty {
                throw UsageError(
                    "--resume \(directory): " + differences.joined(separator: "; ")
                        + " (a resumed run keeps the options it was started with: leave out what differs, or start a "
                        + "new run)", command: spec.name)
            }
        }
        // The recorded options go through the parser again, with the same declarations and ranges as a command
        // line: one source of what a value may be.
        var now = given.values
        now[out.name] = [directory]
        now[keep.name] = nil
        let parsed: ParsedOptions
        do throws(UsageError) {
            let arguments = try record.arguments(free: now, command: spec)
            guard case .run(let options) = try Parser.parse(arguments, for: spec) else {
                throw UsageError("\(RunRecord.fileName) asks for help, not a run", command: spec.name)
            }
            parsed = options
        } catch {
            let message =
                error.message.hasPrefix(RunRecord.fileName) ? error.message : "\(RunRecord.fileName): \(error.message)"
            throw UsageError("--resume \(directory): \(message)", command: spec.name)
        }
        return (parsed, (folder, record))
    }

    /// What the run folder's log holds, checked against the domains planned now.
    static func planResume(
        _ folder: RunFolder, record: RunRecord, domains: [String], options: ParsedOptions
    ) throws(UsageError) -> Plan.Resume {
        let directory = folder.path
        guard domains == record.domains else {
            let first = zip(domains, record.domains).first { $0 != $1 }
            let detail =
                first.map { "\($0.0) now where \($0.1) was" }
                ?? "\(domains.count) domain(s) now, \(record.domains.count) then"
            throw UsageError(
                "--resume \(directory): not the same run: the domains differ (\(detail)); a changed --domains file "
                    + "cannot be resumed", command: spec.name)
        }
        let recovered: DomainLog.Recovered
        do {
            recovered = try DomainLog.recover(
                folder: folder, audited: Set(domains),
                lineLimit: DomainLog.lineLimit(maxURLs: maxURLsRecorded(options)),
                judgesLinks: options.flag(crawl))
        } catch {
            throw UsageError("--resume \(directory): \(error)", command: spec.name)
        }
        if let stray = recovered.entries.first(where: { $0.index >= domains.count || domains[$0.index] != $0.domain }) {
            throw UsageError(
                "--resume \(directory): \(DomainLog.fileName) records \(stray.domain) at a place where the run has "
                    + "another domain", command: spec.name)
        }
        return Plan.Resume(folder: folder, retryFailed: options.flag(retryFailed), recovered: recovered)
    }

    /// A resumed run's finished domains (kept) and the positions still to audit. A domain whose crawl the
    /// interruption cut short is crawled again from its start, and says so; with `--retry-failed` a failed domain
    /// is audited again.
    static func resumeSplit(_ plan: Plan, targets: inout [DomainTarget]) -> (kept: [DomainStream.Entry], pending: [Int])
    {
        guard let resume = plan.resume else { return ([], Array(targets.indices)) }
        var kept: [DomainStream.Entry] = []
        var done = Set<Int>()
        for entry in resume.recovered.entries {
            if entry.crawlInterrupted {
                targets[entry.index].notes.append(
                    "crawled again from its start: the interrupted run's crawl of this site was cut short (--resume)")
            } else if entry.partial {
                targets[entry.index].notes.append(
                    "audited again: the interrupted run stopped while judging its URLs (--resume)")
            } else if resume.retryFailed && entry.verdict == .fail {
                targets[entry.index].notes.append("audited again: it failed in the interrupted run (--retry-failed)")
            } else {
                kept.append(entry)
                done.insert(entry.index)
            }
        }
        return (kept, targets.indices.filter { !done.contains($0) })
    }
}
