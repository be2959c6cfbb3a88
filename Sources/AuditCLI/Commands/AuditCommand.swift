import AASA
import Audit
import Crawling
import Fetching
import Foundation
import Reporting

/// `aasa-audit audit DOMAIN ...`: fetch each domain's file as Apple does, check everything, optionally crawl,
/// and write the reports.
enum AuditCommand: Command {
    // MARK: Declaration

    static let domains = OptionSpec(
        "--domains", .path, repeatable: true,
        help: "read domains from FILE: one per line (# comments) or a CSV with a \"domain\" column")
    static let entitlements = OptionSpec(
        "--entitlements", .path,
        help: "audit every domain an app's .entitlements (XML or binary plist, or service:domain lines) names")
    static let appID = OptionSpec(
        "--app-id", .string, placeholder: "TEAM.bundle",
        help: "the app the entitlements belong to, when the file does not say")
    static let shard = OptionSpec(
        "--shard", .shard(Shard.counts),
        help: "audit only part I of N: the domains whose name's SHA-256 modulo N is I-1; merge combines the parts")

    static let userAgent = OptionSpec(
        "--user-agent", .string, placeholder: "UA",
        help: "fetch and crawl with this user agent instead of Apple's AASA-Bot and aasa-audit/0.1; its leading token "
            + "(letters, _ and -) is the product token robots.txt is read for (aasa-audit by default)")
    static let cdnBase = OptionSpec(
        "--cdn-base", .string, placeholder: "URL",
        help: "fetch the CDN copy from URL/DOMAIN instead of https://app-site-association.cdn-apple.com/a/v1/DOMAIN")
    static let noCDN = OptionSpec.flag("--no-cdn", help: "skip Apple's CDN copy")
    static let concurrency = SharedOptions.concurrency

    static let crawl = OptionSpec.flag("--crawl", help: "crawl each site and give every URL found a verdict per app")
    static let maxPages = OptionSpec(
        "--max-pages", .integer(1...100_000_000), default: String(CrawlOptions.standard.maxPages),
        help: "pages fetched per site at most")
    static let maxURLs = OptionSpec(
        "--max-urls", .integer(1...1_000_000_000),
        defaultHelp: "\(CrawlOptions.urlsPerPage) per page of --max-pages, at least \(CrawlOptions.leastURLCap)",
        help: "URLs recorded per site at most")
    static let maxDepth = OptionSpec(
        "--max-depth", .integer(1...1_000_000), defaultHelp: "no limit", help: "links followed from / at most")
    static let delay = OptionSpec(
        "--delay", .decimal(0...60, unit: "seconds"), default: OptionSpec.number(CrawlOptions.standard.delay),
        help: "wait between requests to a site, then 1 at a time; a larger robots.txt Crawl-delay wins")
    static let maxCrawlDelay = OptionSpec(
        "--max-crawl-delay", .decimal(0...3_600, unit: "seconds"),
        default: OptionSpec.number(CrawlOptions.standard.maxCrawlDelay),
        help: "longest robots.txt Crawl-delay honoured; the report says when a site asks for more")
    static let crawlTime = OptionSpec(
        "--crawl-time", .decimal(1...86_400, unit: "seconds"),
        default: OptionSpec.number(CrawlOptions.standard.crawlTime),
        help: "time one site's crawl may take; then it stops with crawl-time")
    static let crawlConcurrency = OptionSpec(
        "--crawl-concurrency", .integer(1...64), default: String(CrawlOptions.standard.perHostConcurrency),
        help: "requests in flight per site while crawling")
    static let includeSubdomains = OptionSpec.flag(
        "--include-subdomains", help: "crawl the site's subdomains as well")
    static let maxInlinks = OptionSpec(
        "--max-inlinks", .integer(0...1_000_000_000), default: String(InlinkSpool.defaultCap),
        help: "links listed per site in inlinks.csv at most; report.json counts the rest (crawl.inlinksOmitted)")
    static let judgeLinkedHosts = OptionSpec(
        "--judge-linked-hosts", .integer(0...10_000), default: String(CrawlOptions.standard.judgeLinkedHosts),
        placeholder: "N",
        help: "fetch the file of up to N other hosts the crawl links to, to judge those links (never an IP address, "
            + "this machine or a private network unless --connect-to maps the host); else they are unknown unless "
            + "audited too")

    static let out = SharedOptions.out
    static let format = OptionSpec(
        "--format", .choiceList(ReportFormat.allCases.map(\.rawValue)), default: "json,html,csv",
        help: "the reports to write")
    static let baseline = OptionSpec(
        "--baseline", .path, defaultHelp: "the previous run under Reports/, or in --out DIR",
        placeholder: "REPORT.json",
        help: "compare with an earlier report.json (or the run folder holding it)")
    static let keep = OptionSpec(
        "--keep", .integer(1...1_000_000), help: "keep only the newest N runs under Reports/, without --out")
    static let failOn = SharedOptions.runFailOn
    static let csvBOM = SharedOptions.csvBOM
    static let infoPlist = SharedOptions.infoPlist
    static let failOnChange = OptionSpec.flag(
        "--fail-on-change",
        help: "also exit 1 when anything changed since the baseline (with --fail-on none: only then)")
    static let quiet = OptionSpec.flag(
        "--quiet", short: "-q",
        help: "print only errors (refused input lines, report failures); the exit status still tells")
    static let verbose = OptionSpec.flag(
        "--verbose", short: "-v", help: "also print info findings, and each finding's fix and location")
    static let resume = OptionSpec(
        "--resume", .path, placeholder: "DIR",
        help: "continue the interrupted run in DIR with its inputs and options; finished domains are kept")
    static let retryFailed = OptionSpec.flag(
        "--retry-failed", help: "with --resume, audit the domains that failed again")
    static let config = SharedOptions.config
    static let noConfig = SharedOptions.noConfig
    static let ignore = SharedOptions.ignore

    static let spec = CommandSpec(
        name: "audit", summary: "audit deployed domains as Apple's fetcher sees them",
        examples: Examples.audit,
        positionals: [
            PositionalSpec("DOMAIN", .zeroOrMore, help: "a host, a URL or an entitlement line (applinks:host)")
        ],
        groups: [
            OptionGroup("Inputs", [domains, entitlements, appID, infoPlist, shard]),
            OptionGroup("Fetching", [userAgent, cdnBase, noCDN, concurrency]),
            NetworkOptions.group,
            OptionGroup(
                "Crawl",
                [
                    crawl, maxPages, maxURLs, maxDepth, delay, maxCrawlDelay, crawlTime, crawlConcurrency,
                    includeSubdomains, maxInlinks, judgeLinkedHosts,
                ]),
            OptionGroup("Reports", [out, format, baseline, keep, failOn, failOnChange, quiet, verbose, csvBOM]),
            OptionGroup("Resuming", [resume, retryFailed]),
            OptionGroup("Suppressions", [config, noConfig, ignore]),
        ],
        constraints: [
            .requires(retryFailed.name, resume.name),
            .conflicts(cdnBase.name, noCDN.name), .requires(appID.name, entitlements.name),
            .conflicts(quiet.name, verbose.name), .requires(infoPlist.name, crawl.name),
            .requires(maxInlinks.name, crawl.name),
            .requires(judgeLinkedHosts.name, crawl.name),
            .conflicts(config.name, noConfig.name),
        ],
        description: [
            "Fetches https://DOMAIN/.well-known/apple-app-site-association and /apple-app-site-association as "
                + "Apple's fetcher does (no redirects, 128 KiB cap, AASA-Bot first, then a browser and a generic bot "
                + "user agent), runs every transport, document, app ID and rule check, and writes report.json, "
                + "report.html, urls.csv and findings.csv (--format picks; junit and markdown too).",
            "--crawl then crawls each site from / and its sitemaps (robots.txt honoured) and gives every URL found "
                + "a verdict per app with the deciding rule. --entitlements checks that each domain's file lists "
                + "the app. Apple's CDN copy is fetched and compared unless --no-cdn.",
            "The crawl lists the custom-scheme links (myapp://...) it finds, page by page: --info-plist says whether "
                + "the app declares each scheme, and --entitlements names the Universal Link that would replace it.",
            "Ignore entries suppress findings, as a linter's do: .aasa-audit.json in the working folder (or "
                + "--config FILE; --no-config reads none) lists {\"check\", \"domain\" (* wildcards), \"pointer\" "
                + "(a JSON Pointer), \"reason\"} entries under \"ignore\", and --ignore ID[@DOMAIN] adds one. A "
                + "suppressed finding stays in the reports, marked with its reason and counted apart, and fails "
                + "nothing; an entry that matched nothing is named on stderr (the exit status is unchanged).",
        ],
        exitStatus: RunStatus.table)

    // MARK: Plan

    /// An audit run, decided before any network traffic.
    struct Plan {
        /// What to audit.
        struct Inputs {
            var targets: [DomainTarget]
            /// Lines of `--domains` files that cannot be audited: reported, and the run exits 2.
            var refused = RefusedInputs()
            var entitlements: Entitlements?
            var entitlementFindings: [Finding]
            var appID: String?
            /// With `--shard`: this part, the whole list it was taken from recorded.
            var shard: Shard?
            /// The schemes `--info-plist` declares, for the crawl's custom-scheme links.
            var urlSchemes: URLSchemes?
        }

        /// How to fetch each domain's file.
        struct Fetch {
            var configuration: FetcherConfiguration
            var userAgent: String?
            /// Nil: no CDN comparison.
            var cdnBase: String?
            var concurrency: Int
        }

        /// Where the reports go and what they are compared with.
        struct Outputs {
            /// Nil: a timestamped folder under Reports/.
            var directory: String?
            var formats: [ReportFormat]
            var baseline: (path: String, report: AuditReport)?
            var keep: Int?
            /// `--csv-bom`: the CSV files start with a UTF-8 byte order mark.
            var csvBOM = true
        }

        /// `--resume`: the run folder and what its log already holds.
        struct Resume {
            var folder: RunFolder
            var retryFailed: Bool
            var recovered: DomainLog.Recovered
        }

        var inputs: Inputs
        var fetch: Fetch
        /// Written into the run folder, for `--resume`.
        var record: RunRecord
        var resume: Resume?
        /// Nil: no crawl.
        var crawl: CrawlOptions?
        var outputs: Outputs
        /// Nil: `--fail-on none`.
        var failOn: Severity?
        var failOnChange: Bool
        var quiet: Bool
        var verbose = false
        /// The options that change findings, recorded in the report for `merge` and baseline comparisons.
        var findingOptions: [String: String]?
        /// `--max-inlinks`: links listed per site in inlinks.csv.
        var inlinksCap = InlinkSpool.defaultCap
        /// The ignore entries (`.aasa-audit.json` or `--config`, and `--ignore`).
        var suppressions = Suppressions([])
    }

    static func plan(from given: ParsedOptions) throws(UsageError) -> Plan {
        let (options, started) = try resumed(given)
        var outputs = try planOutputs(options, resuming: started != nil)
        if let started, outputs.baseline == nil, let path = started.record.baseline {
            outputs.baseline = try BaselineFile.read(path, command: spec.name)
        }
        let configuration = try NetworkOptions.configuration(from: options)
        let cdn = options.string(cdnBase)
        // An http(s) URL with a host: the domain is appended to it.
        if let cdn, URLAuthority.httpHost(of: cdn)?.isEmpty != false {
            throw UsageError("--cdn-base takes an http(s) URL, not \(cdn)", command: spec.name)
        }
        let fetch = Plan.Fetch(
            configuration: configuration, userAgent: options.string(userAgent),
            cdnBase: options.flag(noCDN) ? nil : (cdn ?? DomainAuditor.appleCDN),
            concurrency: options.integer(defaulted: concurrency))
        let inputs = try planInputs(options)
        let domains = inputs.targets.map(\.domain)
        let record = RunRecord(
            options: options, domains: domains, baseline: outputs.baseline?.path,
            underReports: started?.record.underReports ?? (outputs.directory == nil))
        var resume: Plan.Resume?
        if let started {
            resume = try planResume(started.folder, record: started.record, domains: domains, options: options)
        }
        var plan = Plan(
            inputs: inputs, fetch: fetch, record: record, resume: resume,
            crawl: options.flag(crawl) ? crawlOptions(options) : nil,
            outputs: outputs, failOn: SharedOptions.failOn(options),
            failOnChange: options.flag(failOnChange), quiet: options.flag(quiet), verbose: options.flag(verbose))
        plan.inlinksCap = options.integer(defaulted: maxInlinks)
        plan.suppressions = try ConfigFile.suppressions(from: options, command: spec.name)
        // The previous run under Reports/ is a baseline only when it covered the same part: another shard's
        // domains (or a whole run's, for a shard) would all read as added or removed.
        let part = options.shard(shard).map { "\($0.index)/\($0.count)" }
        if !options.has(baseline), plan.outputs.baseline?.report.shard?.name != part { plan.outputs.baseline = nil }
        if let (index, count) = options.shard(shard) {
            let part = DomainTargets.select(plan.inputs.targets, shard: Shard(index: index, count: count))
            plan.inputs.targets = part.targets
            plan.inputs.shard = part.shard
        }
        // Recorded in every report: `merge` compares shards by them, and a baseline made with others is compared
        // with a note per check they decide.
        plan.findingOptions = findingOptions(options, plan)
        return plan
    }

    /// The options that change findings, with their values (defaults included), as `merge` compares shards: the
    /// crawl's only with --crawl, files by their content (the same file may sit elsewhere on another machine).
    /// Speed-only options (--concurrency, --delay, --crawl-concurrency) are left out.
    static func findingOptions(_ options: ParsedOptions, _ plan: Plan) -> [String: String] {
        var recorded: [String: String] = [:]
        var specs = [noCDN, NetworkOptions.timeout, crawl]
        if plan.crawl != nil {
            specs += [maxPages, maxURLs, maxDepth, maxCrawlDelay, crawlTime, includeSubdomains, judgeLinkedHosts]
        }
        for spec in specs {
            switch spec.kind {
            case .flag: recorded[spec.name] = options.flag(spec) ? "true" : nil
            case .integer: recorded[spec.name] = options.integer(spec).map(String.init)
            case .decimal: recorded[spec.name] = options.decimal(spec).map(OptionSpec.number)
            default: break
            }
        }
        recorded[userAgent.name] = plan.fetch.userAgent
        recorded[cdnBase.name] = plan.fetch.cdnBase
        recorded[appID.name] = plan.inputs.appID
        let mappings = options.strings(NetworkOptions.connectTo)
        recorded[NetworkOptions.connectTo.name] = mappings.isEmpty ? nil : mappings.joined(separator: " ")
        if let entries = plan.inputs.entitlements?.entries {
            recorded[entitlements.name] = "sha256:" + SHA256.hex(Array(entries.map { $0.raw + "\n" }.joined().utf8))
        }
        if let path = plan.fetch.configuration.caCertificate, let bytes = FileManager.default.contents(atPath: path) {
            recorded[NetworkOptions.caCert.name] = "sha256:" + SHA256.hex(Array(bytes))
        }
        return recorded
    }

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
                folder: folder, audited: Set(domains), lineLimit: DomainLog.lineLimit(maxURLs: maxURLsRecorded(options))
            )
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

    /// The most URLs a site's crawl records with these options, nil without `--crawl`: what bounds a line of the
    /// run's log.
    static func maxURLsRecorded(_ options: ParsedOptions) -> Int? {
        guard options.flag(crawl) else { return nil }
        return crawlOptions(options).urlCap
    }

    static func crawlOptions(_ options: ParsedOptions) -> CrawlOptions {
        var crawl = CrawlOptions()
        crawl.maxPages = options.integer(defaulted: maxPages)
        crawl.maxURLs = options.integer(maxURLs)
        crawl.maxDepth = options.integer(maxDepth)
        crawl.delay = options.decimal(defaulted: delay)
        crawl.maxCrawlDelay = options.decimal(defaulted: maxCrawlDelay)
        crawl.crawlTime = options.decimal(defaulted: crawlTime)
        crawl.perHostConcurrency = options.integer(defaulted: crawlConcurrency)
        crawl.includeSubdomains = options.flag(includeSubdomains)
        crawl.judgeLinkedHosts = options.integer(defaulted: judgeLinkedHosts)
        crawl.userAgent = options.string(userAgent) ?? crawl.userAgent
        return crawl
    }

    /// Without `--baseline`, the previous run is the baseline: the newest under Reports/ without `--out`, the one
    /// in `--out DIR` with it (moved to DIR/previous/ as this run starts); a resumed run keeps the baseline it
    /// recorded (its folder's report.json is its own partial one).
    static func planOutputs(_ options: ParsedOptions, resuming: Bool) throws(UsageError) -> Plan.Outputs {
        let directory = options.string(out)
        // A file named as --out is refused before any work; one further up the path is found when the folder is
        // made (exit 3, the summary still printed), like every other place a report cannot be written.
        if let directory, OutputDirectory.fileInTheWay(of: directory) == URL(fileURLWithPath: directory).path {
            throw UsageError(
                "--out \(directory) is a file: give a folder (it is created if missing)", command: spec.name)
        }
        var previous: (path: String, report: AuditReport)?
        if let path = options.string(baseline) {
            previous = try BaselineFile.read(path, command: spec.name)
        } else if let directory {
            if !resuming { previous = OutputDirectory.previousRun(in: directory) }
        } else {
            previous = OutputDirectory.previousRun()
        }
        let formats = options.choiceList(format).compactMap(ReportFormat.init(rawValue:))
        return Plan.Outputs(
            directory: directory, formats: ReportFormat.allCases.filter(formats.contains), baseline: previous,
            keep: options.integer(keep), csvBOM: SharedOptions.writesCSVBOM(options))
    }

    /// The domains to audit: the command line's, the lists', the entitlements' (merged by domain).
    static func planInputs(_ options: ParsedOptions) throws(UsageError) -> Plan.Inputs {
        let arguments = options.positionals
        var read: Entitlements?
        var findings: [Finding] = []
        var app = options.string(appID)
        // An ID that is not TEAMID.bundle.id can never be listed: say so rather than report every domain missing it.
        if let given = app, let problem = AppIDSuggestion.formatProblem(given) {
            throw UsageError(
                "--app-id \(Terminal.safe(given)) is not an app ID (TEAMID.bundle.id): \(problem)", command: spec.name)
        }
        if let file = options.string(entitlements) {
            read = try EntitlementsFile.read(file, command: spec.name)
            app = app ?? read?.appID
            findings = read.map(Catalogue.check) ?? []
            guard app != nil else {
                throw UsageError(
                    "--app-id TEAMID.bundle.id is required: \(file) does not state application-identifier",
                    command: spec.name)
            }
        }
        var built = DomainTargets()
        built.add(entitlements: read?.entries ?? [])
        try built.add(arguments: arguments, command: spec.name)
        for file in options.strings(domains) { try built.add(list: file, command: spec.name) }
        guard !arguments.isEmpty || built.listed > 0 || read?.entries.isEmpty == false else {
            throw UsageError("no domain given", command: spec.name)
        }
        return Plan.Inputs(
            targets: built.targets, refused: built.refused, entitlements: read, entitlementFindings: findings,
            appID: app, urlSchemes: try SharedOptions.urlSchemes(from: options, command: spec.name))
    }

    // MARK: Run

    static func run(_ plan: Plan) async -> ExitCode {
        let started = Date()
        // Refused lines first, before a long run: the operator sees them while it works.
        RefusedLines.print(plan.inputs.refused, command: spec.name)
        // The run folder first: each domain is written into it as it finishes. When it cannot be made, the
        // domains wait in a temporary folder and writing the reports fails as it would have (exit 3).
        var plan = plan
        let folder = Result { () throws -> RunFolder in
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
        if case .success(let opened) = folder { try? plan.record.write(to: opened) }
        var (report, interrupted, watch, logFailure) = await audit(plan, started: started, folder: try? folder.get())
        let fetchingEnded = Date()
        defer { watch.cancel() }
        if let baseline = plan.outputs.baseline {
            do {
                // A shard compares only its own domains: the others are in other shards, not removed.
                report.header.changes = try Changes.compare(
                    baselineAt: baseline.path, report, only: plan.inputs.shard)
            } catch {
                Terminal.err(Terminal.safe("aasa-audit audit: could not compare with \(baseline.path): \(error)"))
            }
        }
        var writtenAt: [String: Date] = [:]
        let written = ReportFiles.write(report, into: folder, to: plan.outputs, failOn: plan.failOn) {
            writtenAt[$0] = $1
        }
        if case .success = written, case .success(let opened) = folder {
            plan.record.timing = RunRecord.Timing(fetchingEndedAt: fetchingEnded, reportsWrittenAt: writtenAt)
            try? plan.record.write(to: opened)
        }
        var latestProblem: String?
        if case .success = written, plan.record.underReports, let directory = try? folder.get() {
            latestProblem = OutputDirectory.finishRun(directory.path, keep: plan.outputs.keep, started: started)
        }
        // A signal while the reports were written: they were written again, marked interrupted.
        if StopRequest.isRequested && !interrupted {
            interrupted = true
            report.header.interrupted = true
        }
        let status = RunStatus(
            report, failOn: plan.failOn, failOnChange: plan.failOnChange, interrupted: interrupted)
        if !plan.quiet {
            Terminal.out(
                AuditSummary(terminal: .standard, verbose: plan.verbose, status: status).render(
                    report, reportPath: try? written.get()))
        }
        if case .failure(let failure) = written {
            Terminal.err(Terminal.safe("aasa-audit audit: could not write the report: \(failure.reason)"))
            return .toolFailure
        }
        if let logFailure {
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

    /// Audits every target not already finished in a resumed run (and crawls, if planned) with a progress line,
    /// until done or SIGINT/SIGTERM, appending each domain to the run folder's log as it finishes. The signal
    /// watch stays on until the reports are written.
    static func audit(
        _ plan: Plan, started: Date, folder: RunFolder?
    ) async -> (
        report: StreamedReport, interrupted: Bool, watch: Interruption.Watch, logFailure: String?
    ) {
        let fetcher = CurlFetcher(configuration: plan.fetch.configuration)
        var crawlOptions = plan.crawl
        crawlOptions?.progress = CrawlProgress()
        // The crawls' links are spooled only for the reports that show them.
        if plan.outputs.formats.contains(.csv) || plan.outputs.formats.contains(.html) {
            crawlOptions?.inlinks = InlinkSpool(cap: plan.inlinksCap)
        }
        var auditor = DomainAuditor(
            fetcher: fetcher, userAgent: plan.fetch.userAgent, cdnBase: plan.fetch.cdnBase, appID: plan.inputs.appID,
            crawler: crawlOptions.map { Crawler(fetcher: fetcher, options: $0) as any SiteCrawling })
        if let crawl = plan.crawl, crawl.judgeLinkedHosts > 0 {
            auditor.linkedHosts = LinkedHostFiles(
                fetcher: fetcher, limit: crawl.judgeLinkedHosts, audited: Set(plan.inputs.targets.map(\.domain)))
        }
        let runner = AuditRunner(auditor: auditor, concurrency: plan.fetch.concurrency)
        var targets = plan.inputs.targets
        let (kept, pending) = resumeSplit(plan, targets: &targets)
        let audited = Set(targets.map(\.domain))
        // Without a run folder, or when its log cannot be opened (a link or a FIFO planted in its place), the log
        // goes to a temporary folder, removed once the reports are written; without that either, the domains are
        // kept in memory. A log that could not be opened in the run folder is a failure of the run (exit 3).
        var scratch: RunFolder?
        var log: DomainLog?
        var openFailure: String?
        if let folder {
            do {
                log = try DomainLog(folder: folder, audited: audited, kept: kept, resuming: plan.resume != nil)
            } catch {
                openFailure = "\(error)"
            }
        }
        if log == nil, let temporary = try? RunFolder.temporary(prefix: "aasa-audit") {
            scratch = temporary
            log = try? DomainLog(folder: temporary, audited: audited, kept: kept)
        }
        let sink = log ?? DomainLog(inMemory: audited, kept: kept)
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
                sink.append(report, index: index)
                progress.domainsDone(already + done)
            }
        }
        let stop = Interruption.onSignal { work.cancel() }
        let unfinished = await work.value
        fetcher.shutdown()
        progress.finish()
        var domains: DomainStream
        var logFailure = openFailure ?? (folder != nil && scratch == nil ? sink.failure : nil)
        do {
            domains = try sink.finish()
        } catch {
            // The log cannot be read back: what this run audited is lost for the reports; say so.
            logFailure = "\(error)"
            domains = DomainStream([])
        }
        if !plan.suppressions.isEmpty { domains.suppressions = plan.suppressions }
        // Links from one audited site to another, judged by the other's file now that every file is in.
        try? domains.judgeLinksBetweenDomains()
        // Custom-scheme links found by crawls, judged now that every associated domain's file is in.
        try? domains.judgeSchemeLinks(
            schemes: plan.inputs.urlSchemes,
            associated: plan.inputs.entitlements?.applinksHosts)
        if let scratch, let parent = try? RunFolder.open(FileManager.default.temporaryDirectory.path, creating: false) {
            try? parent.remove(URL(fileURLWithPath: scratch.path).lastPathComponent)
        }
        let interrupted = work.isCancelled || StopRequest.isRequested
        var entitlementFindings = plan.inputs.entitlementFindings
        plan.suppressions.apply(to: &entitlementFindings, domain: [])
        var header = AuditReport(
            version: AuditTool.version, startedAt: started, finishedAt: Date(),
            interrupted: interrupted, notAudited: unfinished.map { targets[$0].domain }, domains: [],
            entitlements: plan.inputs.entitlements.map {
                AuditReport.EntitlementsReport(
                    file: $0.file, appID: plan.inputs.appID, entries: $0.entries.map(\.raw),
                    findings: entitlementFindings)
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
        var streamed = StreamedReport(header: header, domains: domains)
        streamed.inlinks = crawlOptions?.inlinks
        return (streamed, interrupted, stop, logFailure)
    }

    /// A resumed run's finished domains (kept) and the positions still to audit. A domain whose crawl the
    /// interruption cut short is crawled again from its start, and says so; with `--retry-failed` a failed domain
    /// is audited again.
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
