import AASA
import Audit
import Fetching
import Foundation

/// `aasa-audit match --file FILE URL ...`: which app opens each URL, and which rule decided; with
/// `--android-manifest`, whether the Android app opens it too (`MatchAndroid`).
enum MatchCommand: Command {
    static let file = OptionSpec("--file", .path, help: "match against this local file (- reads stdin)")
    static let domain = OptionSpec(
        "--domain", .string, placeholder: "DOMAIN",
        help: "match against https://DOMAIN/.well-known/apple-app-site-association, fetched as Apple's fetcher does "
            + "(with --android-manifest, its assetlinks.json too)")
    static let appID = OptionSpec(
        "--app-id", .string, repeatable: true, defaultHelp: "every app in the file", placeholder: "ID",
        help: "an app to match for")
    static let json = OptionSpec.flag("--json", help: "print the verdicts as JSON")
    static let urls = OptionSpec(
        "--urls", .path, repeatable: true,
        help: "read URLs from FILE (- reads stdin): one per line (# comments) or a CSV with a \"url\" column")
    static let expect = OptionSpec.choice(
        "--expect", of: Expectation.allCases,
        help: "exit 1 unless every URL opens an app (one of --app-id's, if given), or opens none of them")

    /// What `--expect` demands of every URL.
    enum Expectation: String, CaseIterable, Sendable {
        case opensApp = "opens-app"
        case noApp = "no-app"
    }

    /// The most URLs one run matches: a list past it is refused rather than matched in part.
    static let maxURLs = 1_000_000

    static let spec = CommandSpec(
        name: "match", summary: "which app opens each URL, and which rule decided",
        examples: Examples.match,
        positionals: [
            PositionalSpec(
                "URL", .zeroOrMore,
                help: "an http(s) URL, or an absolute path such as /shop/1 (a value with no scheme is refused)")
        ],
        groups: [
            OptionGroup("Inputs", [file, domain, appID, urls, expect, json]),
            OptionGroup("Android", MatchAndroid.options),
            NetworkOptions.group,
        ],
        constraints: [
            .atLeastOne([file.name, domain.name, MatchAndroid.manifest.name]), .conflicts(file.name, domain.name),
        ]
            + MatchAndroid.constraints,
        description: [
            "Matches each URL against the file with Apple's rules (first details entry listing the app; components, "
                + "else paths; first matching rule decides) and explains the verdict rule by rule.",
            "With --android-manifest each URL is also judged for the Android app as a device with Android 12+ and "
                + "Google Play services does: an App Link filter (autoVerify, VIEW, BROWSABLE, DEFAULT, http/https) "
                + "matching scheme, host and the decoded path, its <uri-relative-filter-group> elements, then the "
                + "dynamic rules of the host's assetlinks.json (first match decides, no match excludes). The file is "
                + "--assetlinks, or with --domain the domain's own, fetched as Android's verifier fetches it (its URLs "
                + "only: other hosts are assumed verified); with --android-fingerprint the host verifies only when the "
                + "file lists the package with one of those certificates, as AOSP's and Google's verifiers read it. "
                + "Without a file the host is assumed verified. --expect must then hold on every platform asked.",
            "A value with no scheme (acme.com/a, //acme.com/a) is refused with a did-you-mean, never answered as "
                + "\"stays on the web\". Another scheme (myapp://x) is answered as no universal link, and refused "
                + "under --expect, since no apple-app-site-association file decides which app opens it.",
        ],
        exitStatus:
            "0 the URLs were matched (with --expect: every URL met it), 1 a URL did not meet --expect or the file "
            + "cannot be matched against (with --domain: also an assetlinks.json that cannot be read; the verdicts are "
            + "still printed), 2 usage error (also an --app-id that is not TEAMID.bundle.id or is one or "
            + "two characters from a listed app, with a did-you-mean; also an unusable --urls file, or a URL or --urls line "
            + "refused: no scheme, too long to read, or another scheme under --expect; the rest is matched).")

    /// Where the file comes from.
    enum Source {
        case file(path: String, bytes: [UInt8])
        case domain(DomainTarget, FetcherConfiguration)
    }

    struct Plan {
        /// Nil: Android only.
        var source: Source?
        var android: MatchAndroid.Inputs? = nil
        /// Empty: every app in the file.
        var appIDs: [String]
        var urls: [String]
        var json: Bool
        var expect: Expectation?
        /// `--urls` lines too long to read: named on stderr, and the run exits 2 once the rest is matched.
        var refused = RefusedInputs()
    }

    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan {
        // The network options are checked even with --file, so a mistake in them never waits for --domain.
        let configuration = try NetworkOptions.configuration(from: options)
        let lists = options.strings(urls)
        if options.string(file) == "-" && lists.contains("-") || lists.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input can be read once: give the other list as a file", command: spec.name)
        }
        let expecting = options.choice(expect, as: Expectation.self) != nil
        var given: [String] = []
        var refused = RefusedInputs()
        for (index, value) in options.positionals.enumerated() {
            if let reason = MatchURLs.refusal(value, expecting: expecting) {
                refused.append(InputError(input: value, source: "argument \(index + 1)", reason: reason))
            } else {
                given.append(value)
            }
        }
        for list in lists {
            let name = ListFile.name(list)
            // Read a line at a time: a list past the cap is refused at the URL that passes it.
            try ListFile.read(
                path: list, column: "url", trailingComments: false, isHeader: { !$0.contains("/") },
                command: spec.name
            ) { item throws(UsageError) in
                switch item {
                case .value(let value, let line):
                    if let reason = MatchURLs.refusal(value, expecting: expecting) {
                        refused.append(InputError(input: value, source: "\(name):\(line)", reason: reason))
                    } else {
                        given.append(value)
                    }
                case .refused(let input, let line, let reason):
                    refused.append(InputError(input: input, source: "\(name):\(line)", reason: reason))
                }
                guard given.count <= maxURLs else {
                    throw UsageError(
                        "\(list) holds more than \(RefusedInputs.grouped(maxURLs)) URLs: split it", command: spec.name)
                }
            }
        }
        guard !given.isEmpty || !refused.isEmpty else {
            throw UsageError(
                lists.isEmpty ? "no URL given" : "no URL in \(lists.joined(separator: ", "))", command: spec.name)
        }
        var source: Source?
        if let path = options.string(file) {
            source = .file(path: path, bytes: try InputFile.read(path, command: spec.name))
        } else if let name = options.string(domain) {
            switch DomainParser.parse(name) {
            case .success(let target): source = .domain(target, configuration)
            case .failure(let error): throw UsageError("cannot fetch \(error)", command: spec.name)
            }
        }
        var fetchedDomain: String?
        if case .domain(let target, _) = source, options.string(MatchAndroid.assetlinks) == nil {
            fetchedDomain = target.domain
        }
        return Plan(
            source: source, android: try MatchAndroid.plan(from: options, command: spec.name, domain: fetchedDomain),
            appIDs: options.strings(appID), urls: given, json: options.flag(json),
            expect: options.choice(expect, as: Expectation.self), refused: refused)
    }

    /// `--urls FILE`: one URL a line (a `#` starts a comment only at the start of a line: URLs have fragments),
    /// or a CSV whose header has a `url` column (a first line with commas and no slash is a header without one).
    static func urlList(_ bytes: [UInt8], path: String) throws(UsageError) -> [ListFile.Line] {
        try ListFile.parse(
            bytes, path: path, column: "url", trailingComments: false, isHeader: { !$0.contains("/") },
            command: spec.name)
    }

    /// The URLs that do not meet `expectation`: one that should open an app opens none of `apps`; one that
    /// should open none opens one of them.
    static func misses(
        _ results: [URLVerdicts]?, android: [AndroidMatcher.Verdict]? = nil, urls: [String], _ expectation: Expectation
    ) -> [String] {
        urls.indices.compactMap { index in
            var platforms: [Bool] = []
            if let results { platforms.append(results[index].verdicts.contains { $0.result == .match }) }
            if let android { platforms.append(android[index].opens) }
            return platforms.allSatisfy { $0 == (expectation == .opensApp) } ? nil : urls[index]
        }
    }

    /// A URL as a browser requests it, and why a browser would not open it (the URL Standard refuses it).
    struct Requested: Equatable {
        var url: String
        var refusal: String?
    }

    /// An http(s) URL in its canonical form (host case, default port, dot segments, IDNA, percent-encoding);
    /// anything else (an absolute path, another scheme) as given.
    static func requested(_ given: String) -> Requested {
        guard let scheme = URLAuthority.scheme(of: given), scheme == "http" || scheme == "https" else {
            return Requested(url: given)
        }
        switch WebURL.parse(given) {
        case .success(let url): return Requested(url: url.href)
        case .failure(let failure): return Requested(url: given, refusal: failure.reason)
        }
    }

    static func run(_ plan: Plan) async -> ExitCode {
        RefusedLines.print(plan.refused, command: spec.name)
        let status = await match(plan)
        // A refused line outranks findings, as in `audit` and `links`: the list needs mending first.
        return !plan.refused.isEmpty && (status == .success || status == .findings) ? .usage : status
    }

    static func match(_ plan: Plan) async -> ExitCode {
        if let android = plan.android {
            for warning in MatchAndroid.warnings(android, command: spec.name) { Terminal.err(warning) }
        }
        let requested = plan.urls.map(Self.requested)
        var inputs = plan.android
        // A file that cannot be matched against (iOS) or read (Android): said on stderr, and the run exits 1.
        var unreadable = false
        var ios: (path: String, file: DecodedFile)?
        switch plan.source {
        case .file(let name, let bytes):
            // A file far past Apple's 128 KiB limit is not decoded: it is reported as too large.
            ios = (name, DecodedFile(bytes: bytes, limit: DecodedFile.localDecodeLimit))
        case .domain(let target, let configuration):
            let fetched = await fetch(target.domain, configuration, android: inputs?.domain != nil)
            if let probe = fetched.android, var android = inputs {
                let read = MatchAndroid.read(probe, android, command: spec.name)
                android.fetched = read.hostFile
                inputs = android
                if let failure = read.failure {
                    Terminal.err(failure)
                    unreadable = true
                }
            }
            let url = DomainProbe.url(target.domain, .wellKnown)
            let probe = DomainProbe(domain: target.domain, wellKnown: fetched.ios, root: nil)
            if let served = probe.file {
                ios = (url, served)
            } else {
                Terminal.err(MatchExplanation.unserved(url, findings: Catalogue.check(probe)))
                unreadable = true
            }
        case nil: break
        }
        let android = inputs.map { inputs in requested.map { MatchAndroid.verdict($0, inputs) } }
        func androidOnly() -> ExitCode {
            // The Android verdicts still stand when the iOS file cannot be matched against.
            guard android != nil else { return .findings }
            let status = report(plan, requested: requested, ios: nil, android: android)
            return unreadable && status == .success ? .findings : status
        }
        guard let (path, file) = ios else { return androidOnly() }
        guard let document = file.document else {
            // The file cannot be matched at all: show why, as `check` would.
            let blocking = Catalogue.check(localFile: file, size: file.undecodedSize ?? file.bytes.count).filter {
                $0.severity == .error
            }
            Terminal.err(MatchExplanation.unmatchable(file, name: path, findings: blocking))
            unreadable = true
            return androidOnly()
        }
        let matcher = Matcher(document)
        let apps = plan.appIDs.isEmpty ? matcher.appIDs : plan.appIDs
        // An --app-id the file does not list: one that is not TEAMID.bundle.id, or a near miss of a listed one, is
        // refused with a did-you-mean rather than answered "no match"; another is answered, with a note.
        for id in plan.appIDs where !matcher.appIDs.contains(id) {
            let guess = AppIDSuggestion.nearest(to: id, among: matcher.appIDs)
            let problem = AppIDSuggestion.formatProblem(id)
            guard problem != nil || guess != nil else {
                Terminal.err(
                    "aasa-audit match: \(Terminal.safe(path)) does not list \(Terminal.safe(id)) for applinks: no URL "
                        + "opens it")
                continue
            }
            Terminal.err(
                "aasa-audit match: --app-id \(Terminal.safe(id)) "
                    + (problem.map { "is not an app ID (TEAMID.bundle.id): \($0)" }
                        ?? "is not listed in \(Terminal.safe(path))")
                    + (guess.map { "; did you mean \(Terminal.safe($0))?" } ?? ""))
            return .usage
        }
        // Judged as a browser requests them (the URL Standard's canonical form); absolute paths as given.
        let results = requested.map { matcher.verdicts(for: $0.url, appIDs: apps) }
        let explanation = MatchExplanation(
            terminal: .standard, matcher: matcher, variables: document.substitutionVariables)
        let status = report(
            plan, requested: requested, ios: (path, apps, results, explanation), android: android)
        return unreadable && status == .success ? .findings : status
    }

    /// `--domain`'s files, fetched at once with one fetcher: the apple-app-site-association as Apple's fetcher
    /// fetches it and, with `android`, the assetlinks.json as Android's verifier does.
    static func fetch(
        _ domain: String, _ configuration: FetcherConfiguration, android: Bool
    ) async -> (
        ios: Exchange, android: AndroidProbe?
    ) {
        let fetcher = CurlFetcher(configuration: configuration)
        defer { fetcher.shutdown() }
        async let assetLinks: AndroidProbe? = android ? MatchAndroid.fetch(domain, fetcher: fetcher) : nil
        let ios = await fetcher.fetch(
            FetchRequest(
                url: DomainProbe.url(domain, .wellKnown), location: .wellKnown,
                policy: .aasaFile(capturesTLS: true)))
        return (ios, await assetLinks)
    }

    /// Prints the verdicts (per URL: iOS, then Android) and applies `--expect` to every platform asked.
    static func report(
        _ plan: Plan, requested: [Requested],
        ios: (path: String, apps: [String], results: [URLVerdicts], explanation: MatchExplanation)?,
        android: [AndroidMatcher.Verdict]?
    ) -> ExitCode {
        let results = ios?.results
        if plan.json {
            let text: String?
            if let android {
                text = try? JSONOutput.text(
                    plan.urls.indices.map {
                        MatchAndroid.Entry(url: requested[$0].url, ios: results?[$0], android: android[$0])
                    })
            } else {
                text = try? JSONOutput.text(results ?? [])
            }
            guard let text else { return AuditTool.toolFailure(spec.name, "could not encode the JSON output") }
            Terminal.out(Terminal.safeJSON(text))
        } else if let ios, android == nil {
            Terminal.out(
                ios.explanation.render(
                    path: ios.path, urls: plan.urls, apps: ios.apps, results: ios.results, requested: requested))
        } else if let android {
            var lines: [String] = []
            for index in plan.urls.indices {
                if let ios {
                    lines.append(
                        ios.explanation.render(
                            path: ios.path, urls: [plan.urls[index]], apps: ios.apps, results: [ios.results[index]],
                            requested: [requested[index]]))
                } else {
                    lines.append(Terminal.standard.paint(Terminal.safe(plan.urls[index]), "1"))
                }
                lines += MatchAndroid.render(android[index], terminal: .standard)
            }
            Terminal.out(lines.joined(separator: "\n"))
        }
        guard let expectation = plan.expect else { return .success }
        let missed = misses(results, android: android, urls: plan.urls, expectation)
        guard !missed.isEmpty else { return .success }
        let what = expectation == .opensApp ? "open no app" : "open an app"
        let among = plan.appIDs.isEmpty ? "" : " of \(plan.appIDs.joined(separator: ", "))"
        Terminal.err(
            "aasa-audit match: \(missed.count) of \(plan.urls.count) URL(s) \(what)\(among) (--expect \(expectation.rawValue)):\n"
                + missed.map { "  \($0)" }.joined(separator: "\n"))
        return .findings
    }
}
