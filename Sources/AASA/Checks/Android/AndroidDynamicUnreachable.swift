/// A dynamic rule after one that matches every URL never matches: the first match decides.
public enum AndroidDynamicUnreachable: Check {
    public static let description = CheckDescription(
        id: "android-dynamic-unreachable", area: .android, severity: .warning,
        summary: "No dynamic rule follows a rule that matches every URL",
        rationale: """
            Android evaluates dynamic rules in order and the first match decides. A rule with no `#` or `?` \
            condition whose `/` is "*" (or absent) matches every URL, so every rule after it is dead: \
            `[{"/": "*", "exclude": true}, {"/": "/path1"}]` opens nothing.
            """,
        reference: "https://developer.android.com/training/app-links/configure-assetlinks#order-dynamic")

    public static let examples = Examples<RelationExtensions>(
        passing: [
            .passing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/path1"}, {"/": "*", "exclude": true}]}}"##
            )
        ],
        failing: [
            .failing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "*", "exclude": true}, {"/": "/path1"}]}}"##,
                at: ["/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/1"])
        ])

    public static func run(_ evidence: RelationExtensions, into findings: inout FindingSink) {
        findings.add(
            description, .unreachable, in: evidence,
            why: "On Android 15+ with Google Play services and on AOSP alike, the earlier rule decides first.",
            fix: "Move the rule that matches every URL to the end of dynamic_app_link_components.")
    }
}
