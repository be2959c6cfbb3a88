/// No statement may make AOSP's parser throw: the whole host then fails for every app.
public enum AndroidHostFailure: Check {
    public static let description = CheckDescription(
        id: "android-host-failure", area: .android, severity: .warning,
        summary: "No statement fails the whole host on AOSP's verifier",
        rationale: """
            AOSP's StatementService throws while parsing a statement that holds a number or null anywhere (or a \
            boolean in an array), that is not an object, whose target has a missing or unknown namespace, an empty \
            package_name or fingerprint list, or a site with a path, query or user info; the exception leaves the \
            parser and the host is recorded FAILURE_UNKNOWN (retried later) for every app the file names. Google's \
            DAL skips such a statement, or ignores the value, and reads the rest.
            """,
        reference: AndroidDocs.aospStatementParser)

    public static let examples = Examples<AssetLinksFile>(
        passing: [
            .passing(AndroidExample.valid),
            .passing("[" + AndroidExample.app(extra: #", "comment": "release key""#) + "]"),
        ],
        failing: [
            .failing(app: AndroidExample.app(extra: #", "version": 2"#), at: "/0/target/version"),
            .failing(app: AndroidExample.app(package: #""""#), at: "/0/target/package_name"),
            .failing(
                "[" + AndroidExample.app() + #", {"relation": ["delegate_permission/common.get_login_creds"], "#
                    + #""target": {"namespace": "web", "site": "https://example.com/login"}}]"#,
                at: ["/1/target/site"]),
            .failing(#"[{"relation": [], "target": {"namespace": "ios_app"}}]"#, at: ["/0/target/namespace"]),
            .failing(#"["com.example.app"]"#, at: ["/0"]),
        ])

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard case .failsHost(let problem) = statement.aosp else { continue }
            // A relation that is a malformed string, an object or an array is android-relation-format's.
            if problem.node.pointer.hasPrefix(statement.node.pointer + "/relation/") {
                switch problem.node.value {
                case .string, .object, .array: continue
                default: break
                }
            }
            let google: String
            switch statement.google {
            case .statement, .include: google = "DAL ignores this value and reads the statement"
            case .skipped(let other), .failsHost(let other):
                google =
                    other.node.pointer == problem.node.pointer || problem.node.members != nil
                    ? "DAL skips this statement"
                    : "DAL would ignore this value (it skips the statement for another reason: \(other.reason))"
            }
            findings.add(
                description, at: problem.node,
                "AOSP fails the whole host; \(google): \(problem.reason).",
                why: "On devices whose verifier is AOSP's (Android 12+ without Google Play services) no app is "
                    + "verified on this host (FAILURE_UNKNOWN, retried later), whatever the other statements say.",
                fix: fix(for: problem))
        }
    }

    static func fix(for problem: StatementProblem) -> String {
        switch problem.node.value {
        case .number, .null, .bool:
            return
                "Write the value as a string (\"\(problem.node.jsonText)\") or remove it: AOSP's parser accepts only "
                + "strings, objects and arrays."
        default:
            if problem.node.pointer.hasSuffix("/site") {
                return "Give the site as scheme, host and optional port only, e.g. \"https://example.com\"."
            }
            if problem.node.pointer.hasSuffix("/namespace") || problem.node.pointer.hasSuffix("/target") {
                return "Use namespace \"android_app\" (with package_name and sha256_cert_fingerprints) or \"web\" "
                    + "(with site)."
            }
            return "Give the field a non-empty value, or remove the statement."
        }
    }
}
