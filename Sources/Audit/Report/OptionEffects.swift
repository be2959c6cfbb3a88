import AASA

/// Which checks an option that changes findings can make fire or fall silent: a baseline made with other options
/// than the run's says nothing about those checks, so their findings are not reported new or resolved
/// (`Changes.notCompared` says why instead). Options are named as report.json's `options` records them.
enum OptionEffects {
    /// Each group's options, the first differing one named in the note, and the checks they decide.
    static let groups: [(options: [String], checks: [String])] = [
        (
            ["--no-cdn", "--cdn-base"],
            [CDNFailure.description.id, CDNMismatch.description.id, CDNUnreadable.description.id]
        ),
        (
            [
                "--crawl", "--max-pages", "--max-urls", "--max-depth", "--max-crawl-delay", "--crawl-time",
                "--include-subdomains",
            ],
            Catalogue.crawlChecks.map { $0.description.id } + Catalogue.customSchemeChecks.map { $0.description.id }
        ),
        (["--user-agent"], [UserAgentBlocked.description.id]),
        (
            ["--entitlements", "--app-id"],
            [EntitlementAppMissing.description.id, EntitlementEntryFormat.description.id]
        ),
        (["--timeout"], [FetchTimeout.description.id]),
        (["--android"], Catalogue.descriptions.filter { $0.area == .android }.map(\.id)),
        (["--no-dal", "--dal-base"], [AndroidGoogleFailure.description.id, AndroidGoogleMismatch.description.id]),
        (["--android-manifest", "--android-package", "--android-fingerprint"], [AndroidAppNotVerified.description.id]),
    ]

    /// The checks whose findings cannot be compared, each with the option difference that decides it, given both
    /// runs' recorded options; empty when either run recorded none (a report from before they were recorded).
    static func uncomparable(then: [String: String]?, now: [String: String]?) -> [String: String] {
        guard let then, let now else { return [:] }
        var found: [String: String] = [:]
        for group in groups {
            guard let name = group.options.first(where: { then[$0] != now[$0] }) else { continue }
            let reason = difference(name, then: then[name], now: now[name])
            for check in group.checks where found[check] == nil { found[check] = reason }
        }
        return found
    }

    /// "this run used --no-cdn, the baseline did not", "this run used --timeout 5, the baseline --timeout 30".
    static func difference(_ name: String, then: String?, now: String?) -> String {
        func used(_ value: String) -> String { value == "true" ? name : "\(name) \(value)" }
        // A file recorded by its content's hash: the hash says nothing to a reader.
        if then?.hasPrefix("sha256:") == true || now?.hasPrefix("sha256:") == true {
            switch (then, now) {
            case (nil, _?): return "this run used \(name), the baseline did not"
            case (_?, nil): return "the baseline used \(name), this run did not"
            default: return "this run's \(name) file differs from the baseline's"
            }
        }
        switch (then, now) {
        case (nil, let now?): return "this run used \(used(now)), the baseline did not"
        case (let then?, nil): return "the baseline used \(used(then)), this run did not"
        case (let then?, let now?): return "this run used \(used(now)), the baseline \(used(then))"
        default: return ""
        }
    }
}
