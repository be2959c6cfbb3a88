import AASA
import Audit
import Fetching
import Foundation
import Reporting

/// `aasa-audit links [FILE|-] [URL ...]`: will these links open the app? Each link's redirect chain is followed
/// as Safari would, each hop matched against its own host's file (fetched once per run, as `audit` fetches it),
/// and the link given a tier.
enum LinksCommand: Command {
    // MARK: Declaration

    static let html = OptionSpec(
        "--html", .path, repeatable: true,
        help: "judge every a/area href of an HTML file (an email, a landing page), with its text")
    static let entitlements = OptionSpec(
        "--entitlements", .path,
        help: "the app's .entitlements: its associated domains offer the Universal Link that replaces a scheme link")
    static let noFollow = OptionSpec.flag(
        "--no-follow", help: "fetch no link: judge each on its tapped URL alone (each domain's file is still fetched)")
    static let format = OptionSpec(
        "--format", .choiceList(LinksFormat.allCases.map(\.rawValue)), default: "json,html,csv",
        help: "the reports to write (links.json, links.html, links.csv)")
    static let failOn = OptionSpec.choice(
        "--fail-on", of: [LinkTier.safariFirst, .never, .broken], default: .broken,
        help: "exit 1 when a link is at this tier or worse (broken > never > safari-first)")

    static let spec = CommandSpec(
        name: "links", summary: "will these links open the app? campaign, QR and email links through their redirects",
        examples: Examples.links,
        positionals: [
            PositionalSpec(
                "FILE|-|URL", .zeroOrMore,
                help: "a list of links (one a line, # comments, or a CSV with a url column), - for stdin, or a link")
        ],
        groups: [
            OptionGroup("Inputs", [html, SharedOptions.infoPlist, entitlements, noFollow]),
            OptionGroup("Fetching", [SharedOptions.concurrency]),
            NetworkOptions.group,
            OptionGroup("Reports", [SharedOptions.out, format, failOn, AuditCommand.quiet, SharedOptions.csvBOM]),
        ],
        description: [
            "Follows each link's redirect chain hop by hop as Safari would (GET, iPhone Safari user agent, no "
                + "cookies; at most 10 redirects; never to an IP address, another port or another scheme) and "
                + "matches every hop against its own host's apple-app-site-association file, fetched once per run "
                + "exactly as audit fetches it. Each link gets a tier: custom-scheme, broken (also Firebase Dynamic "
                + "Links), opens-app, safari-first (only a later redirect would open the app: not guaranteed) or never.",
            "Unsubscribe, opt-out and preference links are never fetched (a GET could act on them). Following "
                + "tracked links registers clicks in the campaign's statistics: use --no-follow to judge each link "
                + "on its tapped URL alone. Writes links.json, links.html and links.csv (--format picks).",
            "An entry whose scheme is neither http(s) nor an app's (an App Store button, mailto:, tel:, ftp:, data:, "
                + "ws:, ...) is not judged: it is listed as skipped with its kind and the reason, and changes no exit status.",
        ],
        exitStatus:
            "0 no link at or worse than --fail-on (default broken; opens-app and custom-scheme never fail), 1 such "
            + "links, 2 usage error or an input line that is not a link (the rest is judged and reported), 3 the "
            + "report could not be written, 130 interrupted.")

    // MARK: Plan

    struct Plan {
        var list: LinkList
        var configuration: FetcherConfiguration
        var concurrency: Int
        var follows: Bool
        var schemes: URLSchemes?
        var associatedDomains: [String]
        var directory: String?
        var formats: [LinksFormat]
        var failOn: LinkTier
        var quiet: Bool
        /// `--csv-bom`: links.csv starts with a UTF-8 byte order mark.
        var csvBOM = true
    }

    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan {
        let configuration = try NetworkOptions.configuration(from: options)
        let directory = options.string(SharedOptions.out)
        if let directory, OutputDirectory.fileInTheWay(of: directory) == URL(fileURLWithPath: directory).path {
            throw UsageError(
                "--out \(directory) is a file: give a folder (it is created if missing)", command: spec.name)
        }
        // Read first: a system scheme the app declares is skipped as `custom-scheme` while the lists are read.
        let schemes = try SharedOptions.urlSchemes(from: options, command: spec.name)
        var list = LinkList()
        list.schemes = schemes
        let files = options.positionals.filter { !isLink($0) }
        if (files.filter { $0 == "-" }.count + options.strings(html).filter { $0 == "-" }.count) > 1 {
            throw UsageError("standard input can be read once: give the other input as a file", command: spec.name)
        }
        for positional in options.positionals {
            if isLink(positional) {
                list.add(positional, source: "argument")
            } else {
                try list.read(list: positional, command: spec.name)
            }
        }
        for file in options.strings(html) { try list.read(html: file, command: spec.name) }
        try list.checkCount(command: spec.name)
        guard !list.links.isEmpty || !list.refused.isEmpty || list.skipped > 0 else {
            throw UsageError("no link given", command: spec.name)
        }
        var domains: [String] = []
        if let path = options.string(entitlements) {
            domains = try EntitlementsFile.read(path, command: spec.name).applinksHosts
        }
        let formats = options.choiceList(format).compactMap(LinksFormat.init(rawValue:))
        return Plan(
            list: list, configuration: configuration,
            concurrency: options.integer(defaulted: SharedOptions.concurrency),
            follows: !options.flag(noFollow), schemes: schemes, associatedDomains: domains, directory: directory,
            formats: LinksFormat.allCases.filter(formats.contains),
            failOn: options.choice(defaulted: failOn, as: LinkTier.self), quiet: options.flag(AuditCommand.quiet),
            csvBOM: SharedOptions.writesCSVBOM(options))
    }

    /// A positional with a scheme (`https://…`, `myapp://…`) is a link; anything else names a list file.
    static func isLink(_ text: String) -> Bool {
        text != "-" && LinkURL(text) != nil && !FileManager.default.fileExists(atPath: text)
    }

    // MARK: Run

    static func run(_ plan: Plan) async -> ExitCode {
        let started = Date()
        RefusedLines.print(plan.list.refused, command: spec.name)
        var configuration = plan.configuration
        configuration.idleConnections = LinksRunner.idleConnections
        let fetcher = CurlFetcher(configuration: configuration)
        let stopSignal = StopSignal()
        let runner = LinksRunner(
            fetcher: fetcher, concurrency: plan.concurrency, follows: plan.follows, schemes: plan.schemes,
            associatedDomains: plan.associatedDomains, stop: stopSignal)
        let links = plan.list.links
        let progress = ProgressLine(
            total: links.count, unit: "links", started: started, crawl: nil,
            visible: isatty(STDERR_FILENO) == 1 && !plan.quiet)
        let work = Task { await runner.run(links) { progress.completed($0) } }
        let stop = Interruption.onSignal(setting: stopSignal) { work.cancel() }
        defer { stop.cancel() }
        let (results, domains, unfinished) = await work.value
        progress.finish()
        fetcher.shutdown()
        let interrupted = work.isCancelled || stopSignal.isRequested || unfinished > 0
        let report = LinksReport(
            version: AuditTool.version, startedAt: started, finishedAt: Date(), interrupted: interrupted,
            links: results, skipped: plan.list.skipped, skippedLinks: plan.list.skippedLinks,
            inputErrors: plan.list.refused.errors,
            inputErrorsOmitted: plan.list.refused.omitted, domains: domains)
        let written = LinksFiles.write(
            report, directory: plan.directory, formats: plan.formats, started: started, columns: plan.list.columns,
            csvBOM: plan.csvBOM)
        if !plan.quiet {
            Terminal.out(LinksTable(terminal: .standard).render(report, reportPath: try? written.get()))
        }
        if case .failure(let failure) = written {
            Terminal.err(Terminal.safe("aasa-audit links: could not write the report: \(failure.reason)"))
            return .toolFailure
        }
        if interrupted { return .interrupted }
        if !plan.list.refused.isEmpty { return .usage }
        return report.fails(at: plan.failOn) ? .findings : .success
    }
}

/// The report files `links --format` can write.
enum LinksFormat: String, CaseIterable, Sendable {
    case json, html, csv
}
