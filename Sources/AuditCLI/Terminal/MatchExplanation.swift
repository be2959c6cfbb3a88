import AASA

/// `match`'s text output: per URL, each app's verdict with its reason and the rules tried, in file order.
struct MatchExplanation {
    let terminal: Terminal
    let matcher: Matcher
    /// The file's substitution variables, so a trace can say what `$(name)` stands for.
    var variables: [String: [String]] = [:]

    /// `requested`: each URL as a browser requests it, which is what is matched (nil: the URLs as given).
    func render(
        path: String, urls: [String], apps: [String], results: [URLVerdicts],
        requested: [MatchCommand.Requested]? = nil
    ) -> String {
        var out: [String] = []
        if apps.isEmpty { out.append("\(Terminal.safe(path)) lists no app for applinks: no URL opens an app.") }
        let requested = requested ?? urls.map { MatchCommand.Requested(url: $0) }
        for ((given, request), verdicts) in zip(zip(urls, requested), results) {
            let url = request.url
            out.append(terminal.paint(Terminal.safe(given), "1"))
            if url != given { out.append("  matched as a browser requests it: \(Terminal.safe(url))") }
            if let refusal = request.refusal {
                out.append("  a browser would not open it (\(Terminal.safe(refusal))): matched as written")
            }
            if PreparedURL(url) == nil { out.append("  not an http(s) URL: universal links are http and https only") }
            for verdict in verdicts.verdicts {
                let label: String
                switch verdict.result {
                case .match: label = terminal.paint("opens the app", "1;32")
                case .exclude: label = terminal.paint("excluded (stays on the web)", "1;33")
                case .noMatch: label = terminal.paint("no match (stays on the web)", "2")
                }
                out.append("  \(Terminal.safe(verdict.appID)): \(label)")
                out.append("    \(Terminal.safe(verdict.reason))")
                for trace in matcher.explain(url, appID: verdict.appID, variables: variables) {
                    let r = trace.rule
                    out.append(
                        "    \(r.format.rawValue)[\(r.ruleIndex)] \(Terminal.safe(r.rule))  (line \(r.line)): "
                            + Terminal.safe(trace.outcome))
                }
            }
            if let opens = verdicts.opensApp, verdicts.verdicts.filter({ $0.result == .match }).count > 1 {
                out.append(
                    "  several apps match: which installed one opens is up to the system; the first in file order is \(Terminal.safe(opens))"
                )
            }
        }
        return out.joined(separator: "\n")
    }

    /// Why a live URL gave no file to match against: its error findings.
    static func unserved(_ url: String, findings: [Finding]) -> String {
        (["aasa-audit: \(Terminal.safe(url)) does not serve a file a device would use:"]
            + findings.filter { $0.severity == .error }.map { "  error[\($0.id)] \(Terminal.safe($0.message))" })
            .joined(separator: "\n")
    }

    /// Why a file cannot be matched against at all, shown as `check` would (without colour: it goes to stderr).
    static func unmatchable(_ file: DecodedFile, name: String, findings: [Finding]) -> String {
        "aasa-audit: \(Terminal.safe(name)) cannot be matched against:\n"
            + FindingPrinter(terminal: Terminal(colour: false), file: file, name: name).render(findings, apps: [])
    }
}
