/// The two verifiers that read assetlinks.json.
public enum AndroidVerifier: String, Sendable, CaseIterable {
    /// AOSP's open `StatementService` (Android 12+ without Google Play services as verification agent).
    case aosp
    /// Google's Digital Asset Links semantics (the DAL API; Play services on the reference device).
    case google

    public var name: String { self == .aosp ? "AOSP's verifier" : "Google's verifier (DAL)" }
}

/// The statements one verifier ends up with for a host, includes followed.
public struct StatementList: Sendable {
    public var statements: [ReadStatement] = []
    /// Why the whole host fails for every app (AOSP's `FAILURE_UNKNOWN`), or nil.
    public var hostFailure: String?
    /// Each skipped statement, dropped include or unreadable file, with where it is.
    public var problems: [String] = []
    /// For each package a skipped statement names, the first such problem: why the app is missing from `statements`.
    public var skippedApps: [String: String] = [:]
    /// Includes that were not followed because no resolver was given (`check FILE` is offline).
    public var unresolvedIncludes: [String] = []
}

/// Whether one verifier would verify one app for the host, and why.
public struct VerifierVerdict: Sendable, Hashable {
    public var verified: Bool
    /// The whole host fails (AOSP's `FAILURE_UNKNOWN`, retried later), whatever the app.
    public var hostFails: Bool
    /// The verifier's own reason, with the fix when there is one.
    public var reason: String
}

extension StatementList {
    /// Records a skipped statement, and the package it names.
    mutating func skip(_ statement: AssetLinksStatement, _ text: String) {
        problems.append(text)
        if let package = statement.node["target"]?["package_name"]?.string, skippedApps[package] == nil {
            skippedApps[package] = text
        }
    }
}

extension AssetLinksFile {
    /// Returns an included file's bytes for its URL, or nil when it cannot be fetched (any non-200 answer).
    public typealias IncludeResolver = @Sendable (String) -> [UInt8]?

    /// How many included files Google fetches for one host before it stops (test 5005 stops a loop).
    static let googleIncludeBudget = 10

    /// The statements `verifier` reads from this file, following includes through `resolve` (none when nil).
    /// `secure`: the file was served over https, so DAL refuses http includes below it (AOSP verifies https
    /// hosts only).
    public func read(
        by verifier: AndroidVerifier, secure: Bool = true, resolve: IncludeResolver? = nil
    )
        -> StatementList
    {
        var list = StatementList()
        switch verifier {
        case .aosp: readAOSP(into: &list, level: 0, label: "the file", resolve: resolve)
        case .google:
            var budget = Self.googleIncludeBudget
            var seen: Set<String> = []
            readGoogle(into: &list, secure: secure, label: "the file", resolve: resolve, budget: &budget, seen: &seen)
            // DAL reports an error for a list that yields nothing (compatibility test 2002).
            if list.statements.isEmpty && list.problems.isEmpty && list.unresolvedIncludes.isEmpty {
                list.problems.append("no statements were found")
            }
        }
        return list
    }

    /// Whether each verifier would verify the app `package` signed with any of `fingerprints` (upper-case colon
    /// hex, as `CertificateFingerprint.normalized` gives).
    public func verdict(
        package: String, fingerprints: [String], resolve: IncludeResolver? = nil
    )
        -> (aosp: VerifierVerdict, google: VerifierVerdict)
    {
        (
            AssetLinksFile.verdict(read(by: .aosp, resolve: resolve), .aosp, package, fingerprints),
            AssetLinksFile.verdict(read(by: .google, resolve: resolve), .google, package, fingerprints)
        )
    }

    static func location(_ node: JSONNode) -> String { "\(node.pointer) (line \(node.position.line))" }

    private func readAOSP(into list: inout StatementList, level: Int, label: String, resolve: IncludeResolver?) {
        if hasByteOrderMark {
            list.hostFailure = "\(label) starts with a byte order mark, which Android's JsonReader does not skip"
            return
        }
        if let fileProblem {
            list.hostFailure = "\(label): \(fileProblem)"
            return
        }
        for statement in statements {
            switch statement.aosp {
            case .failsHost(let p):
                list.hostFailure = "statement \(Self.location(p.node)) in \(label): \(p.reason)"
                return
            case .skipped(let p):
                list.skip(statement, "statement \(Self.location(statement.node)) in \(label) is skipped: \(p.reason)")
            case .statement(let s):
                list.statements.append(s)
            case .include(let directive):
                // StatementRetriever: MAX_INCLUDE_LEVEL 1, so an included file's own includes are not fetched.
                guard level == 0 else { continue }
                let scheme = SiteURL(directive.url)?.scheme ?? ""
                if ["http", "ftp", "file", "jar"].contains(scheme) {
                    list.hostFailure =
                        "include \(JSONNode.quote(directive.url)) in \(label) is not https: UrlFetcher casts the "
                        + "connection to HttpsURLConnection, which throws"
                    return
                }
                guard scheme == "https" else { continue }
                guard let resolve else {
                    list.unresolvedIncludes.append(directive.url)
                    continue
                }
                guard let bytes = resolve(directive.url) else { continue }
                let included = AssetLinksFile(bytes: bytes)
                var sub = StatementList()
                included.readAOSP(into: &sub, level: 1, label: "included file \(directive.url)", resolve: nil)
                if let failure = sub.hostFailure {
                    list.hostFailure = failure
                    return
                }
                list.statements += sub.statements
                list.problems += sub.problems
                list.skippedApps.merge(sub.skippedApps) { first, _ in first }
            }
        }
    }

    private func readGoogle(
        into list: inout StatementList, secure: Bool, label: String, resolve: IncludeResolver?, budget: inout Int,
        seen: inout Set<String>
    ) {
        if let fileProblem {
            list.problems.append("\(label) is not read: \(fileProblem)")
            return
        }
        for statement in statements {
            switch statement.google {
            case .failsHost(let p), .skipped(let p):
                list.skip(statement, "statement \(Self.location(statement.node)) in \(label) is skipped: \(p.reason)")
            case .statement(let s):
                list.statements.append(s)
            case .include(let directive):
                if let problem = Self.googleIncludeProblem(directive.url, secure: secure) {
                    list.problems.append("include \(JSONNode.quote(directive.url)) in \(label) is dropped: \(problem)")
                    continue
                }
                guard let resolve else {
                    list.unresolvedIncludes.append(directive.url)
                    continue
                }
                guard !seen.contains(directive.url), budget > 0 else {
                    list.problems.append(
                        "include \(JSONNode.quote(directive.url)) is not fetched: fetch budget exhausted")
                    continue
                }
                seen.insert(directive.url)
                budget -= 1
                guard let bytes = resolve(directive.url) else {
                    list.problems.append("include \(JSONNode.quote(directive.url)) could not be fetched")
                    continue
                }
                let included = AssetLinksFile(bytes: bytes)
                included.readGoogle(
                    into: &list, secure: SiteURL(directive.url)?.scheme == "https",
                    label: "included file \(directive.url)", resolve: resolve, budget: &budget, seen: &seen)
            }
        }
    }

    /// Why Google drops an include URL (compatibility tests 5006-5011), or nil.
    static func googleIncludeProblem(_ url: String, secure: Bool) -> String? {
        guard let parsed = SiteURL(url), !parsed.host.isEmpty else { return "it is not a valid URL" }
        guard case .some = parsed.portNumber else { return "it is not a valid URL (bad port)" }
        guard parsed.isHTTP else { return "it is not an http or https URL" }
        if secure && parsed.scheme == "http" { return "an https site may not include an http file" }
        return nil
    }

    static func verdict(
        _ list: StatementList, _ verifier: AndroidVerifier, _ package: String, _ fingerprints: [String]
    )
        -> VerifierVerdict
    {
        if let failure = list.hostFailure {
            return VerifierVerdict(
                verified: false, hostFails: true,
                reason:
                    "\(verifier.name) fails the whole host for every app (FAILURE_UNKNOWN, retried later): \(failure).")
        }
        let wanted = Set(fingerprints)
        let apps = list.statements.compactMap { s -> (relations: [String], fingerprints: [String])? in
            guard case .app(let p, let f) = s.target, p == package else { return nil }
            return (s.relations, f)
        }
        let linking = apps.filter { $0.relations.contains(AssetLinks.handleAllURLs) }
        if linking.contains(where: { !wanted.isDisjoint(with: $0.fingerprints) }) {
            return VerifierVerdict(
                verified: true, hostFails: false,
                reason: "\(verifier.name) verifies \(package): a statement grants it \(AssetLinks.handleAllURLs) "
                    + "with one of its certificates.")
        }
        var reason = "\(verifier.name) does not verify \(package): "
        if apps.isEmpty {
            let others = Set(
                list.statements.compactMap { s -> String? in
                    if case .app(let p, _) = s.target { return p } else { return nil }
                })
            reason += "no statement it reads names this package"
            if let near = others.first(where: { $0.lowercased() == package.lowercased() }) {
                reason += " (\(JSONNode.quote(near)) differs only in case: package names are compared exactly)"
            } else if !others.isEmpty {
                reason += " (it names \(others.sorted().map { JSONNode.quote($0) }.joined(separator: ", ")))"
            }
        } else if linking.isEmpty {
            reason +=
                "its statements grant only \(Set(apps.flatMap(\.relations)).sorted().joined(separator: ", ")), "
                + "not \(AssetLinks.handleAllURLs)"
        } else {
            let listed = Array(Set(linking.flatMap(\.fingerprints))).sorted()
            let upper = Set(listed.map { $0.uppercased() })
            if !wanted.isDisjoint(with: upper) {
                reason += "its certificate is listed in lower case; the device compares upper-case hex strings exactly"
            } else {
                reason +=
                    "the file lists other certificates for it (\(listed.joined(separator: ", "))). The usual mix-up: "
                    + "with Play App Signing, Google signs the installed app with the app signing key shown in Play "
                    + "Console (Test and release > App integrity), not your upload key; a debug build is signed with "
                    + "the debug key (~/.android/debug.keystore). List the SHA-256 of every key the app is installed with"
            }
        }
        if !list.unresolvedIncludes.isEmpty {
            reason +=
                "; the includes \(list.unresolvedIncludes.map { JSONNode.quote($0) }.joined(separator: ", ")) "
                + "were not followed and may list it"
        }
        if let skipped = list.skippedApps[package] {
            reason += "; the statement naming it is not read: \(skipped)"
        } else if list.statements.isEmpty, let first = list.problems.first {
            reason += "; \(first)"
        }
        return VerifierVerdict(verified: false, hostFails: false, reason: reason + ".")
    }
}
