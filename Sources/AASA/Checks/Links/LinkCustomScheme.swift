/// A custom-scheme link opens whichever app claimed the scheme, unverified; a Universal Link opens the app the site
/// names.
public enum LinkCustomScheme: Check {
    public static let description = CheckDescription(
        id: "link-custom-scheme", area: .links, severity: .info,
        summary: "Links use Universal Links rather than custom URL schemes",
        rationale: """
            A custom URL scheme (`myapp://…`) is the older way into an app. Apple warns that any app can declare \
            the same scheme and that the system does not verify which app answers; without an app that declares \
            it the link does nothing. With `--info-plist` the finding says whether the app declares the scheme \
            (a scheme set by a build setting, `$(…)`, cannot be checked); with `--entitlements` it names the \
            Universal Link that would replace it: for `scheme://HOST/PATH`, the first associated domain whose file \
            opens the app on `https://DOMAIN/HOST/PATH`.
            """,
        reference: AppleDocs.customURLScheme)

    /// Characters of a link quoted in a message.
    static let quoted = 200

    public static let examples = Examples<CustomSchemeEvidence>(
        passing: [
            .passing(
                CustomSchemeEvidence(
                    link: "https://shop.example.com/product/42", foundOn: "https://shop.example.com/",
                    schemes: URLSchemes(file: "Info.plist", schemes: ["acmeshop"], unresolved: []), replacement: nil,
                    replacementSought: false))
        ],
        failing: [
            .failing(
                CustomSchemeEvidence(
                    link: "acmeshop://product/42", foundOn: "https://shop.example.com/",
                    schemes: URLSchemes(file: "Info.plist", schemes: ["acmeshop"], unresolved: []),
                    replacement: SchemeReplacement.Replacement(
                        domain: "shop.example.com", url: "https://shop.example.com/product/42",
                        appID: "9JA89QQLNQ.com.acme.shop"),
                    replacementSought: true),
                at: ["https://shop.example.com/"]),
            .failing(
                CustomSchemeEvidence(
                    link: "othershop://cart", foundOn: "https://shop.example.com/help", pageCount: 3,
                    schemes: URLSchemes(file: "Info.plist", schemes: ["acmeshop"], unresolved: []),
                    replacement: nil, replacementSought: false),
                at: ["https://shop.example.com/help"]),
        ])

    public static func run(_ evidence: CustomSchemeEvidence, into findings: inout FindingSink) {
        let scheme = evidence.scheme
        guard !scheme.isEmpty, scheme != "http", scheme != "https", SchemeLinks.isAppScheme(scheme) else { return }
        let link =
            evidence.link.count > quoted ? String(evidence.link.prefix(quoted)) + "…" : evidence.link
        let elsewhere = evidence.pageCount > 1 ? " (and on \(evidence.pageCount - 1) more)" : ""
        let declaration: String
        if let schemes = evidence.schemes {
            switch schemes.declares(scheme) {
            case .declared: declaration = "the app declares \(scheme): in \(schemes.file)"
            case .notDeclared:
                declaration =
                    "the app does not declare \(scheme) in \(schemes.file): another app, or none, answers it"
            case .notCheckable:
                declaration =
                    "not checkable: \(schemes.file) sets a scheme by a build setting (\(schemes.unresolved.prefix(2).joined(separator: ", ")))"
            }
        } else {
            declaration = "whether the app declares \(scheme) is unknown without --info-plist"
        }
        let fix: String
        if let replacement = evidence.replacement {
            fix =
                "Link to the Universal Link \(replacement.url) instead: \(replacement.domain)'s file opens \(replacement.appID) on it."
        } else if evidence.replacementSought {
            fix =
                "Link to an https URL the app's associated domains open (none of their files matches this link's host and path today), and keep the scheme only for app-to-app calls."
        } else {
            fix =
                "Link to an https URL on an associated domain instead (give --entitlements to have one named), and keep the scheme only for app-to-app calls."
        }
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message: "Custom-scheme link \(link) on \(evidence.foundOn)\(elsewhere): \(declaration)"
                    + (evidence.replacement.map { "; \($0.url) would replace it (it opens \($0.appID))" } ?? "") + ".",
                location: FindingLocation(url: evidence.foundOn),
                why:
                    "Any app can declare a custom URL scheme and iOS does not check which one answers; without such an app the tap does nothing. Universal Links are verified against the site's file.",
                hint: fix, reference: description.reference))
    }
}
