import AASA
import Audit
import Crawling
import Fetching
import Foundation

/// `audit`'s plan: every local input read and checked, and every option turned into values, before any network
/// traffic.
extension AuditCommand {
    /// An audit run, decided before any network traffic.
    struct Plan {
        /// What to audit.
        struct Inputs {
            var targets: [DomainTarget]
            /// Lines of `--domains` files that cannot be audited: reported, and the run exits 2.
            var refused = RefusedInputs()
            var entitlements: Entitlements?
            var entitlementFindings: [Finding]
            /// `--android-manifest`, and the findings about the manifest itself (`Plan.androidManifestFindings`).
            var androidManifest: AndroidManifest? = nil
            var androidManifestFindings: [Finding] = []
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
            /// `--android`; nil: no Android App Links audit.
            var android: AndroidAudit?
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
            concurrency: options.integer(defaulted: concurrency), android: try planAndroid(options))
        let inputs = try planInputs(options, manifest: fetch.android?.manifest)
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
        var specs = [noCDN, NetworkOptions.timeout, crawl, noDAL]
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
        recorded[dalBase.name] = plan.fetch.android?.googleBase
        recorded[android.name] = plan.fetch.android == nil ? nil : "true"
        recorded[AndroidOptions.package.name] = plan.fetch.android?.app?.package
        if let app = plan.fetch.android?.app, !app.fingerprints.isEmpty {
            recorded[AndroidOptions.fingerprint.name] = app.fingerprints.sorted().joined(separator: " ")
        }
        if let path = options.string(androidManifest), let bytes = FileManager.default.contents(atPath: path) {
            recorded[androidManifest.name] = "sha256:" + SHA256.hex(Array(bytes))
        }
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
    static func planInputs(_ options: ParsedOptions, manifest: AndroidManifest?) throws(UsageError) -> Plan.Inputs {
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
        // The manifest's hosts get the Android audit; the others only with --android.
        built.android = options.flag(android)
        try built.add(arguments: arguments, command: spec.name)
        for file in options.strings(domains) { try built.add(list: file, command: spec.name) }
        let manifestHosts = manifest?.verifiedHosts ?? []
        built.add(androidHosts: manifestHosts)
        guard !arguments.isEmpty || built.listed > 0 || read?.entries.isEmpty == false || !manifestHosts.isEmpty
        else {
            throw UsageError("no domain given", command: spec.name)
        }
        return Plan.Inputs(
            targets: built.targets, refused: built.refused, entitlements: read, entitlementFindings: findings,
            androidManifest: manifest, androidManifestFindings: androidManifestFindings(manifest),
            appID: app, urlSchemes: try SharedOptions.urlSchemes(from: options, command: spec.name))
    }
}
