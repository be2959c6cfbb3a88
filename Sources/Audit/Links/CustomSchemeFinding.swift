import AASA

/// The `link-custom-scheme` finding for a link whose scheme is not http(s): whether the app declares the scheme,
/// that schemes are unverified, and the Universal Link that would replace it. One function, so the check that
/// states the same verdict for `audit --crawl` can take its place.
public enum CustomSchemeFinding {
    public static let id = "link-custom-scheme"
    static let reference =
        "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"

    /// `domains`: the entitlements' associated domains in order, each with the matcher of its deciding file.
    public static func finding(
        for url: String, schemes: URLSchemes?, domains: [(domain: String, matcher: Matcher?)]
    ) -> Finding {
        let scheme = LinkURL(url)?.scheme ?? String(url.prefix { $0 != ":" }).lowercased()
        var message = "A link with the \(scheme): scheme opens whichever app claims it: custom schemes are unverified."
        if let schemes {
            switch schemes.declares(scheme) {
            case .declared: message += " \(schemes.file) declares \(scheme)."
            case .notDeclared: message += " \(schemes.file) does not declare \(scheme): the app does not open it."
            case .notCheckable:
                message += " \(schemes.file) sets a scheme by a build setting ($(…)): not checkable here."
            }
        }
        var hint = "Link to a Universal Link on an associated domain instead."
        if let replacement = SchemeReplacement.find(for: url, domains: domains) {
            message += " \(replacement.url) would replace it (it opens \(replacement.appID))."
            hint = "Use \(replacement.url), which opens \(replacement.appID) by \(replacement.domain)'s file."
        }
        return Finding(
            id: id, severity: .info, message: message, location: FindingLocation(url: url),
            why: "Any app can declare the same scheme, and iOS does not say which one opens; Apple recommends "
                + "Universal Links instead.",
            hint: hint, reference: reference)
    }
}
