import AASA
import Audit
import Crawling
import Fetching
import Foundation
import Reporting
import Synchronization

/// `aasa-audit audit DOMAIN ...`: fetch each domain's file as Apple does and check everything.
enum AuditCommand {
    static let usage = """
        usage: aasa-audit audit [DOMAIN ...] [--domains FILE] [--entitlements FILE [--app-id TEAM.bundle]]
                                [--out DIR] [--format json,html,csv,junit,markdown] [--fail-on error|warning|info]
                                [--baseline REPORT.json] [--fail-on-change] [--keep N] [--concurrency N]
                                [--timeout SECONDS] [--connect-to HOST:PORT:ADDR:PORT ...] [--ca-cert FILE]
                                [--user-agent UA] [--cdn-base URL | --no-cdn] [--quiet]
                                [--crawl [--max-pages N] [--max-urls N] [--max-depth N] [--delay SECONDS]
                                         [--crawl-concurrency N] [--include-subdomains]]

        Fetches https://DOMAIN/.well-known/apple-app-site-association and /apple-app-site-association as Apple's
        fetcher does (no redirects, 128 KiB cap, AASA-Bot first, then a browser and a generic bot user agent), runs
        every transport, document, app ID and rule check, and writes report.json, report.html, urls.csv and
        findings.csv (--format picks; junit and markdown too) to --out (default Reports/<UTC timestamp>/, with
        Reports/latest pointing at it and --keep N pruning older runs). --baseline compares with an earlier
        report.json (default: the previous run under Reports/); --fail-on-change exits 1 on any change. DOMAIN may be a host, a URL or an entitlement line (applinks:host); --domains
        reads one per line (# comments) or a CSV with a "domain" column.
        --crawl then crawls each site from / and its sitemaps (robots.txt honoured, 8 requests at a time unless
        --crawl-concurrency (1 to 64) says otherwise, 1 with a --delay or a robots.txt Crawl-delay, at most
        --max-pages pages, default 10000; --max-urls URLs recorded, default 10 per page and at least 100000) and
        gives every URL found a verdict per app with the deciding rule.
        --entitlements reads an app's .entitlements (XML or binary plist) or a text list of service:domain lines,
        audits every domain it names and checks each file lists the app (--app-id when the file does not say).
        Apple's CDN copy (https://app-site-association.cdn-apple.com/a/v1/DOMAIN) is fetched and compared unless
        --no-cdn; --cdn-base points elsewhere. --connect-to has curl's meaning (empty HOST or PORT matches any);
        --ca-cert adds a trust anchor.
        Exit status: 0 no finding at or above --fail-on (default error), 1 such findings, 2 usage error,
        3 the report could not be written, 130 interrupted (the report of what finished is still written).
        """

    static func run(_ arguments: [String]) async throws -> ExitCode {
        var args = Arguments(arguments, usage: usage)
        let quiet = args.flag("--quiet", "-q")
        let failOn = try parseSeverity(try args.value("--fail-on") ?? "error", usage: usage)
        let files = try args.values("--domains")
        let out = try args.value("--out")
        let formats = try (args.value("--format") ?? "json,html,csv").split(separator: ",").map(String.init)
        for format in formats where !["json", "html", "csv", "junit", "markdown"].contains(format) {
            throw UsageError(message: "unknown --format \(format): json, html, csv, junit or markdown", usage: usage)
        }
        let baselinePath = try args.value("--baseline")
        let failOnChange = args.flag("--fail-on-change")
        let keep = try args.value("--keep").map { try positiveInt($0, "--keep") }
        var baseline: (path: String, report: AuditReport)?
        if let baselinePath {
            guard FileManager.default.isReadableFile(atPath: baselinePath) else {
                throw UsageError(message: "cannot read --baseline \(baselinePath)", usage: usage)
            }
            do {
                baseline = (baselinePath, try AuditReport.baseline(at: baselinePath))
            } catch {
                throw UsageError(
                    message: "--baseline \(baselinePath) is not an aasa-audit report.json: \(error)", usage: usage)
            }
        } else if out == nil, let previous = OutputDirectory.previousRun() {
            baseline = previous
        }
        let concurrency = try positiveInt(try args.value("--concurrency") ?? "32", "--concurrency")
        let timeout = try positiveDouble(try args.value("--timeout") ?? "10", "--timeout")
        let connectTo = try args.values("--connect-to")
        for entry in connectTo where entry.split(separator: ":", omittingEmptySubsequences: false).count < 4 {
            throw UsageError(message: "--connect-to takes HOST:PORT:ADDR:PORT, not \(entry)", usage: usage)
        }
        let caCert = try args.value("--ca-cert")
        if let caCert, !FileManager.default.isReadableFile(atPath: caCert) {
            throw UsageError(message: "cannot read --ca-cert \(caCert)", usage: usage)
        }
        let userAgent = try args.value("--user-agent")
        let crawl = args.flag("--crawl")
        var crawlOptions = CrawlOptions()
        if let pages = try args.value("--max-pages") { crawlOptions.maxPages = try positiveInt(pages, "--max-pages") }
        if let urls = try args.value("--max-urls") { crawlOptions.maxURLs = try positiveInt(urls, "--max-urls") }
        if let depth = try args.value("--max-depth") { crawlOptions.maxDepth = try positiveInt(depth, "--max-depth") }
        if let delay = try args.value("--delay") {
            guard let seconds = Double(delay), seconds >= 0, seconds <= 60 else {
                throw UsageError(message: "--delay takes 0 to 60 seconds", usage: usage)
            }
            crawlOptions.delay = seconds
        }
        if let requests = try args.value("--crawl-concurrency") {
            guard let count = Int(requests), (1...64).contains(count) else {
                throw UsageError(message: "--crawl-concurrency takes 1 to 64 requests per site", usage: usage)
            }
            crawlOptions.perHostConcurrency = count
        }
        crawlOptions.includeSubdomains = args.flag("--include-subdomains")
        crawlOptions.progress = CrawlProgress()
        let entitlementsFile = try args.value("--entitlements")
        var appID = try args.value("--app-id")
        let noCDN = args.flag("--no-cdn")
        let cdnBase = try args.value("--cdn-base")
        if noCDN && cdnBase != nil { throw UsageError(message: "give --cdn-base or --no-cdn, not both", usage: usage) }
        if let cdnBase, !(cdnBase.hasPrefix("https://") || cdnBase.hasPrefix("http://")) {
            throw UsageError(message: "--cdn-base takes an http(s) URL", usage: usage)
        }
        var inputs = try args.positionals()
        for file in files { inputs += try readDomainList(file) }
        var entitlements: Entitlements?
        var entitlementFindings: [Finding] = []
        if let entitlementsFile {
            do {
                let read = try Entitlements.read(
                    Data(try readInput(entitlementsFile, usage: usage)), file: entitlementsFile)
                entitlements = read
                appID = appID ?? read.appID
                entitlementFindings = Catalogue.check(read)
            } catch let error as Entitlements.ReadError {
                throw UsageError(message: error.description, usage: usage)
            }
            guard appID != nil else {
                throw UsageError(
                    message:
                        "--app-id TEAMID.bundle.id is required: \(entitlementsFile) does not state application-identifier",
                    usage: usage)
            }
        } else if appID != nil {
            throw UsageError(message: "--app-id goes with --entitlements", usage: usage)
        }
        guard !inputs.isEmpty || entitlements?.entries.isEmpty == false else {
            throw UsageError(message: "no domain given", usage: usage)
        }
        var targets: [DomainTarget] = []
        var problems: [String] = []
        var index: [String: Int] = [:]
        func add(_ target: DomainTarget) {
            if let existing = index[target.domain] {
                targets[existing].entries += target.entries
                targets[existing].notes += target.notes.filter { !targets[existing].notes.contains($0) }
            } else {
                index[target.domain] = targets.count
                targets.append(target)
            }
        }
        for entry in entitlements?.entries ?? [] {
            // Entries Apple would reject are entitlement-entry-format findings; audit what can be audited.
            guard EntitlementEntryFormat.services.contains(entry.service), !entry.fileHost.isEmpty,
                case .success(var target) = DomainParser.parse(entry.fileHost)
            else { continue }
            target.entries = [entry]
            target.input = nil
            if entry.isWildcard {
                target.notes.append(
                    "\(entry.raw) is served by this apex file: it covers every subdomain of \(target.domain) that has no entry of its own"
                )
            }
            add(target)
        }
        for input in inputs {
            switch DomainParser.parse(input) {
            case .success(let target): add(target)
            case .failure(let error): problems.append(error.description)
            }
        }
        guard problems.isEmpty else {
            throw UsageError(message: "cannot audit: " + problems.joined(separator: "; "), usage: usage)
        }

        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: connectTo, caCertificate: caCert, timeout: timeout))
        let auditor = DomainAuditor(
            fetcher: fetcher, userAgent: userAgent, cdnBase: noCDN ? nil : (cdnBase ?? DomainAuditor.appleCDN),
            appID: appID, crawler: crawl ? Crawler(fetcher: fetcher, options: crawlOptions) as any SiteCrawling : nil)
        let runner = AuditRunner(auditor: auditor, concurrency: concurrency)
        let started = Date()
        let showProgress = isatty(STDERR_FILENO) == 1 && !quiet
        let total = targets.count
        let finished = DoneCounter()
        let work = Task {
            await runner.run(targets) { _, done in finished.set(done) }
        }
        // Progress goes to stderr, only on a terminal: domains done, pages crawled, rate and ETA.
        let progress = crawlOptions.progress
        let ticker = Task {
            guard showProgress else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                let done = finished.value
                let elapsed = max(0.001, Date().timeIntervalSince(started))
                var line = "[\(done)/\(total) domains]"
                if crawl, let pages = progress?.pages {
                    line += " \(pages) pages crawled, \(Int(Double(pages) / elapsed)) pages/s"
                }
                if done > 0 && done < total { line += ", ETA \(Int(elapsed / Double(done) * Double(total - done)))s" }
                FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
            }
        }
        let stop = Interruption.onSignal { work.cancel() }
        var (reports, unfinished) = await work.value
        ticker.cancel()
        CrawlVerdicts.crossDomain(&reports)
        stop.cancel()
        fetcher.shutdown()
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let interrupted = work.isCancelled
        var report = AuditReport(
            version: version, startedAt: started, finishedAt: Date(), interrupted: interrupted, notAudited: unfinished,
            domains: reports,
            entitlements: entitlements.map {
                AuditReport.EntitlementsReport(
                    file: $0.file, appID: appID, entries: $0.entries.map(\.raw), findings: entitlementFindings)
            })

        if let baseline { report.changes = Changes.compare(baseline.report, report, baseline: baseline.path) }

        var written: String?
        var writeError: String?
        do {
            let directory = try OutputDirectory.prepare(out, started: started)
            // Each file is produced while it is written; the two that grow with the crawl arrive in pieces.
            var files: [(String, (_ sink: (Data) throws -> Void) throws -> Void)] = []
            if formats.contains("json") { files.append(("report.json", { try report.writeJSON(into: $0) })) }
            if formats.contains("html") {
                files.append(("report.html", { try $0(Data(HTMLReport.render(report).utf8)) }))
            }
            if formats.contains("csv") {
                files.append(("urls.csv", { sink in try URLsCSV.render(report) { try sink(Data($0.utf8)) } }))
                files.append(("findings.csv", { try $0(Data(FindingsCSV.render(report).utf8)) }))
            }
            if formats.contains("junit") {
                files.append(
                    ("report.junit.xml", { try $0(Data(JUnitReport.render(report, failOn: failOn).utf8)) }))
            }
            if formats.contains("markdown") {
                files.append(("summary.md", { try $0(Data(MarkdownReport.render(report).utf8)) }))
            }
            for (name, produce) in files {
                try OutputDirectory.writeAtomically(to: directory.appendingPathComponent(name), produce)
            }
            written =
                directory.appendingPathComponent(formats.contains("html") ? "report.html" : files.first?.0 ?? "").path
            if out == nil { OutputDirectory.finishRun(directory, keep: keep) }
        } catch {
            writeError = OutputDirectory.describe(error)
        }
        if !quiet { Terminal.out(AuditSummary.render(report, terminal: .standard, reportPath: written)) }
        if let writeError {
            Terminal.err("aasa-audit audit: could not write the report: \(writeError)")
            return .toolFailure
        }
        if interrupted { return .interrupted }
        let all = reports.flatMap(\.findings) + entitlementFindings
        if failOnChange, let changes = report.changes, !changes.isEmpty { return .findings }
        return all.contains { $0.severity >= failOn } ? .findings : .success
    }

    static func positiveInt(_ text: String, _ name: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "\(name) takes a positive number", usage: usage)
        }
        return value
    }

    static func positiveDouble(_ text: String, _ name: String) throws -> Double {
        guard let value = Double(text), value > 0 else {
            throw UsageError(message: "\(name) takes a positive number of seconds", usage: usage)
        }
        return value
    }

    /// One domain per line with `#` comments, or a CSV whose header has a `domain` column.
    static func readDomainList(_ path: String) throws -> [String] {
        let bytes = try readInput(path, usage: usage)
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let content = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let header = content.first else { return [] }
        let columns = CSVLine.split(header).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if columns.count > 1 || columns.first == "domain" {
            guard let index = columns.firstIndex(of: "domain") else {
                throw UsageError(message: "\(path) looks like a CSV but has no \"domain\" column", usage: usage)
            }
            return content.dropFirst().compactMap { line in
                let cells = CSVLine.split(line)
                return index < cells.count ? cells[index].trimmingCharacters(in: .whitespaces) : nil
            }.filter { !$0.isEmpty }
        }
        return content.map { line in
            // Allow trailing comments: "example.com  # shop".
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }
    }
}

/// How many domains have finished, shared with the progress line (an atomic, for ThreadSanitizer's sake: it
/// cannot see `Mutex`'s futex ordering on Linux).
final class DoneCounter: Sendable {
    private let count = Atomic<Int>(0)
    func set(_ value: Int) { count.store(value, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// RFC 4180 field splitting for one line (quoted fields, doubled quotes).
enum CSVLine {
    static func split(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        cell.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(c)
            }
        }
        cells.append(cell)
        return cells
    }
}

/// Where reports go, written so a reader never sees half a file.
enum OutputDirectory {
    /// A report file that could not be written, and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// "No space left on device" rather than Foundation's nested error dump.
    static func describe(_ error: any Error) -> String {
        if let failure = error as? Failure { return failure.description }
        let ns = error as NSError
        let posix =
            ns.domain == NSPOSIXErrorDomain
            ? ns
            : (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
                $0.domain == NSPOSIXErrorDomain ? $0 : nil
            }
        if let posix { return String(cString: strerror(Int32(posix.code))) }
        let path = ns.userInfo[NSFilePathErrorKey] as? String
        return [path, ns.localizedDescription].compactMap { $0 }.joined(separator: ": ")
    }

    static func prepare(_ out: String?, started: Date) throws -> URL {
        let url: URL
        if let out {
            url = URL(fileURLWithPath: out)
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            // Two runs in the same second (or two processes) each get their own folder.
            let base = formatter.string(from: started)
            var candidate = reports.appendingPathComponent(base)
            var n = 1
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
            while (try? FileManager.default.createDirectory(at: candidate, withIntermediateDirectories: false)) == nil {
                n += 1
                candidate = reports.appendingPathComponent("\(base)-\(n)")
                if n > 1000 { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: candidate.path]) }
            }
            url = candidate
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let reports = URL(fileURLWithPath: "Reports")

    /// Timestamped run folders under Reports/, oldest first.
    static func runs() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
        return names.filter { $0.wholeMatch(of: /\d{8}T\d{6}Z(-\d+)?/) != nil }.sorted().map {
            reports.appendingPathComponent($0)
        }
    }

    /// The newest earlier run's report, the default baseline of a nightly job.
    static func previousRun() -> (path: String, report: AuditReport)? {
        for run in runs().reversed() {
            let path = run.appendingPathComponent("report.json").path
            if let report = try? AuditReport.baseline(at: path) { return (path, report) }
        }
        return nil
    }

    /// Points Reports/latest at this run (atomically, via a temporary link) and prunes runs beyond `keep`.
    static func finishRun(_ directory: URL, keep: Int?) {
        let temporary = reports.appendingPathComponent(".latest.\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: temporary)
        if (try? FileManager.default.createSymbolicLink(
            atPath: temporary.path, withDestinationPath: directory.lastPathComponent)) != nil
        {
            _ = rename(temporary.path, reports.appendingPathComponent("latest").path)
        }
        if let keep {
            for old in runs().dropLast(keep) { try? FileManager.default.removeItem(at: old) }
        }
    }

    /// Writes what `produce` hands over to a temporary file beside `url`, then renames it into place: readers
    /// see the old file or the whole new one, never a torn one (and a full disk leaves the old file). A failure
    /// names the file and the system's reason.
    static func writeAtomically(to url: URL, _ produce: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try produce { try handle.write(contentsOf: $0) }
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(path: url.path, reason: describe(error))
        }
    }
}

/// SIGINT/SIGTERM stop the run; what finished is still reported.
enum Interruption {
    /// Watches both signals until `cancel()`.
    struct Watch {
        let sources: [any DispatchSourceSignal]
        func cancel() { sources.forEach { $0.cancel() } }
    }

    static func onSignal(_ action: @escaping @Sendable () -> Void) -> Watch {
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
        return Watch(sources: sources)
    }
}

/// The plain-text summary on stdout.
enum AuditSummary {
    static func render(_ report: AuditReport, terminal: Terminal, reportPath: String?) -> String {
        let s = report.summary
        var lines = [
            "aasa-audit: \(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail "
                + "(\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos)"
        ]
        if report.interrupted {
            lines.append(
                "interrupted: \(report.notAudited.count) domain(s) not audited: \(report.notAudited.joined(separator: ", "))"
            )
        }
        let width = report.domains.map(\.domain.count).max() ?? 0
        for domain in report.domains {
            let verdict: String
            switch domain.verdict {
            case .pass: verdict = terminal.paint("pass", "1;32")
            case .warn: verdict = terminal.paint("warn", "1;33")
            case .fail: verdict = terminal.paint("fail", "1;31")
            }
            var ids: [String] = []
            for f in domain.findings where f.severity >= .warning && !ids.contains(f.id) { ids.append(f.id) }
            let padded = domain.domain + String(repeating: " ", count: width - domain.domain.count)
            lines.append("  \(verdict)  \(padded)  \(ids.joined(separator: ", "))")
            for finding in domain.findings where finding.severity == .error {
                lines.append("        \(finding.id): \(finding.message)")
            }
            if let crawl = domain.crawl {
                let opening = domain.urls.tally().opening
                lines.append(
                    "        crawl: \(crawl.pagesFetched) pages, \(crawl.urlsDiscovered) URLs, \(opening) open an app; "
                        + "stopped: \(crawl.stoppedBecause)")
            }
        }
        if let entitlements = report.entitlements {
            lines.append(
                "entitlements \(entitlements.file) (\(entitlements.appID ?? "no app ID")): \(entitlements.entries.count) entries"
            )
            for finding in entitlements.findings where finding.severity >= .warning {
                lines.append("        \(finding.id): \(finding.message)")
            }
        }
        if let changes = report.changes { lines.append("changes since \(changes.baseline): \(changes.headline)") }
        if let reportPath { lines.append("report: \(reportPath)") }
        return lines.joined(separator: "\n")
    }
}
