import AASA
import Audit
import Fetching
import Foundation

/// `match --android-manifest FILE [--assetlinks FILE | --domain HOST] [--android-fingerprint SHA256]`: the Android
/// app's side read once, and each URL judged by `AndroidMatcher` beside (or instead of) the iOS verdicts.
enum MatchAndroid {
    static let manifest = OptionSpec(
        "--android-manifest", .path, placeholder: "XML",
        help: "judge each URL for this Android app too: its AndroidManifest.xml as text (source or merged)")
    static let assetlinks = OptionSpec(
        "--assetlinks", .path,
        help: "the host's assetlinks.json: its statement for the app and its Android 15 dynamic rules "
            + "(without it or --domain the host is assumed verified)")
    static let options = [manifest, assetlinks, AndroidOptions.package, AndroidOptions.fingerprint]
    static let constraints: [Constraint] = [
        .requires(assetlinks.name, manifest.name), .requires(AndroidOptions.package.name, manifest.name),
        .requires(AndroidOptions.fingerprint.name, manifest.name),
    ]

    /// The most of an assetlinks.json read: Android's verifier stops at 1 MiB.
    static let assetlinksLimit = 1 << 20

    struct Inputs {
        var manifest: AndroidManifest
        /// What decides every host: `--assetlinks`, or nothing read (assumed verified). With `--domain` and no
        /// `--assetlinks`, what decides the other hosts until `fetched` decides the domain's own.
        var hostFile: AndroidMatcher.HostFile
        /// `--android-fingerprint`, upper-case colon hex; empty: the file's fingerprints are not checked.
        var fingerprints: [String] = []
        /// `--domain` without `--assetlinks`: the host whose assetlinks.json is fetched to judge its own URLs.
        var domain: String? = nil
        /// The domain's file once fetched and read.
        var fetched: AndroidMatcher.HostFile? = nil

        /// What decides the URLs whose verification host is `host`.
        func hostFile(for host: String) -> AndroidMatcher.HostFile {
            guard let domain, let fetched else { return hostFile }
            return host.lowercased() == domain.lowercased() ? fetched : hostFile
        }
    }

    static func plan(from options: ParsedOptions, command: String, domain: String?) throws(UsageError) -> Inputs? {
        guard let path = options.string(manifest) else { return nil }
        let given = options.string(AndroidOptions.package)
        if let given { try AndroidOptions.validate(package: given, command: command) }
        let (model, name) = try AndroidManifestFile.read(path, package: given, command: command)
        let fingerprints = try AndroidOptions.fingerprints(from: options, command: command)
        guard let links = options.string(assetlinks) else {
            return Inputs(
                manifest: model,
                hostFile: domain.map { .notRead(reason: "--domain fetched only \($0)'s assetlinks.json") }
                    ?? .assumedVerified,
                fingerprints: fingerprints, domain: domain)
        }
        let file = AssetLinks.read(bytes: try InputFile.read(links, command: command, limit: assetlinksLimit))
        if let error = file.syntaxError {
            throw UsageError(
                "\(links) is not JSON (line \(error.position.line), column \(error.position.column)): "
                    + error.message, command: command)
        }
        return Inputs(
            manifest: model, hostFile: hostFile(file, package: name, fingerprints: fingerprints, source: links),
            fingerprints: fingerprints)
    }

    /// What the file says of the app: with `--android-fingerprint`, each verifier's verdict; without, whether it has
    /// a `handle_all_urls` statement for the package (the host then assumed verified), and its dynamic rules.
    static func hostFile(
        _ file: AssetLinksFile, package: String, fingerprints: [String], source: String,
        resolve: AssetLinksFile.IncludeResolver? = nil
    ) -> AndroidMatcher.HostFile {
        guard fingerprints.isEmpty else {
            return .checked(file, package: package, fingerprints: fingerprints, source: source, resolve: resolve)
        }
        guard let root = file.root else { return .unlisted(source: source, reason: "is not JSON") }
        guard let statements = root.elements else {
            return .unlisted(source: source, reason: "is \(root.typeName), not a list of statements")
        }
        for statement in statements {
            guard statement["target"]?["package_name"]?.string == package,
                statement["relation"]?.elements?.contains(where: { $0.string == DynamicRules.relationKey }) == true
            else { continue }
            let rules =
                statement["relation_extensions"].map(DynamicRules.read)
                ?? DynamicRules(rules: [], declared: false, diagnostics: [])
            return .assumedVerifiedWithRules(rules, source: source)
        }
        return .unlisted(
            source: source, reason: "has no \(DynamicRules.relationKey) statement for \(package)")
    }

    /// `https://DOMAIN/.well-known/assetlinks.json` as `audit --android` fetches it (Android's user agent, its 1 MiB
    /// limit, no redirect followed), and the files its `include` statements name, which the site chooses: those go
    /// through the address guard, as in `audit`.
    static func fetch(_ domain: String, fetcher: CurlFetcher) async -> AndroidProbe {
        // audit's own fetch, without Google's view or robots.txt, which match does not judge.
        await AndroidAudit(googleBase: nil).probe(DomainTarget(domain: domain), fetcher: fetcher)
    }

    /// The fetched file read for the app, and the one line for stderr when it cannot be read at all (no answer, not
    /// 200, a redirect, too large, not JSON or not a list): then the host does not verify the app, as on a device. A
    /// chunked body past the limit, which the device reads and this fetch does not, leaves the host assumed verified.
    static func read(
        _ probe: AndroidProbe, _ inputs: Inputs, command: String
    ) -> (
        hostFile: AndroidMatcher.HostFile, failure: String?
    ) {
        let url = DomainProbe.url(probe.domain, .assetLinks)
        let answer = probe.assetLinks
        let declared = answer.headers.last { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        if answer.httpStatus == 200 && answer.failure == nil && answer.truncated && declared == nil {
            // Past 1 MiB with no Content-Length (chunked): Android's verifier reads it whole, this fetch stopped, so
            // whether the host verifies is not known here.
            let reason =
                "\(url) is over 1 MiB with no Content-Length, which Android's verifier reads whole and match does not"
            return (
                .notRead(reason: reason),
                "aasa-audit \(command): \(Terminal.safe(reason)): \(probe.domain) is assumed verified."
            )
        }
        let problem: String?
        if let file = probe.file {
            problem =
                file.syntaxError.map {
                    "is not JSON (line \($0.position.line), column \($0.position.column)): \($0.message)"
                } ?? file.fileProblem.map { "cannot be read: \($0)" }
        } else {
            let errors = Catalogue.check(probe).filter { $0.severity == .error }
            problem = "cannot be read: " + (errors.first?.message ?? "it did not answer 200 with the whole file")
        }
        if let problem {
            let reason = problem + (problem.hasSuffix(".") ? "" : ".")
            return (
                .unlisted(source: url, reason: reason),
                "aasa-audit \(command): \(Terminal.safe(url)) \(Terminal.safe(reason)) No URL of \(probe.domain) "
                    + "opens the Android app."
            )
        }
        let file = probe.file ?? AssetLinks.read(bytes: [])
        let package = inputs.manifest.package ?? ""
        return (
            hostFile(file, package: package, fingerprints: inputs.fingerprints, source: url, resolve: probe.resolve),
            nil
        )
    }

    /// One URL as `match` was given it, judged on its canonical form when it is an http(s) URL.
    static func verdict(_ requested: MatchCommand.Requested, _ inputs: Inputs) -> AndroidMatcher.Verdict {
        guard case .success(let url) = WebURL.parse(requested.url) else {
            return AndroidMatcher.unmatchable(
                requested.url, package: inputs.manifest.package,
                reason: "Not an http(s) URL with a host: Android matches the scheme and host first.")
        }
        return AndroidMatcher.match(url, manifest: inputs.manifest, hostFile: inputs.hostFile(for:))
    }

    /// The manifest's problems (placeholders, malformed patterns) and each web filter Android 12+ does not verify,
    /// with why, for stderr before the verdicts.
    static func warnings(_ inputs: Inputs, command: String) -> [String] {
        let file = Terminal.safe(inputs.manifest.file)
        let problems = inputs.manifest.problems.map { problem in
            "aasa-audit \(command): \(file):\(problem.line): \(Terminal.safe(problem.message)) \(problem.fix)"
        }
        let unverified = inputs.manifest.filters.filter { $0.handlesWebURLs && !$0.appLinkProblems.isEmpty }.map {
            filter in
            "aasa-audit \(command): \(file):\(filter.line): Android 12+ does not verify this filter's hosts "
                + "(\(Terminal.safe(filter.hosts.joined(separator: ", ")))): "
                + Terminal.safe(filter.appLinkProblems.joined(separator: "; ")) + "."
        }
        return problems + unverified
    }

    /// The text lines of one URL's Android verdict.
    static func render(_ verdict: AndroidMatcher.Verdict, terminal: Terminal) -> [String] {
        let label =
            verdict.opens
            ? terminal.paint("opens the app", "1;32") : terminal.paint("does not open the app", "2")
        var lines = ["  \(Terminal.safe(verdict.package ?? "Android app")) (Android): \(label)"]
        lines += verdict.steps.map { "    \(Terminal.safe($0))" }
        lines += verdict.notes.map { "    note: \(Terminal.safe($0))" }
        return lines
    }

    /// `match --json`'s entry for one URL: the iOS verdicts' fields when a file was matched, and `android`.
    struct Entry: Encodable {
        var url: String
        var ios: URLVerdicts?
        var android: AndroidMatcher.Verdict?

        enum Keys: String, CodingKey { case url, android }

        func encode(to encoder: any Encoder) throws {
            if let ios {
                try ios.encode(to: encoder)
            } else {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(url, forKey: .url)
            }
            if let android {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(android, forKey: .android)
            }
        }
    }
}
