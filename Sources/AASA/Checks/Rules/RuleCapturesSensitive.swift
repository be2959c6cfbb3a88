/// A rule that opens the app on an unsubscribe, opt-out, preference, "view in browser", sign-in callback or
/// `/.well-known/` page takes that page away from the browser: the tracking-domain `/*` trap.
public enum RuleCapturesSensitive: Check {
    public static let description = CheckDescription(
        id: "rule-captures-sensitive", area: .rules, severity: .warning,
        summary: "No rule opens the app on unsubscribe, opt-out or other browser-only pages",
        rationale: """
            Marketing links pass through an email platform's click-tracking domain. When that domain's file \
            associates everything (a bare `/*`, often added so tracked links open the app), every link on it opens \
            the app: the unsubscribe, opt-out and preference pages, "view in browser" copies and sign-in callbacks \
            too, and the user can no longer reach them in the browser. The check tries each rule, with Apple's \
            matching, on the paths email platforms document for those pages (SendGrid's `/wf/unsubscribe`, \
            Sailthru's `/oc/`, …) and on the generic words (`unsubscribe`, `opt-out`, `/oauth`, `/.well-known/`). \
            Associate only the prefix meant for app links (some platforms reserve one) and exclude the rest.
            """,
        reference: AppleDocs.components)

    /// Captured paths shown per kind in the message, at most (the fix lists every exclusion).
    static let pathsShown = 3

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/click/*"}]}]}}"#
            ),
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/wf/unsubscribe*", "exclude": true}, {"/": "/wf/*"}]}]}}"#
            ),
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/*"}]}]}}"#,
                at: ["/applinks/details/0/components/0"]),
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["NOT /wf/unsubscribe*", "/products/*", "*"]}]}}"#,
                at: ["/applinks/details/0/paths/2"]),
        ])

    /// One captured page: what kind it is, the path tried and the entry that names it.
    struct Capture {
        var entry: SensitivePaths.Entry
        var path: String
    }

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document, !document.entries.isEmpty else { return }
        let matcher = Matcher(document)
        guard !matcher.appIDs.isEmpty else { return }
        var captured: [Int: [Capture]] = [:]
        var apps: [Int: [String]] = [:]
        for candidate in candidates() {
            if findings.stop.isRequested { return }
            guard let prepared = matcher.prepare("https://aasa-audit.invalid" + candidate.path) else { continue }
            for (app, decision) in zip(matcher.appIDs, matcher.decisions(prepared)) {
                guard decision.result == .match, let rule = decision.rule else { continue }
                if !(captured[rule]?.contains { $0.path == candidate.path } ?? false) {
                    captured[rule, default: []].append(candidate)
                }
                if !(apps[rule]?.contains(app) ?? false) { apps[rule, default: []].append(app) }
            }
        }
        for rule in captured.keys.sorted() {
            let reference = matcher.reference(rule)
            report(
                reference, captures: captured[rule] ?? [], apps: apps[rule] ?? [], into: &findings)
        }
    }

    static func report(
        _ reference: RuleReference, captures: [Capture], apps: [String], into findings: inout FindingSink
    ) {
        var kinds: [SensitivePaths.Kind] = []
        var byKind: [SensitivePaths.Kind: [String]] = [:]
        var shownEntries: Set<String> = []
        // One path per list entry: `/wf/unsubscribe` stands for its sub-path and query variants.
        for capture in captures where shownEntries.insert(capture.entry.pattern).inserted {
            if byKind[capture.entry.kind] == nil { kinds.append(capture.entry.kind) }
            byKind[capture.entry.kind, default: []].append(capture.path)
        }
        // Unsubscribe first, whatever platform's path was tried first.
        let order = SensitivePaths.Kind.allCases
        kinds.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
        let groups = kinds.map { kind -> String in
            let paths = byKind[kind] ?? []
            let shown = paths.prefix(pathsShown).joined(separator: ", ")
            let more = paths.count > pathsShown ? ", and \(paths.count - pathsShown) more" : ""
            return "\(kind.rawValue) (\(shown)\(more))"
        }
        let appText =
            apps.count <= 2
            ? apps.joined(separator: " and ") : "\(apps.prefix(2).joined(separator: ", ")) and \(apps.count - 2) more"
        var patterns: [String] = []
        for kind in kinds {
            for capture in captures where capture.entry.kind == kind && !patterns.contains(capture.entry.pattern) {
                patterns.append(capture.entry.pattern)
            }
        }
        // Every exclusion, never cut: the fix is copied into the file as it stands (the terminal wraps it).
        let exclusions = patterns.map {
            reference.format == .paths
                ? "\"NOT \($0)\"" : #"{"/": "\#($0)", "exclude": true, "caseSensitive": false}"#
        }
        var sources: [String] = []
        for capture in captures where !sources.contains(capture.entry.source) { sources.append(capture.entry.source) }
        let position = SourcePosition(line: reference.line, column: reference.column, offset: 0)
        // A rule may be one enormous pattern: the message quotes its start.
        let rule = reference.rule.count > 200 ? String(reference.rule.prefix(200)) + "…" : reference.rule
        findings.add(
            description, at: position, pointer: reference.pointer,
            "Rule \(reference.ruleIndex) \(rule) of details[\(reference.detailsIndex)] opens \(appText) on pages that must stay in the browser: "
                + groups.joined(separator: "; ") + ".",
            why:
                "A user who taps one of these links in an email lands in the app instead of the page: an unsubscribe or opt-out they cannot complete, a preference page or \"view in browser\" copy they cannot see, a sign-in callback or /.well-known/ URL the browser was meant to handle. Sources: \(sources.prefix(2).joined(separator: "; "))\(sources.count > 2 ? "; …" : "").",
            fix:
                "Associate only the prefix meant for app links (some email platforms reserve one, such as Sailthru's /click) instead of this rule, or exclude the rest before it: "
                + exclusions.joined(separator: ", ") + ".")
    }

    /// The paths tried: each entry's example, alone, under a sub-path and with a query. Generic words are tried at
    /// the root only: under every rule's own prefix they would flag any `/shop/*` for a `/shop/unsubscribe` no
    /// site has.
    static func candidates() -> [Capture] {
        var candidates: [Capture] = []
        for entry in SensitivePaths.entries {
            let base = entry.example
            let sub = base.hasSuffix("/") ? base + "x7Qz" : base + "/x7Qz"
            for path in [base, sub, base + "?id=x7Qz"] { candidates.append(Capture(entry: entry, path: path)) }
        }
        return candidates
    }
}
