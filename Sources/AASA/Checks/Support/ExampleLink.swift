/// The link the `links` checks' examples tap: a click-tracking URL that redirects once to a page on the site.
public enum ExampleLink {
    public static let tapped = "https://click.example.com/c/1"
    public static let landing = "https://example.com/p/1"
    public static let app = "9JA89QQLNQ.com.example.app"

    /// The tapped URL redirecting (302) to the landing page, which answers 200; each hop opens the app given, the
    /// landing page by `landingRule`.
    public static func redirect(
        tappedOpens: String? = nil, landingOpens: String? = nil, landingRule: String? = nil
    ) -> LinkEvidence {
        LinkEvidence(
            url: tapped,
            chain: [
                LinkHop(url: tapped, httpStatus: 302, location: landing, opensApp: tappedOpens),
                LinkHop(url: landing, httpStatus: 200, opensApp: landingOpens, rule: landingRule),
            ])
    }
}
