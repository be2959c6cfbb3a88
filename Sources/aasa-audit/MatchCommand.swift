import AASA
import Fetching
import Foundation

/// `aasa-audit match --file FILE URL ...`: which app opens each URL, and which rule decided.
enum MatchCommand {
    static let usage = """
        usage: aasa-audit match (--file FILE | --domain DOMAIN) [--app-id ID ...] [--json] URL ...
                                [--connect-to HOST:PORT:ADDR:PORT ...] [--ca-cert FILE] [--timeout SECONDS]

        Matches each URL against the file with Apple's rules (first details entry listing the app; components,
        else paths; first matching rule decides) and explains the verdict rule by rule.
        Without --app-id every app in the file is tried. URLs may also be absolute paths such as /shop/1.
        --domain fetches https://DOMAIN/.well-known/apple-app-site-association live, as Apple's fetcher does.
        """

    static func run(_ arguments: [String]) async throws -> ExitCode {
        var args = Arguments(arguments, usage: usage)
        let json = args.flag("--json")
        let filePath = try args.value("--file")
        let domain = try args.value("--domain")
        let connectTo = try args.values("--connect-to")
        let caCert = try args.value("--ca-cert")
        let timeout = try AuditCommand.positiveDouble(try args.value("--timeout") ?? "10", "--timeout")
        let appIDs = try args.values("--app-id")
        let urls = try args.positionals()
        guard (filePath == nil) != (domain == nil) else {
            throw UsageError(message: "give exactly one of --file FILE and --domain DOMAIN", usage: usage)
        }
        guard !urls.isEmpty else { throw UsageError(message: "missing URL", usage: usage) }
        let path: String
        let file: DecodedFile
        if let filePath {
            path = filePath
            file = DecodedFile(bytes: try readInput(filePath, usage: usage))
        } else {
            let target: DomainTarget
            switch DomainParser.parse(domain!) {
            case .success(let parsed): target = parsed
            case .failure(let error): throw UsageError(message: "cannot fetch \(error)", usage: usage)
            }
            let fetcher = CurlFetcher(
                configuration: FetcherConfiguration(connectTo: connectTo, caCertificate: caCert, timeout: timeout))
            defer { fetcher.shutdown() }
            let url = DomainProbe.url(target.domain, .wellKnown)
            let exchange = await fetcher.fetch(
                FetchRequest(url: url, location: .wellKnown, policy: .aasaFile(capturesTLS: true)))
            let probe = DomainProbe(domain: target.domain, wellKnown: exchange, root: nil)
            guard probe.documentSource != nil else {
                Terminal.err("aasa-audit: \(url) does not serve a file a device would use:")
                for finding in Catalogue.check(probe) where finding.severity == .error {
                    Terminal.err("  error[\(finding.id)] \(finding.message)")
                }
                return .findings
            }
            path = url
            file = DecodedFile(bytes: exchange.body)
        }
        guard let document = file.document else {
            // The file cannot be matched at all: show why, as `check` would.
            let blocking = Catalogue.check(file).filter { $0.severity == .error }
            Terminal.err("aasa-audit: \(path) cannot be matched against:")
            Terminal.err(FindingPrinter(terminal: .standard, file: file, name: path).render(blocking, apps: []))
            return .findings
        }
        let matcher = Matcher(document)
        let apps = appIDs.isEmpty ? matcher.appIDs : appIDs
        let results = urls.map { matcher.verdicts(for: $0, appIDs: apps) }
        if json {
            Terminal.out(try jsonText(results))
            return .success
        }
        let terminal = Terminal.standard
        if apps.isEmpty { Terminal.out("\(path) lists no app for applinks: no URL opens an app.") }
        for (url, verdicts) in zip(urls, results) {
            Terminal.out(terminal.paint(url, "1"))
            if PreparedURL(url) == nil { Terminal.out("  not an http(s) URL: universal links are http and https only") }
            for verdict in verdicts.verdicts {
                let label: String
                switch verdict.result {
                case .match: label = terminal.paint("opens the app", "1;32")
                case .exclude: label = terminal.paint("excluded (stays on the web)", "1;33")
                case .noMatch: label = terminal.paint("no match (stays on the web)", "2")
                }
                Terminal.out("  \(verdict.appID): \(label)")
                Terminal.out("    \(verdict.reason)")
                for trace in matcher.explain(url, appID: verdict.appID) {
                    let r = trace.rule
                    Terminal.out(
                        "    \(r.format.rawValue)[\(r.ruleIndex)] \(r.rule)  (line \(r.line)): \(trace.outcome)")
                }
            }
            if let opens = verdicts.opensApp, verdicts.verdicts.filter({ $0.result == .match }).count > 1 {
                Terminal.out(
                    "  several apps match: which installed one opens is up to the system; the first in file order is \(opens)"
                )
            }
        }
        return .success
    }
}
