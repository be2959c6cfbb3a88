/// Each app the file names should be granted `delegate_permission/common.handle_all_urls`.
public enum AndroidNoHandleAllURLs: Check {
    public static let description = CheckDescription(
        id: "android-no-handle-all-urls", area: .android, severity: .warning,
        summary: "Every app the file names is granted delegate_permission/common.handle_all_urls",
        rationale: """
            App Links are verified only by a statement whose relation list holds \
            delegate_permission/common.handle_all_urls (AOSP StatementUtils.RELATION; Android's Verify App Links \
            page). An app listed only with get_login_creds shares sign-in credentials but opens no link.
            """,
        reference: AndroidDocs.configureWebsite)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(
            app: AndroidExample.app(relation: #"["delegate_permission/common.get_login_creds"]"#), at: "/0/relation"),
        .failing(
            app: AndroidExample.app(relation: #"["delegate_permission/common.handle_all_url"]"#), at: "/0/relation"))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        var granted: Set<String> = []
        var first: [(package: String, relation: JSONNode)] = []
        for statement in file.statements {
            let node = statement.node
            guard node["include"] == nil, let target = node["target"], target["namespace"]?.string == "android_app",
                let package = target["package_name"]?.string, !package.isEmpty, let relation = node["relation"]
            else { continue }
            if relation.elements?.contains(where: { $0.string == AssetLinks.handleAllURLs }) == true {
                granted.insert(package)
            } else if !first.contains(where: { $0.package == package }) {
                first.append((package, relation))
            }
        }
        for (package, relation) in first where !granted.contains(package) {
            let near = relation.elements?.compactMap(\.string).first {
                $0 != AssetLinks.handleAllURLs && editDistance($0, AssetLinks.handleAllURLs) <= 3
            }
            findings.add(
                description, at: relation,
                "No statement grants \(JSONNode.quote(package)) \(AssetLinks.handleAllURLs)"
                    + (near.map { " (did you mean it instead of \(JSONNode.quote($0))?)" } ?? "") + ".",
                why: "Neither verifier (AOSP nor Google's DAL) verifies App Links for this app on this host; fine if "
                    + "the file only shares sign-in credentials with it.",
                fix: "Add \"\(AssetLinks.handleAllURLs)\" to the statement's relation list.")
        }
    }
}
