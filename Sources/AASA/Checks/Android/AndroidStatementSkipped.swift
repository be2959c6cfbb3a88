/// A statement a verifier skips grants nothing.
public enum AndroidStatementSkipped: Check {
    public static let description = CheckDescription(
        id: "android-statement-skipped", area: .android, severity: .warning,
        summary: "Every statement is one the verifiers read",
        rationale: """
            Both verifiers skip a statement without a "target" object or a "relation" array and read the rest (AOSP \
            StatementParser returns Result.Failure; DAL compatibility tests 2003, 2011-2013, 2108). DAL also skips a \
            web target whose site has a path, even "/", or a fragment (2211-2215), which AOSP reads.
            """,
        reference: AndroidDocs.dalCompatibilityTests,
        severityChanges: [
            SeverityChange(.error, when: "both verifiers skip a statement that names an app or grants handle_all_urls")
        ])

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(#"[{"relations": ["delegate_permission/common.handle_all_urls"], "target": {}}]"#, at: ["/0"]),
        .failing(
            app: AndroidExample.app(relation: #""delegate_permission/common.handle_all_urls""#), at: "/0/relation"),
        .failing(
            "[" + AndroidExample.app() + #", {"relation": ["delegate_permission/common.get_login_creds"], "#
                + #""target": {"namespace": "web", "site": "https://example.com/"}}]"#,
            at: ["/1/target/site"]))

    /// Parts whose problems other checks report.
    static func reportedElsewhere(_ pointer: String, in statement: String) -> Bool {
        pointer.hasPrefix(statement + "/relation/") || pointer.hasPrefix(statement + "/target/sha256_cert_fingerprints")
            || pointer == statement + "/target/package_name" || pointer == statement + "/include"
    }

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard case .skipped(let problem) = statement.google,
                !reportedElsewhere(problem.node.pointer, in: statement.node.pointer)
            else { continue }
            switch statement.aosp {
            case .skipped(let aospProblem):
                let important =
                    statement.node["target"]?["namespace"]?.string == "android_app"
                    || statement.node["relation"]?.jsonText.contains(AssetLinks.handleAllURLs) == true
                    || statement.node["relations"] != nil
                findings.add(
                    description, at: aospProblem.node, severity: important ? .error : .warning,
                    "Both verifiers skip this statement: \(aospProblem.reason).",
                    why: "Neither AOSP nor Google's DAL reads it, so whatever it grants is not granted"
                        + (important ? ": the app it names is not verified by it." : "."),
                    fix: hint(statement.node))
            case .statement:
                findings.add(
                    description, at: problem.node,
                    "Google's DAL skips this statement (AOSP reads it): \(problem.reason).",
                    why:
                        "On the reference device (Android 12+ with Google Play services) the statement grants nothing.",
                    fix: "Give the site as scheme, host and optional port only, without a trailing slash: "
                        + "\"https://example.com\".")
            case .failsHost, .include:
                continue
            }
        }
    }

    static func hint(_ node: JSONNode) -> String {
        if node["relations"] != nil { return "Rename \"relations\" to \"relation\"." }
        if node["targets"] != nil { return "Rename \"targets\" to \"target\"." }
        if let r = node["relation"], r.string != nil { return "Make \"relation\" an array: [\(r.jsonText)]." }
        return "Give the statement a \"relation\" array and a \"target\" object."
    }
}
