import AASA
import Audit
import Foundation

/// `aasa-audit merge DIR ... --out DIR`: the reports of a run split with `audit --shard I/N` (over CI jobs or
/// machines) combined into the report one run would have written, in every format, with audit's exit status.
enum MergeCommand: Command {
    // MARK: Declaration

    static let out = OptionSpec(
        "--out", .path, placeholder: "DIR", help: "write the merged reports to DIR (required; not a shard's folder)")
    static let baseline = OptionSpec(
        "--baseline", .path, placeholder: "REPORT.json", help: "compare the merged report with an earlier report.json")
    static let format = AuditCommand.format
    static let failOn = SharedOptions.runFailOn
    static let csvBOM = SharedOptions.csvBOM
    static let failOnChange = AuditCommand.failOnChange
    static let quiet = OptionSpec.flag(
        "--quiet", short: "-q",
        help: "print only errors (refused input lines, report failures); the exit status still tells")

    static let spec = CommandSpec(
        name: "merge", summary: "combine the reports of a run split with audit --shard I/N",
        examples: Examples.merge,
        positionals: [
            PositionalSpec("DIR", .oneOrMore, isPath: true, help: "a shard's report folder, or its report.json")
        ],
        groups: [OptionGroup("Reports", [out, format, baseline, failOn, failOnChange, quiet, csvBOM])],
        description: [
            "Reads each shard's report.json and writes the report a single run over every domain would have written: "
                + "domains in the order of the whole list, the entitlements file's findings and refused input lines "
                + "once, links between domains of different shards judged by the linked domain's file, the summary "
                + "counted again.",
            "Every shard of the run must be given exactly once, all made by the same version with the same domain "
                + "list and the same options that change findings (recorded in each report's \"options\"); anything "
                + "else is refused, naming the shards.",
        ],
        exitStatus:
            "as audit on the merged report (2 also for shards that cannot be merged, 130 when a shard was "
            + "interrupted), " + RunStatus.table)

    // MARK: Plan

    struct Plan {
        /// Each shard's header, checked; their domains are read when the plan runs.
        var parts: [MergeShards.Part]
        var outputs: AuditCommand.Plan.Outputs
        /// Nil: `--fail-on none`.
        var failOn: Severity?
        var failOnChange: Bool
        var quiet: Bool
    }

    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan {
        guard let directory = options.string(out) else {
            throw UsageError("--out DIR is required: the folder for the merged reports", command: spec.name)
        }
        if OutputDirectory.fileInTheWay(of: directory) == URL(fileURLWithPath: directory).path {
            throw UsageError(
                "--out \(directory) is a file: give a folder (it is created if missing)", command: spec.name)
        }
        var parts: [MergeShards.Part] = []
        // Compared with links resolved: an --out reaching a shard's folder through a link would overwrite the shard.
        let resolvedOut = resolved(directory)
        for given in options.positionals {
            let path = reportPath(given)
            let part = try read(path, given: given)
            let shard = resolved(URL(fileURLWithPath: path).deletingLastPathComponent().path)
            // The merged report.json would replace this shard's.
            if resolvedOut == shard {
                throw UsageError("--out \(directory) holds shard \(given): give another folder", command: spec.name)
            }
            if resolvedOut.hasPrefix(shard.hasSuffix("/") ? shard : shard + "/") {
                throw UsageError("--out \(directory) is inside shard \(given): give another folder", command: spec.name)
            }
            parts.append(part)
        }
        do throws(MergeRefusal) {
            try MergeShards.check(parts)
        } catch {
            throw UsageError(error.description, command: spec.name)
        }
        let formats = options.choiceList(format).compactMap(ReportFormat.init(rawValue:))
        let outputs = AuditCommand.Plan.Outputs(
            directory: directory, formats: ReportFormat.allCases.filter(formats.contains),
            baseline: try options.string(baseline).map { path throws(UsageError) in
                try BaselineFile.read(path, command: spec.name)
            }, keep: nil, csvBOM: SharedOptions.writesCSVBOM(options))
        return Plan(
            parts: parts, outputs: outputs, failOn: SharedOptions.failOn(options),
            failOnChange: options.flag(failOnChange), quiet: options.flag(quiet))
    }

    /// `path` absolute with every link resolved: its longest existing part through `realpath`, the rest as given.
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while existing.path != "/" {
            if let real = realpath(existing.path, nil) {
                defer { free(real) }
                return rest.reversed().reduce(URL(fileURLWithPath: String(cString: real))) {
                    $0.appendingPathComponent($1)
                }.path
            }
            rest.append(existing.lastPathComponent)
            existing.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/" + rest.reversed().joined(separator: "/")).path
    }

    /// A folder's report.json; a file as given.
    static func reportPath(_ given: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), isFolder.boolValue else {
            return given
        }
        return URL(fileURLWithPath: given).appendingPathComponent("report.json").path
    }

    /// The shard's header; its domains are read past here and read again, one at a time, by the merge. Each read
    /// opens the file afresh and takes only a regular file (`RegularFile`): a FIFO or a device is refused.
    static func read(_ path: String, given: String) throws(UsageError) -> MergeShards.Part {
        do {
            close(try RegularFile.open(path))
        } catch {
            if error.code == ENOENT { throw UsageError("no shard report at \(path)", command: spec.name) }
            let what = error.kind.map { "not a regular file (\($0))" } ?? "unreadable (\(error.reason))"
            throw UsageError(
                "\(path) is \(what): give a shard's folder or its report.json", command: spec.name)
        }
        do {
            return try MergeShards.Part.header(source: given, path: path)
        } catch let error as ReportReadError {
            throw UsageError(error.description, command: spec.name)
        } catch {
            throw UsageError("\(path): \(OutputDirectory.describe(error))", command: spec.name)
        }
    }

    // MARK: Run

    static func run(_ plan: Plan) async -> ExitCode {
        let started = Date()
        let folder = Result {
            try OutputDirectory.prepare(plan.outputs.directory, started: started, files: OutputDirectory.auditFiles).0
        }
        // The shards' domains go to a log in a scratch folder, as audit's do, and the reports are written from it: a
        // merge holds one small entry per domain. The folder (new, mode 0700) is inside the output folder (on the
        // disk meant for the reports, not a /tmp that may be memory) and goes once the log is open for reading.
        let parent =
            (try? folder.get()) ?? (try? RunFolder.open(FileManager.default.temporaryDirectory.path, creating: false))
        let scratchName = ".aasa-audit-merge-\(getpid())-\(UUID().uuidString)"
        // Served files are kept for links judged at the end whatever the shards' options say: a shard's domains may
        // hold crawled URLs its recorded options and counts do not show (a hand-written shard), and only reading
        // them would tell.
        let fileLog = (try? parent?.makeFolder(scratchName)).flatMap {
            try? DomainLog(folder: $0, audited: [], judgesLinks: true)
        }
        let log = fileLog ?? DomainLog(inMemory: [])
        let removeScratch = { try? parent?.remove(scratchName) }
        defer { removeScratch() }
        // Reading 100,000 domains back takes most of a minute: a terminal sees how far along it is.
        let progress = ProgressLine(
            total: plan.parts.reduce(0) { $0 + $1.report.summary.domains }, unit: "domains read", started: started,
            crawl: nil, visible: isatty(STDERR_FILENO) == 1 && !plan.quiet)
        let merged = Result { try MergeShards.merge(plan.parts, into: log, progress: progress.completed) }
        progress.finish()
        var streamed: StreamedReport
        do {
            streamed = try merged.get()
        } catch let refusal as MergeRefusal {
            Terminal.err(UsageError(refusal.description, command: spec.name).text)
            return .usage
        } catch let error as ReportReadError {
            Terminal.err(UsageError(error.description, command: spec.name).text)
            return .usage
        } catch {
            return AuditTool.toolFailure(spec.name, "could not read the shards back: \(error)")
        }
        removeScratch()
        if fileLog != nil, let failure = log.failure {
            Terminal.err(Terminal.safe("aasa-audit merge: domains kept in memory: \(failure)"))
        }
        let header = streamed.header
        RefusedLines.print(header.refused, command: spec.name)
        if let baseline = plan.outputs.baseline {
            // The baseline is read a domain at a time, as audit reads it.
            do {
                streamed.header.changes = try Changes.compare(baselineAt: baseline.path, streamed)
            } catch {
                Terminal.err(Terminal.safe("aasa-audit merge: could not compare with \(baseline.path): \(error)"))
            }
        }
        let written = ReportFiles.write(streamed, into: folder, to: plan.outputs, failOn: plan.failOn, stop: .never)
        let status = RunStatus(
            streamed, failOn: plan.failOn, failOnChange: plan.failOnChange,
            interrupted: header.interrupted)
        if !plan.quiet {
            Terminal.out(
                AuditSummary(terminal: .standard, verbose: false, status: status).render(
                    streamed, reportPath: try? written.get()))
        }
        if case .failure(let failure) = written {
            return AuditTool.toolFailure(spec.name, "could not write the report: \(failure.reason)")
        }
        return status.code
    }
}
