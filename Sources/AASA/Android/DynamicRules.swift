/// Android 15's dynamic App Links rules of one statement (`relation_extensions` →
/// `delegate_permission/common.handle_all_urls` → `dynamic_app_link_components`), read as each verifier reads them.
///
/// The two verifiers part ways on a malformed file. Google Play services (the reference device) follows Android's
/// documentation: "If any of the fields in the file are malformed or empty, Android discards the dynamic rules and the
/// device falls back to the rules that are statically defined in the app's manifest." AOSP's StatementService
/// (`StatementParser.kt`, `parseDynamicAppLinkComponents`, over `JsonParser.java`) reads with org.json's lenient
/// getters: a container of the wrong type is ignored (`optJSONObject`, `optJSONArray`), a rule that is not an object
/// throws (`getJSONObject`), a `/` or `#` or query value that is not a string is turned into its JSON text
/// (`getString`), `exclude` accepts the strings "true" and "false" (`optBoolean`), and a number or `null` anywhere in
/// the statement throws, which fails the whole host. `rules` are the rules the reference device uses: empty when
/// Google discards them.
///
/// - SeeAlso: https://developer.android.com/training/app-links/configure-assetlinks#configure-dynamic
/// - SeeAlso: AOSP `packages/StatementService/src/com/android/statementservice/network/retriever/StatementParser.kt`
///   and `.../retriever/JsonParser.java` (aosp-mirror/platform_frameworks_base).
public struct DynamicRules: Hashable, Sendable {
    /// The rules in file order, as the reference device applies them (first match decides).
    public var rules: [DynamicRule]
    /// Whether the statement declares dynamic rules at all (Android 14 and lower ignore them either way).
    public var declared: Bool
    /// What each verifier does with the rules, and why.
    public var diagnostics: [DynamicRuleDiagnostic]

    /// Whether Google discards every rule (the manifest alone decides on the reference device).
    public var googleDiscards: Bool { diagnostics.contains { $0.google == .discardsAll } }
    /// Whether AOSP's parser throws on them (the host fails verification for every app on AOSP).
    public var aospFailsHost: Bool { diagnostics.contains { $0.aosp == .failsHost } }

    public static let relationKey = "delegate_permission/common.handle_all_urls"
    public static let componentsKey = "dynamic_app_link_components"
    public static let ruleKeys: Set<String> = ["/", "#", "?", "exclude", "comments"]

    /// Reads the statement's `relation_extensions` value.
    public static func read(_ node: JSONNode) -> DynamicRules {
        var reader = Reader()
        reader.read(node)
        return DynamicRules(
            rules: reader.diagnostics.contains { $0.google == .discardsAll } ? [] : reader.rules,
            declared: reader.declared, diagnostics: reader.diagnostics)
    }

    public init(rules: [DynamicRule], declared: Bool, diagnostics: [DynamicRuleDiagnostic]) {
        self.rules = rules
        self.declared = declared
        self.diagnostics = diagnostics
    }

    /// The first rule that matches `url` decides; no match excludes. Nil when there are no rules (the manifest
    /// alone decides).
    public func decide(path: String, query: String?, fragment: String?) -> (opens: Bool, rule: DynamicRule?)? {
        guard !rules.isEmpty else { return nil }
        for rule in rules where rule.matches(path: path, query: query, fragment: fragment) {
            return (!rule.exclude, rule)
        }
        return (false, nil)
    }
}

/// One rule of `dynamic_app_link_components`: every part it names must match (Android builds one
/// `UriRelativeFilterGroup` of them), `exclude` blocks instead of allowing.
public struct DynamicRule: Hashable, Sendable {
    public var path: PatternMatcher?
    public var fragment: PatternMatcher?
    /// Each `"?"` entry as the `key=value` expression matched against every query parameter: the form of AOSP's
    /// query `UriRelativeFilter`s (its DomainVerificationFilterGroupTests match `query=str` on `?query=str`); the
    /// code turning the JSON dictionary into those filters was not among the sources read for this port.
    public var query: [PatternMatcher]
    public var exclude: Bool
    /// The rule's JSON Pointer, position and text as written.
    public var pointer: String
    public var position: SourcePosition
    public var text: String

    /// Whether the rule matches every URL: no fragment or query condition and a path that matches anything.
    public var isCatchAll: Bool {
        fragment == nil && query.isEmpty && (path == nil || (path?.kind == .prefix && path?.pattern == ""))
    }

    /// `UriRelativeFilter.matchData` for each part: the path and fragment whole (a URL without a fragment never
    /// matches a fragment rule), each query entry against any one parameter (split on `&`, or on `;` when there is
    /// no `&`), all on decoded text as `Uri.getPath()` / `getQuery()` / `getFragment()` give it.
    public func matches(path urlPath: String, query urlQuery: String?, fragment urlFragment: String?) -> Bool {
        if let path, !path.matches(urlPath) { return false }
        if let fragment {
            guard let urlFragment, fragment.matches(urlFragment) else { return false }
        }
        if !query.isEmpty {
            guard let urlQuery else { return false }
            var parameters = urlQuery.split(separator: "&", omittingEmptySubsequences: false)
            if parameters.count == 1 { parameters = urlQuery.split(separator: ";", omittingEmptySubsequences: false) }
            for entry in query where !parameters.contains(where: { entry.matches(String($0)) }) { return false }
        }
        return true
    }
}

/// One thing a verifier does differently from what the file's author meant, with what it costs on each verifier.
public struct DynamicRuleDiagnostic: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A key Android does not read in a rule, or a container key misplaced (`paths`, `include`…).
        case unknownKey = "unknown-key"
        /// A field of the wrong type, or empty.
        case malformed
        /// A rule after a rule that matches every URL.
        case unreachable
    }

    /// What a verifier does about it.
    public enum Effect: String, Hashable, Sendable {
        /// Nothing changes for this verifier.
        case none
        /// The field is ignored (or read as something else); the other rules stand.
        case ignored
        /// Every dynamic rule is discarded: the manifest alone decides.
        case discardsAll = "discards-all"
        /// The statement list fails to parse: the host fails verification for every app.
        case failsHost = "fails-host"
        /// AOSP's `parseMatchingExpression` refuses the expression (`IllegalArgumentException`: "Matching
        /// expressions cannot be an empty string").
        case refusesExpression = "refuses-expression"
    }

    public var kind: Kind
    public var pointer: String
    public var position: SourcePosition
    public var message: String
    public var google: Effect
    public var aosp: Effect

    /// One sentence saying what each verifier does.
    public var verifiers: String {
        func say(_ effect: Effect, _ name: String) -> String {
            switch effect {
            case .none: "\(name) is not affected"
            case .ignored: "\(name) ignores it"
            case .discardsAll: "\(name) discards every dynamic rule (the manifest alone decides)"
            case .failsHost: "\(name) fails the whole host for every app"
            case .refusesExpression: "\(name)'s parseMatchingExpression refuses the empty expression"
            }
        }
        return say(google, "Google Play services (Android 15+)") + "; " + say(aosp, "AOSP without Play services")
            + "."
    }
}

/// Walks one `relation_extensions` value, collecting rules and diagnostics.
private struct Reader {
    var rules: [DynamicRule] = []
    var diagnostics: [DynamicRuleDiagnostic] = []
    var declared = false

    mutating func note(
        _ kind: DynamicRuleDiagnostic.Kind, _ node: JSONNode, _ message: String,
        google: DynamicRuleDiagnostic.Effect, aosp: DynamicRuleDiagnostic.Effect
    ) {
        diagnostics.append(
            DynamicRuleDiagnostic(
                kind: kind, pointer: node.pointer, position: node.position, message: message, google: google,
                aosp: aosp))
    }

    /// AOSP's `JsonParser` refuses numbers and `null` inside a statement's objects, and everything but strings,
    /// arrays and objects inside its arrays.
    static func aospThrows(_ node: JSONNode, inArray: Bool) -> Bool {
        switch node.value {
        case .number, .null: true
        case .bool: inArray
        case .string, .array, .object: false
        }
    }

    mutating func read(_ extensions: JSONNode) {
        guard let members = extensions.members else {
            note(
                .malformed, extensions, "relation_extensions is \(extensions.typeName), not an object.",
                google: .discardsAll, aosp: Self.aospThrows(extensions, inArray: false) ? .failsHost : .ignored)
            return
        }
        for member in members where member.key != DynamicRules.relationKey {
            if member.key == DynamicRules.componentsKey {
                note(
                    .unknownKey, member.value,
                    "dynamic_app_link_components sits directly in relation_extensions; Android reads it only inside "
                        + "\"\(DynamicRules.relationKey)\".", google: .ignored, aosp: .ignored)
            }
        }
        guard let relation = extensions[DynamicRules.relationKey] else { return }
        guard relation.members != nil else {
            note(
                .malformed, relation, "\"\(DynamicRules.relationKey)\" is \(relation.typeName), not an object.",
                google: .discardsAll, aosp: Self.aospThrows(relation, inArray: false) ? .failsHost : .ignored)
            return
        }
        for member in relation.members ?? [] where member.key != DynamicRules.componentsKey {
            let lookAlike = ["components", "paths", "dynamic_app_links", "dynamic_components"].contains(member.key)
            if lookAlike {
                note(
                    .unknownKey, member.value,
                    "\"\(member.key)\" is not read: Android 15 reads only \"\(DynamicRules.componentsKey)\" here.",
                    google: .ignored, aosp: .ignored)
            }
        }
        guard let components = relation[DynamicRules.componentsKey] else { return }
        declared = true
        guard let list = components.elements else {
            note(
                .malformed, components, "dynamic_app_link_components is \(components.typeName), not an array.",
                google: .discardsAll, aosp: Self.aospThrows(components, inArray: false) ? .failsHost : .ignored)
            return
        }
        if list.isEmpty {
            note(
                .malformed, components, "dynamic_app_link_components is empty.", google: .discardsAll, aosp: .none)
            return
        }
        var catchAll: DynamicRule?
        for item in list {
            guard let rule = readRule(item) else { continue }
            if let catchAll {
                note(
                    .unreachable, item,
                    "This rule never matches: rule \(catchAll.pointer.split(separator: "/").last ?? "") before it "
                        + "(\(catchAll.text)) matches every URL and the first match decides.",
                    google: .none, aosp: .none)
            } else if rule.isCatchAll {
                catchAll = rule
            }
            rules.append(rule)
        }
    }

    mutating func readRule(_ item: JSONNode) -> DynamicRule? {
        guard let members = item.members else {
            note(
                .malformed, item, "A rule is \(item.typeName), not an object.", google: .discardsAll, aosp: .failsHost)
            return nil
        }
        var rule = DynamicRule(
            path: nil, fragment: nil, query: [], exclude: false, pointer: item.pointer, position: item.position,
            text: item.jsonText)
        for member in members {
            let value = member.value
            switch member.key {
            case "/", "#":
                guard let text = expressionText(value, name: "\"\(member.key)\"") else { continue }
                guard let matcher = try? MatchingExpression.parse(text) else {
                    note(
                        .malformed, value, "\"\(member.key)\" is the empty string.", google: .discardsAll,
                        aosp: .refusesExpression)
                    continue
                }
                if member.key == "/" { rule.path = matcher } else { rule.fragment = matcher }
            case "?":
                readQuery(value, into: &rule)
            case "exclude":
                switch value.value {
                case .bool(let flag): rule.exclude = flag
                case .string(let text) where ["true", "false"].contains(text.lowercased()):
                    rule.exclude = text.lowercased() == "true"
                    note(
                        .malformed, value, "\"exclude\" is the string \(JSONNode.quote(text)), not a boolean.",
                        google: .discardsAll, aosp: .ignored)
                default:
                    note(
                        .malformed, value, "\"exclude\" is \(value.typeName), not true or false.",
                        google: .discardsAll, aosp: Self.aospThrows(value, inArray: false) ? .failsHost : .ignored)
                }
            case "comments":
                if value.string == nil {
                    note(
                        .malformed, value, "\"comments\" is \(value.typeName), not a string.", google: .discardsAll,
                        aosp: Self.aospThrows(value, inArray: false) ? .failsHost : .ignored)
                }
            default:
                let lookAlike = ["paths", "path", "include", "exclude_paths", "pattern", "components"].contains(
                    member.key)
                note(
                    .unknownKey, value,
                    lookAlike
                        ? "\"\(member.key)\" is not a dynamic rule key (that syntax is from elsewhere): Android reads "
                            + "only \"/\", \"#\", \"?\", \"exclude\" and \"comments\", so this rule has no such "
                            + "condition."
                        : "\"\(member.key)\" is not a dynamic rule key: Android reads only \"/\", \"#\", \"?\", "
                            + "\"exclude\" and \"comments\".",
                    google: .ignored, aosp: Self.aospThrows(value, inArray: false) ? .failsHost : .ignored)
            }
        }
        return rule
    }

    /// A `/` or `#` value: a string, or AOSP's reading of another type (its JSON text; a number or null throws).
    mutating func expressionText(_ value: JSONNode, name: String) -> String? {
        if let text = value.string { return text }
        note(
            .malformed, value, "\(name) is \(value.typeName), not a string.", google: .discardsAll,
            aosp: Self.aospThrows(value, inArray: false) ? .failsHost : .ignored)
        return nil
    }

    mutating func readQuery(_ value: JSONNode, into rule: inout DynamicRule) {
        guard let entries = value.members else {
            note(
                .malformed, value, "\"?\" is \(value.typeName), not an object of parameter names and values.",
                google: .discardsAll, aosp: Self.aospThrows(value, inArray: false) ? .failsHost : .ignored)
            return
        }
        if entries.isEmpty {
            note(.malformed, value, "\"?\" is an empty object.", google: .discardsAll, aosp: .none)
            return
        }
        for entry in entries {
            guard let text = entry.value.string else {
                note(
                    .malformed, entry.value,
                    "The query value for \(JSONNode.quote(entry.key)) is \(entry.value.typeName), not a string.",
                    google: .discardsAll, aosp: Self.aospThrows(entry.value, inArray: false) ? .failsHost : .ignored)
                continue
            }
            if text.isEmpty || entry.key.isEmpty {
                note(
                    .malformed, entry.value,
                    "The query entry \(JSONNode.quote(entry.key)): \(JSONNode.quote(text)) is empty.",
                    google: .discardsAll, aosp: .none)
            }
            if let matcher = try? MatchingExpression.parse(entry.key + "=" + text) { rule.query.append(matcher) }
        }
    }
}
