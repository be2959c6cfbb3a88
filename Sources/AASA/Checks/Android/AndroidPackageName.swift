/// Each app's package name must be a valid Android package name.
public enum AndroidPackageName: Check {
    public static let description = CheckDescription(
        id: "android-package-name", area: .android, severity: .error,
        summary: "Every package_name is a valid Android package name",
        rationale: """
            Google's DAL skips a statement whose package name is invalid (compatibility test 2308: "B A D"); AOSP \
            reads any non-empty string but compares it with the installed app's exact package name, which is \
            dot-separated segments of letters, digits and _, each starting with a letter.
            """,
        reference: AndroidDocs.dalCompatibilityTests,
        severityChanges: [
            SeverityChange(.warning, when: "the name is valid but has no dot (no installable app has such a name)")
        ])

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(app: AndroidExample.app(package: #""com.example app""#), at: "/0/target/package_name"),
        .failing(app: AndroidExample.app(package: #""com.example.1app""#), at: "/0/target/package_name"),
        .failing(app: AndroidExample.app(package: #""exampleapp""#), at: "/0/target/package_name"))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard statement.node["target"]?["namespace"]?.string == "android_app",
                let node = statement.node["target"]?["package_name"], let name = node.string, !name.isEmpty,
                let problem = PackageName.problem(name)
            else { continue }
            let noDot = problem.hasPrefix("it has no dot")
            findings.add(
                description, at: node, severity: noDot ? .warning : nil,
                "Package name \(JSONNode.quote(name)) is not valid: \(problem)"
                    + (noDot ? "." : "; Google's DAL skips this statement and AOSP matches no app with it."),
                why: "No installed app has this package name, so the statement verifies no app on either verifier.",
                fix: "Copy the applicationId from the app's build.gradle (or the merged manifest's package).")
        }
    }
}
