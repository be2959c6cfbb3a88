/// Whether a URL opens the Android app on the reference device (Android 12+ with Google Play services, Android 15's
/// dynamic rules and `<uri-relative-filter-group>`), what decided, and where older devices answer differently.
///
/// Order, as Android applies it: the scheme must be http or https; an App Link filter (`IntentFilter.appLinkProblems`
/// empty) must match the URL by `IntentFilter.matchData` (scheme, then host and port, then path on the decoded path,
/// then the filter's relative-filter groups: first matching group allows or blocks, none blocks); the host must be
/// verified; then the host's dynamic rules, which only narrow (first match decides, no match excludes).
///
/// - SeeAlso: AOSP `core/java/android/content/IntentFilter.java` (`matchData`, `AuthorityEntry.match`,
///   `matchRelRefGroups`) and `core/java/android/content/UriRelativeFilter.java` (`matchData`, `matchQuery`).
public enum AndroidMatcher {
    /// What is known about the host's assetlinks.json.
    public enum HostFile: Sendable {
        /// Nothing was read: the host is assumed verified and no dynamic rule applies.
        case assumedVerified
        /// The file was read (`--assetlinks`) and has a handle_all_urls statement for the package: the host is
        /// assumed verified (its fingerprints are not checked here) and its dynamic rules apply.
        case assumedVerifiedWithRules(DynamicRules, source: String)
        /// The file was read (or could not be) and does not verify the app: no URL of the host opens the app as an
        /// App Link. `reason` follows `source` in a sentence ("has no handle_all_urls statement for …").
        case unlisted(source: String, reason: String)
        /// The host's file (fetched, or given with the app's certificates) verifies the app (package and signing
        /// certificate) on the reference device; its dynamic rules apply. `notes` say where another verifier answers differently (AOSP without
        /// Play services failing the host, say).
        case verified(DynamicRules, source: String, notes: [String])
        /// No file was read for this host (`match --domain` fetched another host's, or its file runs past what was
        /// read): assumed verified, and `reason` says why.
        case notRead(reason: String)
    }

    public struct Verdict: Hashable, Sendable, Encodable {
        public var url: String
        public var opens: Bool
        @Nullable public var package: String?
        /// What decided, one line: the filter and its `<data>` (manifest lines), the dynamic rule (JSON Pointer).
        @Nullable public var rule: String?
        /// The explanation, one step a line.
        public var steps: [String]
        /// Where Android 14 and lower, Android 11 and lower or AOSP without Play services answer differently.
        public var notes: [String]

        /// `match --json`'s `android` object: the URL is the entry's own, the steps are its `explanation`.
        enum CodingKeys: String, CodingKey { case opens, package, rule, steps = "explanation", notes }
    }

    /// A value that is not an http(s) URL Android could be handed (an absolute path, say): nothing opens.
    public static func unmatchable(_ given: String, package: String?, reason: String) -> Verdict {
        Verdict(url: given, opens: false, package: package, rule: nil, steps: [reason], notes: [])
    }

    public static func match(_ url: WebURL, manifest: AndroidManifest, hostFile: HostFile) -> Verdict {
        match(url, manifest: manifest) { _ in hostFile }
    }

    /// `hostFile` gives what is known about the file of the verification host the deciding filter names (`example.com`
    /// for `*.example.com`), so each host of a run can be read from its own file.
    public static func match(
        _ url: WebURL, manifest: AndroidManifest, hostFile: (_ verificationHost: String) -> HostFile
    ) -> Verdict {
        var verdict = Verdict(
            url: url.href, opens: false, package: manifest.package, rule: nil, steps: [], notes: [])
        guard url.isHTTP else {
            verdict.steps.append("App Links are http and https URLs only; this one is \(url.scheme).")
            return verdict
        }
        let target = Target(url)
        let search = FilterSearch(target, manifest: manifest)
        guard let decided = search.decided else {
            explainNoFilter(search, target: target, manifest: manifest, into: &verdict)
            return verdict
        }
        let file = manifest.file
        verdict.steps.append("The App Link filter at \(file):\(decided.filter.line) matches: \(decided.data).")
        var rule =
            "intent-filter \(file):\(decided.filter.line)" + (decided.filter.component.map { " (\($0))" } ?? "")
            + ", " + decided.data
        if let group = decided.group {
            verdict.steps.append("Its <uri-relative-filter-group> at \(file):\(group.line) allows the URL.")
            rule += ", uri-relative-filter-group \(file):\(group.line)"
        }
        let verificationHost =
            decided.filter.authorities.first { $0.matches(target) }.map {
                IntentFilter.verificationHost($0.host)
            } ?? target.host
        verdict.opens = true
        apply(
            hostFile(verificationHost), to: &verdict, rule: &rule, target: target, host: verificationHost,
            package: manifest.package ?? "the app")
        if !decided.filter.groups.isEmpty {
            verdict.notes.append("Android 14 and lower ignore <uri-relative-filter-group>: the filter alone decides.")
        }
        if manifest.legacyVerifiedHosts.count > 1 {
            verdict.notes.append(
                "Android 11 and lower open App Links only when all \(manifest.legacyVerifiedHosts.count) web hosts of "
                    + "the app verify.")
        }
        verdict.rule = rule
        return verdict
    }

    /// The manifest's filters tried against one URL, in manifest order.
    struct FilterSearch {
        /// The first App Link filter that matches and is not blocked by its relative filter groups.
        var decided: (filter: IntentFilter, data: String, group: IntentFilter.Group?)?
        /// The first filter whose relative filter groups block the URL.
        var blocked: (IntentFilter, IntentFilter.Group)?
        /// Filters that match the URL but are not App Link filters: they explain a "no" when nothing else matches.
        var unverified: [(IntentFilter, [String])] = []

        init(_ target: Target, manifest: AndroidManifest) {
            for filter in manifest.filters {
                guard let data = filter.matchData(target) else { continue }
                let group = filter.matchGroups(target)
                if !filter.appLinkProblems.isEmpty {
                    if filter.handlesWebURLs { unverified.append((filter, filter.appLinkProblems)) }
                    continue
                }
                if let group, !group.allow {
                    if blocked == nil { blocked = (filter, group) }
                    continue
                }
                if group == nil && !filter.groups.isEmpty {
                    if blocked == nil, let first = filter.groups.first { blocked = (filter, first) }
                    continue
                }
                if decided == nil { decided = (filter, data, group) }
            }
        }
    }

    /// Why no App Link filter opens the URL: a relative filter group blocks it, only a filter Android 12+ does not
    /// verify matches, or nothing matches.
    static func explainNoFilter(
        _ search: FilterSearch, target: Target, manifest: AndroidManifest, into verdict: inout Verdict
    ) {
        let file = manifest.file
        if let (filter, group) = search.blocked {
            let how =
                group.allow
                ? "none of its <uri-relative-filter-group> elements (first at \(file):\(group.line)) matches"
                : "its <uri-relative-filter-group android:allow=\"false\"> at \(file):\(group.line) blocks it"
            verdict.steps.append("The App Link filter at \(file):\(filter.line) matches the URL, but \(how).")
            verdict.rule = "intent-filter \(file):\(filter.line), uri-relative-filter-group \(file):\(group.line)"
            verdict.notes.append(
                "Android 14 and lower ignore <uri-relative-filter-group>: there the app opens this URL.")
        } else if let (filter, problems) = search.unverified.first {
            verdict.steps.append(
                "Only the filter at \(file):\(filter.line) matches, and its hosts are not verified on Android 12+: "
                    + problems.joined(separator: "; ") + ".")
            verdict.rule = "intent-filter \(file):\(filter.line)"
            verdict.notes.append(
                "Android 11 and lower verify any filter with VIEW, BROWSABLE and http/https when one filter of the "
                    + "app has autoVerify, so there the answer depends on every host.")
        } else {
            verdict.steps.append(
                "No App Link filter of \(manifest.package ?? "the app") matches \(target.host) with path "
                    + "\(JSONNode.quote(target.path)).")
        }
    }

    /// What the host's file says: whether it verifies the app, and its dynamic rules.
    static func apply(
        _ hostFile: HostFile, to verdict: inout Verdict, rule: inout String, target: Target,
        host verificationHost: String,
        package: String
    ) {
        switch hostFile {
        case .unlisted(let source, let reason):
            // The reason last: a verifier's own reason can run to several sentences.
            let why = "\(source) \(reason)"
            verdict.steps.append(
                "\(verificationHost) does not verify \(package), so the URL opens the browser (or asks) instead: "
                    + why + (why.hasSuffix(".") ? "" : "."))
            verdict.opens = false
            rule += ", \(source) does not list the app"
        case .assumedVerified:
            verdict.steps.append(
                "\(verificationHost) is assumed verified (no assetlinks.json was given); no dynamic rules apply.")
        case .notRead(let reason):
            verdict.steps.append("\(verificationHost) is assumed verified (\(reason)); no dynamic rules apply.")
        case .assumedVerifiedWithRules(let rules, let source):
            verdict.steps.append(
                "\(verificationHost) is assumed verified (\(source) has a handle_all_urls statement for \(package); "
                    + "its fingerprints are not checked here: --android-fingerprint checks them); its dynamic rules "
                    + "come from \(source).")
            apply(rules, source: source, to: &verdict, rule: &rule, target: target, host: verificationHost)
        case .verified(let rules, let source, let notes):
            verdict.steps.append(
                "\(verificationHost) verifies \(package) (\(source) lists its package and signing certificate); its "
                    + "dynamic rules come from \(source).")
            verdict.notes += notes
            apply(rules, source: source, to: &verdict, rule: &rule, target: target, host: verificationHost)
        }
    }

    /// The host's dynamic rules, which only narrow: first match decides, no match excludes (Android 15+).
    static func apply(
        _ rules: DynamicRules, source: String, to verdict: inout Verdict, rule: inout String, target: Target,
        host verificationHost: String
    ) {
        if rules.googleDiscards {
            verdict.steps.append(
                "Google Play services discards \(source)'s dynamic rules (a field is malformed or empty): the "
                    + "manifest alone decides.")
        }
        if let (opens, dynamic) = rules.decide(path: target.path, query: target.query, fragment: target.fragment) {
            if let dynamic {
                verdict.steps.append(
                    "Dynamic rule \(dynamic.pointer) \(dynamic.text) matches first: "
                        + (dynamic.exclude ? "it excludes the URL." : "it keeps the URL."))
                rule += ", dynamic rule \(source)#\(dynamic.pointer)"
            } else {
                verdict.steps.append("No dynamic rule matches, so the URL is excluded (Android 15+).")
                rule += ", no dynamic rule of \(source) matches"
            }
            verdict.opens = opens
            if !opens {
                verdict.notes.append("Android 14 and lower ignore dynamic rules: there the app opens this URL.")
            }
        }
        if rules.aospFailsHost {
            verdict.notes.append(
                "AOSP without Play services fails \(verificationHost) on this file's dynamic rules: there the app "
                    + "opens no URL of the host.")
        } else if rules.googleDiscards && rules.declared {
            verdict.notes.append("AOSP without Play services reads the malformed rules differently.")
        }
    }

    /// The URL's parts as Android's `Uri` gives them: host lower-case, explicit port only, path, query and fragment
    /// percent-decoded.
    struct Target {
        var scheme: String
        var host: String
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?

        init(_ url: WebURL) {
            scheme = url.scheme
            host = url.hostname
            port = url.port
            path = Self.decode(url.pathname)
            query = url.query.map(Self.decode)
            fragment = url.fragment.map(Self.decode)
        }

        /// `Uri.decode`: `%XX` as UTF-8 bytes, malformed sequences as U+FFFD.
        static func decode(_ text: String) -> String {
            guard text.contains("%") else { return text }
            var bytes: [UInt8] = []
            let utf8 = Array(text.utf8)
            var index = 0
            while index < utf8.count {
                if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]),
                    let low = hex(utf8[index + 2])
                {
                    bytes.append(high << 4 | low)
                    index += 3
                } else {
                    bytes.append(utf8[index])
                    index += 1
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        static func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}

extension IntentFilter.Authority {
    /// `AuthorityEntry.match`: the host case-insensitively (a leading `*` matches by suffix), the port only when the
    /// filter names one, against the URL's explicit port.
    func matches(_ target: AndroidMatcher.Target) -> Bool {
        let wild = host.hasPrefix("*")
        let suffix = (wild ? String(host.dropFirst()) : host).lowercased()
        if wild {
            guard target.host.count >= suffix.count, target.host.lowercased().hasSuffix(suffix) else { return false }
        } else if target.host.lowercased() != suffix {
            return false
        }
        if let port, port != target.port { return false }
        return true
    }
}

extension IntentFilter {
    /// `matchData` for a web URL: what matched, in words with the `<data>` lines, or nil.
    func matchData(_ target: AndroidMatcher.Target) -> String? {
        guard mimeTypes.isEmpty, schemes.contains(target.scheme) else { return nil }
        guard !authorities.isEmpty else { return nil }
        guard let authority = authorities.first(where: { $0.matches(target) }) else { return nil }
        var words = "scheme \(target.scheme), host \(authority.host) (<data> line \(authority.line))"
        if !paths.isEmpty {
            guard let path = paths.first(where: { $0.matcher.matches(target.path) }) else { return nil }
            let kind = path.matcher.kind?.attribute ?? "path"
            words += ", \(kind)=\(JSONNode.quote(path.matcher.pattern)) (<data> line \(path.line))"
        }
        return words
    }

    /// `matchRelRefGroups`: the first group whose filters all match; nil when none does (or there are none).
    func matchGroups(_ target: AndroidMatcher.Target) -> Group? {
        groups.first { group in
            group.filters.allSatisfy { part, matcher in
                switch part {
                case .path: return matcher.matches(target.path)
                case .fragment: return target.fragment.map(matcher.matches) ?? false
                case .query:
                    guard let query = target.query else { return false }
                    var parameters = query.split(separator: "&", omittingEmptySubsequences: false)
                    if parameters.count == 1 {
                        parameters = query.split(separator: ";", omittingEmptySubsequences: false)
                    }
                    return parameters.contains { matcher.matches(String($0)) }
                }
            }
        }
    }
}
