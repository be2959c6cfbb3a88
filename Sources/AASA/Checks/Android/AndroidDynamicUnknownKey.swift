/// A dynamic rule (or its container) uses a key Android does not read: often a syntax borrowed from Apple's file or
/// a blog post, which leaves the rule without the condition its author meant.
public enum AndroidDynamicUnknownKey: Check {
    public static let description = CheckDescription(
        id: "android-dynamic-unknown-key", area: .android, severity: .warning,
        summary: "Dynamic rules use only the keys Android reads",
        rationale: """
            Android 15 reads `dynamic_app_link_components` only inside \
            `relation_extensions["delegate_permission/common.handle_all_urls"]`, and in each rule only `/`, `#`, `?`, \
            `exclude` and `comments`. A look-alike such as `"paths": [...]`, `"path"` or `"include": {"paths": ...}` \
            is ignored (AOSP ignores it too; a number or null value makes AOSP fail the host), so the rule has no path \
            condition and matches every path, or the rules are not read at all.
            """,
        reference: "https://developer.android.com/training/app-links/configure-assetlinks#configure-dynamic")

    public static let examples = Examples<RelationExtensions>(
        passing: [
            .passing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/shoes/*", "comments": "catalogue"}, {"/": "*", "exclude": true}]}}"##
            )
        ],
        failing: [
            .failing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"paths": ["/shoes/*"]}, {"include": {"paths": ["/a"]}, "/": "/a"}]}}"##,
                at: [
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0/paths",
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/1/include",
                ]),
            .failing(
                ##"{"dynamic_app_link_components": [{"/": "/shoes/*"}]}"##, at: ["/dynamic_app_link_components"]),
        ])

    public static func run(_ evidence: RelationExtensions, into findings: inout FindingSink) {
        findings.add(
            description, .unknownKey, in: evidence,
            fix: ##"Write each rule as {"/": "/path/*", "#": "fragment", "?": {"name": "value"}, "exclude": false} "##
                + ##"inside relation_extensions["delegate_permission/common.handle_all_urls"]"##
                + ##"["dynamic_app_link_components"]."##)
    }
}
