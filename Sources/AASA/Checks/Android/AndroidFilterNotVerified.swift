/// A web intent filter Android 12+ does not send for verification: its hosts open a chooser or the browser, not the
/// app, however right the site's assetlinks.json is.
public enum AndroidFilterNotVerified: Check {
    public static let description = CheckDescription(
        id: "android-filter-not-verified", area: .android, severity: .warning,
        summary: "Every web intent filter meant as an App Link is one Android 12+ verifies",
        rationale: """
            Android 12+ verifies a filter's hosts only when the filter has android:autoVerify="true", the action \
            VIEW, the categories BROWSABLE and DEFAULT, and only http/https schemes (AOSP's \
            DomainVerificationCollector; DEFAULT is the documentation's demand). A filter that takes http(s) URLs \
            (VIEW and BROWSABLE) or asks for verification (autoVerify) but misses one of these is not verified, and \
            its hosts are missing from the audit; Android 11 and lower verified every web host of an app with any \
            autoVerify filter, so such a filter often worked there. The message names what is missing and the \
            filter's hosts.
            """,
        reference: AndroidDocs.verifyAppLinks,
        severityChanges: [
            SeverityChange(
                .info,
                when: "the app has no filter that asks for verification at all (its web filters are plain deep links, "
                    + "perhaps on purpose)")
        ])

    static let noAutoVerify = ExampleManifest.filter(
        autoVerify: false, line: 10, data: ExampleManifest.https("m.example.com", line: 13))

    public static let examples = Examples<AndroidManifest>.verifiedPassing(
        also: [ExampleManifest.oneFilter(autoVerify: false, data: [ExampleManifest.data(["scheme": "acme"], line: 7)])],
        failing: .failing(
            ExampleManifest.manifest([
                ExampleManifest.filter(line: 4, data: ExampleManifest.https("shop.example.com", line: 7)),
                noAutoVerify,
            ]), at: ["10:0"]),
        .failing(ExampleManifest.manifest([noAutoVerify]), at: ["10:0"]),
        .failing(
            ExampleManifest.manifest([
                ExampleManifest.filter(
                    without: ["android.intent.category.DEFAULT"], line: 4,
                    data: ExampleManifest.https("shop.example.com", line: 6)),
                ExampleManifest.filter(
                    line: 10,
                    data: ExampleManifest.https("www.example.com", line: 13) + [
                        ExampleManifest.data(["scheme": "acme"], line: 15)
                    ]),
            ]), at: ["4:0", "10:0"]))

    /// A filter meant for web URLs: it takes http(s) URLs from a browser, or asks for verification with an http(s)
    /// scheme.
    static func isWebFilter(_ filter: IntentFilter) -> Bool {
        filter.handlesWebURLs || (filter.autoVerify && filter.schemes.contains { $0 == "http" || $0 == "https" })
    }

    public static func run(_ manifest: AndroidManifest, into findings: inout FindingSink) {
        let asksForVerification = manifest.filters.contains(where: \.autoVerify)
        for filter in manifest.filters where isWebFilter(filter) {
            let problems = filter.appLinkProblems
            guard !problems.isEmpty else { continue }
            let hosts = filter.hosts.isEmpty ? "no host" : filter.hosts.joined(separator: ", ")
            let component = filter.component.map { " of \($0)" } ?? ""
            findings.add(
                description, file: manifest.file, line: filter.line, severity: asksForVerification ? nil : .info,
                "Android 12+ does not verify this intent filter\(component) (\(hosts)): "
                    + problems.joined(separator: "; ") + ".",
                why: "Its hosts are not App Links on Android 12+: their URLs open a chooser or the browser, not the "
                    + "app, whatever the site's assetlinks.json says"
                    + (asksForVerification ? "; Android 11 and lower verified them with the app's other hosts." : "."),
                fix: "Give the filter android:autoVerify=\"true\", the action android.intent.action.VIEW, the "
                    + "categories android.intent.category.BROWSABLE and android.intent.category.DEFAULT, and only "
                    + "http/https schemes (put a custom scheme in a filter of its own).")
        }
    }
}
