/// The App Links side of an AndroidManifest.xml: the package, every activity's intent filters with their `<data>`
/// combined as Android combines them, and what stops a filter from being verified.
///
/// - SeeAlso: https://developer.android.com/guide/topics/manifest/data-element (all `<data>` elements of a filter
///   combine: every scheme with every host and port, every path with every authority)
/// - SeeAlso: https://developer.android.com/training/app-links/verify-android-applinks
/// - SeeAlso: AOSP `services/core/java/com/android/server/pm/verify/domain/DomainVerificationCollector.java`
///   (Android 12+ collects each filter with autoVerify, VIEW, BROWSABLE and only http/https schemes, through
///   `IntentFilter.handlesWebUris(true)`; Android 11 and lower verify all web hosts of the app together). The
///   DEFAULT category is the developer documentation's requirement ("Verify App Links"), not read in that source.
public struct AndroidManifest: Hashable, Sendable {
    /// The manifest file as named on the command line, for locations.
    public var file: String
    public var package: String?
    public var filters: [IntentFilter] {
        didSet { legacyVerifiedHosts = Self.legacyHosts(filters) }
    }
    /// Values the device would never see as written (`${…}` placeholders, `@string/…` references), malformed
    /// patterns: each a line and a sentence.
    public var problems: [Problem]

    public struct Problem: Hashable, Sendable {
        /// What the device would do with the value: the checks report each kind under its own ID.
        public enum Kind: Hashable, Sendable {
            /// A `${…}` placeholder or an `@string/…` reference: only the merged manifest says what it is.
            case unresolved
            /// A path pattern Android refuses when it parses the manifest.
            case malformedPattern
        }

        public var kind: Kind
        public var line: Int
        public var message: String
        public var fix: String
    }

    /// The filters Android 12+ sends for verification.
    public var appLinkFilters: [IntentFilter] { filters.filter { $0.appLinkProblems.isEmpty } }

    /// The hosts Android 12+ verifies, each once (`*.example.com` is verified on `example.com`).
    public var verifiedHosts: [String] {
        var seen: Set<String> = []
        return appLinkFilters.flatMap { $0.hosts.map(IntentFilter.verificationHost) }.filter {
            seen.insert($0).inserted
        }
    }

    /// Every host of a filter that handles web URLs: Android 11 and lower verify the app only when all of them pass.
    /// Kept, not computed per call: every crawled URL a filter takes asks for it.
    public private(set) var legacyVerifiedHosts: [String] = []

    static func legacyHosts(_ filters: [IntentFilter]) -> [String] {
        var seen: Set<String> = []
        return filters.filter(\.handlesWebURLs).flatMap { $0.hosts.map(IntentFilter.verificationHost) }.filter {
            seen.insert($0).inserted
        }
    }

    public static let placeholderFix =
        "Pass the merged manifest (build/intermediates/merged_manifests/<variant>/AndroidManifest.xml, or "
        + "build/intermediates/merged_manifest/<variant>/…), where Gradle has filled in placeholders and resources."

    /// Reads the model from the manifest's root element; `package` overrides the manifest's own.
    public init(root: ManifestNode, file: String, package override: String? = nil) {
        self.file = file
        var problems: [Problem] = []
        let declared = root.plain("package").map(AaptString.unescape)
        if let declared, Self.isUnresolved(declared) {
            problems.append(
                Problem(
                    kind: .unresolved, line: root.line,
                    message: "The manifest's package is \(declared), a value Gradle fills in.",
                    fix: Self.placeholderFix))
        }
        self.package = override ?? declared.flatMap { Self.isUnresolved($0) ? nil : $0 }
        var filters: [IntentFilter] = []
        func walk(_ node: ManifestNode, component: ManifestNode?) {
            for child in node.children {
                if child.name == "intent-filter", let component,
                    component.name == "activity" || component.name == "activity-alias"
                {
                    filters.append(IntentFilter(child, component: component, problems: &problems))
                } else {
                    walk(child, component: ["activity", "activity-alias"].contains(child.name) ? child : component)
                }
            }
        }
        walk(root, component: nil)
        self.filters = filters
        legacyVerifiedHosts = Self.legacyHosts(filters)
        self.problems = problems
    }

    /// A `${placeholder}` or a resource reference (`@string/host`) that only a merged manifest resolves.
    static func isUnresolved(_ value: String) -> Bool {
        value.contains("${") || value.hasPrefix("@")
    }
}

/// One `<intent-filter>`: its `<data>` attributes pooled as Android pools them, and its Android 15
/// `<uri-relative-filter-group>` elements.
public struct IntentFilter: Hashable, Sendable {
    public struct Authority: Hashable, Sendable {
        /// As written; `*.example.com` matches any host ending `.example.com`, `*` any host.
        public var host: String
        /// Android compares it with the URL's explicit port only (a URL without one has no port to match).
        public var port: Int?
        public var line: Int
    }

    public struct Path: Hashable, Sendable {
        public var matcher: PatternMatcher
        public var line: Int
    }

    /// `<uri-relative-filter-group>`: every filter in it must match; the first group that matches allows or blocks.
    public struct Group: Hashable, Sendable {
        public enum Part: String, Hashable, Sendable { case path, query, fragment }
        public var allow: Bool
        public var filters: [(part: Part, matcher: PatternMatcher)]
        public var line: Int

        public static func == (a: Group, b: Group) -> Bool {
            a.allow == b.allow && a.line == b.line && a.filters.map(\.part) == b.filters.map(\.part)
                && a.filters.map(\.matcher) == b.filters.map(\.matcher)
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(allow)
            hasher.combine(line)
            for filter in filters {
                hasher.combine(filter.part)
                hasher.combine(filter.matcher)
            }
        }
    }

    public var line: Int
    /// The activity (or alias) it belongs to, by `android:name`.
    public var component: String?
    public var autoVerify: Bool
    public var actions: [String]
    public var categories: [String]
    public var schemes: [String]
    public var authorities: [Authority]
    public var paths: [Path]
    public var mimeTypes: [String]
    public var groups: [Group]

    public var hosts: [String] { authorities.map(\.host) }

    static let view = "android.intent.action.VIEW"
    static let browsable = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    /// `handlesWebUris(false)`: VIEW, BROWSABLE and at least one http or https scheme (what Android 11 and lower
    /// collect for verification).
    public var handlesWebURLs: Bool {
        actions.contains(Self.view) && categories.contains(Self.browsable)
            && schemes.contains { $0 == "http" || $0 == "https" }
    }

    /// Why Android 12+ does not verify this filter's hosts; empty when it does.
    public var appLinkProblems: [String] {
        var problems: [String] = []
        if !autoVerify { problems.append("it lacks android:autoVerify=\"true\"") }
        if !actions.contains(Self.view) { problems.append("it lacks the action \(Self.view)") }
        if !categories.contains(Self.browsable) { problems.append("it lacks the category \(Self.browsable)") }
        if !categories.contains(Self.defaultCategory) {
            problems.append("it lacks the category \(Self.defaultCategory)")
        }
        if schemes.isEmpty {
            problems.append("it declares no scheme")
        } else if let other = schemes.first(where: { $0 != "http" && $0 != "https" }) {
            problems.append("it declares the scheme \"\(other)\" beside http/https (App Link filters take only those)")
        }
        if authorities.isEmpty { problems.append("it declares no host") }
        return problems
    }

    /// The host Android verifies for a filter host: `*.example.com` on `example.com`.
    public static func verificationHost(_ host: String) -> String {
        host.hasPrefix("*.") ? String(host.dropFirst(2)).lowercased() : host.lowercased()
    }

    /// `<data>`'s pattern attributes after their part's name (`path`, `query`, `fragment`), with the matcher kind each
    /// asks for.
    static let patternSuffixes: [(String, PatternMatcher.Kind)] = [
        ("", .literal), ("Prefix", .prefix), ("Pattern", .simpleGlob), ("AdvancedPattern", .advancedGlob),
        ("Suffix", .suffix),
    ]

    init(_ node: ManifestNode, component: ManifestNode, problems: inout [AndroidManifest.Problem]) {
        line = node.line
        self.component = component.android("name")
        autoVerify = node.android("autoVerify").map(AaptString.unescape) == "true"
        actions = []
        categories = []
        schemes = []
        authorities = []
        paths = []
        mimeTypes = []
        groups = []
        func value(_ element: ManifestNode, _ name: String) -> String? {
            guard let raw = element.android(name) else { return nil }
            let value = AaptString.unescape(raw)
            if AndroidManifest.isUnresolved(value) {
                problems.append(
                    AndroidManifest.Problem(
                        kind: .unresolved, line: element.line,
                        message: "android:\(name)=\"\(raw)\" on <\(element.name)> is a value Gradle fills in; this "
                            + "manifest does not say what the device sees.", fix: AndroidManifest.placeholderFix))
            }
            return value
        }
        func matcher(
            _ pattern: String, _ kind: PatternMatcher.Kind, _ element: ManifestNode, _ attribute: String
        ) -> PatternMatcher? {
            do {
                return try PatternMatcher(pattern, kind)
            } catch {
                problems.append(
                    AndroidManifest.Problem(
                        kind: .malformedPattern, line: element.line,
                        message:
                            "android:\(attribute)=\"\(pattern)\" is malformed (\(error.reason)); Android refuses it "
                            + "when it parses the manifest.",
                        fix: "Fix the pattern; see the <data> element's documentation."))
                return nil
            }
        }
        for child in node.children {
            switch child.name {
            case "action": if let name = value(child, "name") { actions.append(name) }
            case "category": if let name = value(child, "name") { categories.append(name) }
            case "data":
                if let scheme = value(child, "scheme") { schemes.append(scheme) }
                if let host = value(child, "host") {
                    authorities.append(
                        Authority(host: host, port: value(child, "port").flatMap { Int($0) }, line: child.line))
                }
                for (suffix, kind) in Self.patternSuffixes {
                    let attribute = "path" + suffix
                    if let pattern = value(child, attribute), let built = matcher(pattern, kind, child, attribute) {
                        paths.append(Path(matcher: built, line: child.line))
                    }
                }
                if let type = value(child, "mimeType") { mimeTypes.append(type) }
            case "uri-relative-filter-group":
                var group = Group(allow: value(child, "allow") != "false", filters: [], line: child.line)
                for data in child.children where data.name == "data" {
                    for part in [Group.Part.path, .query, .fragment] {
                        for (suffix, kind) in Self.patternSuffixes {
                            if let pattern = value(data, part.rawValue + suffix),
                                let built = matcher(pattern, kind, data, part.rawValue + suffix)
                            {
                                group.filters.append((part, built))
                            }
                        }
                    }
                }
                groups.append(group)
            default: break
            }
        }
    }
}
