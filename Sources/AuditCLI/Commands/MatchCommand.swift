import AASA
import Audit
import Fetching
import Foundation

/// `aasa-audit match --file FILE URL ...`: which app opens each URL, and which rule decided.
enum MatchCommand: Command {
    static let file = OptionSpec("--file", .path, help: "match against this local file (- reads stdin)")
    static let domain = OptionSpec(
        "--domain", .string, placeholder: "DOMAIN",
        help: "match against https://DOMAIN/.well-known/apple-app-site-association, fetched as Apple's fetcher does")
    static let appID = OptionSpec(
        "--app-id", .string, repeatable: true, defaultHelp: "every app in the file", placeholder: "ID",
        help: "an app to match for")
    static let json = OptionSpec.flag("--json", help: "print the verdicts as JSON")

    static let spec = CommandSpec(
        name: "match", summary: "which app opens each URL, and which rule decided",
        positionals: [
            PositionalSpec("URL", .oneOrMore, help: "an http(s) URL, or an absolute path such as /shop/1")
        ],
        groups: [OptionGroup("Inputs", [file, domain, appID, json]), NetworkOptions.group],
        constraints: [.exactlyOne([file.name, domain.name])],
        description: [
            "Matches each URL against the file with Apple's rules (first details entry listing the app; components, "
                + "else paths; first matching rule decides) and explains the verdict rule by rule."
        ],
        exitStatus: "0 the URLs were matched, 1 the file cannot be matched against, 2 usage error.")

    /// Where the file comes from.
    enum Source {
        case file(path: String, bytes: [UInt8])
        case domain(DomainTarget, FetcherConfiguration)
    }

    struct Plan {
        var source: Source
        /// Empty: every app in the file.
        var appIDs: [String]
        var urls: [String]
        var json: Bool
    }

    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan {
        // The network options are checked even with --file, so a mistake in them never waits for --domain.
        let configuration = try NetworkOptions.configuration(from: options)
        let source: Source
        if let path = options.string(file) {
            source = .file(path: path, bytes: try InputFile.read(path, command: spec.name))
        } else {
            switch DomainParser.parse(options.string(domain) ?? "") {
            case .success(let target): source = .domain(target, configuration)
            case .failure(let error): throw UsageError("cannot fetch \(error)", command: spec.name)
            }
        }
        return Plan(source: source, appIDs: options.strings(appID), urls: options.positionals, json: options.flag(json))
    }

    static func run(_ plan: Plan) async -> ExitCode {
        let path: String
        let file: DecodedFile
        switch plan.source {
        case .file(let name, let bytes):
            path = name
            // A file far past Apple's 128 KiB limit is not decoded: it is reported as too large.
            file = DecodedFile(bytes: bytes, limit: DecodedFile.localDecodeLimit)
        case .domain(let target, let configuration):
            let fetcher = CurlFetcher(configuration: configuration)
            defer { fetcher.shutdown() }
            let url = DomainProbe.url(target.domain, .wellKnown)
            let exchange = await fetcher.fetch(
                FetchRequest(url: url, location: .wellKnown, policy: .aasaFile(capturesTLS: true)))
            let probe = DomainProbe(domain: target.domain, wellKnown: exchange, root: nil)
            guard let served = probe.file else {
                Terminal.err(MatchExplanation.unserved(url, findings: Catalogue.check(probe)))
                return .findings
            }
            path = url
            file = served
        }
        guard let document = file.document else {
            // The file cannot be matched at all: show why, as `check` would.
            let blocking = Catalogue.check(localFile: file, size: file.undecodedSize ?? file.bytes.count).filter {
                $0.severity == .error
            }
            Terminal.err(MatchExplanation.unmatchable(file, name: path, findings: blocking))
            return .findings
        }
        let matcher = Matcher(document)
        let apps = plan.appIDs.isEmpty ? matcher.appIDs : plan.appIDs
        let results = plan.urls.map { matcher.verdicts(for: $0, appIDs: apps) }
        if plan.json {
            guard let text = try? JSONOutput.text(results) else {
                return AuditTool.toolFailure(spec.name, "could not encode the JSON output")
            }
            Terminal.out(Terminal.safeJSON(text))
            return .success
        }
        Terminal.out(
            MatchExplanation(terminal: .standard, matcher: matcher).render(
                path: path, urls: plan.urls, apps: apps, results: results))
        return .success
    }
}
