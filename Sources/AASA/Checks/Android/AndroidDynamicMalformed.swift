/// A dynamic-rule field of the wrong type or empty: Google discards every rule, AOSP reads on, or fails the host.
public enum AndroidDynamicMalformed: Check {
    public static let description = CheckDescription(
        id: "android-dynamic-malformed", area: .android, severity: .warning,
        summary: "Dynamic rule fields are well-formed and not empty",
        rationale: """
            Android's documentation: "If any of the fields in the file are malformed or empty, Android discards the \
            dynamic rules and the device falls back to the rules that are statically defined in the app's \
            manifest" (Google Play services, Android 15+). AOSP's StatementService reads the same fields with \
            org.json's lenient getters: a container of the wrong type is ignored, a rule that is not an object throws, \
            a non-string `/` or `#` becomes its JSON text, `exclude` accepts "true" and "false", and a number or null \
            anywhere in the statement throws, failing the host for every app. The message names what each verifier \
            does.
            """,
        reference: "https://developer.android.com/training/app-links/configure-assetlinks#configure-dynamic")

    public static let examples = Examples<RelationExtensions>(
        passing: [
            .passing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]}}"##
            )
        ],
        failing: [
            .failing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": ""}, "/shoes", {"/": "/a", "exclude": "yes"}, {"?": {}}]}}"##,
                at: [
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0/~1",
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/1",
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/2/exclude",
                    "/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/3/?",
                ]),
            .failing(
                ##"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": []}}"##,
                at: ["/delegate_permission~1common.handle_all_urls/dynamic_app_link_components"]),
        ])

    public static func run(_ evidence: RelationExtensions, into findings: inout FindingSink) {
        findings.add(
            description, .malformed, in: evidence,
            fix: "Give \"/\" and \"##\" non-empty strings, \"?\" an object of non-empty strings, \"exclude\" true or "
                + "false, and make each rule an object; test with the Android Studio App Links Assistant.")
    }
}
