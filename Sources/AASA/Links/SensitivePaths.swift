/// Pages a tapped link must keep in the browser — unsubscribe, opt-out, preference centre, "view in browser",
/// sign-in callbacks, `/.well-known/` — kept in one place, each entry with the source that names it. Read by
/// `rule-captures-sensitive` (does a rule capture one of these paths?) and `link-captured` (is this link one?).
public enum SensitivePaths {
    public enum Kind: String, Sendable, CaseIterable {
        case unsubscribe
        case optOut = "opt-out"
        case preferences = "preference centre"
        case viewInBrowser = "view in browser"
        case signIn = "sign-in callback"
        case wellKnown = "/.well-known/"
    }

    public struct Entry: Sendable {
        public let kind: Kind
        /// A glob on the lower-cased path: `*` is any run (crossing `/`), nothing else is special.
        public let pattern: String
        /// A concrete path this entry covers, for testing a file's rules against it.
        public let example: String
        /// Who documents or uses this path.
        public let source: String
    }

    /// The platform the issue quotes: it advises associating only `/click` on its link domain.
    static let sailthru =
        "Sailthru, Universal Links: Troubleshooting and FAQ (associate only /click; exclude /view, /o and /oc so hosted pages and the opt-out page work), https://sailthru.zendesk.com/hc/en-us/articles/217102466"

    /// Platform paths first (so a finding names the platform), then the generic words.
    public static let entries: [Entry] = [
        // Sailthru (Marigold Engage) link domains.
        Entry(
            kind: .optOut, pattern: "/oc/*", example: "/oc/5f3a9c",
            source: sailthru),
        Entry(
            kind: .optOut, pattern: "/o/*", example: "/o/5f3a9c",
            source: sailthru),
        Entry(
            kind: .viewInBrowser, pattern: "/view/*", example: "/view/5f3a9c",
            source: sailthru),
        // Twilio SendGrid link-branding domains (url1234.example.com, u1234.ct.sendgrid.net).
        Entry(
            kind: .unsubscribe, pattern: "/wf/unsubscribe*", example: "/wf/unsubscribe",
            source:
                "Twilio SendGrid subscription tracking: the unsubscribe link it adds to emails is /wf/unsubscribe?upn=…"
        ),
        Entry(
            kind: .unsubscribe, pattern: "/asm/unsubscribe*", example: "/asm/unsubscribe/",
            source:
                "Twilio SendGrid unsubscribe groups (ASM): the group unsubscribe link in emails is /asm/unsubscribe/?user_id=…"
        ),
        Entry(
            kind: .preferences, pattern: "/asm/*", example: "/asm/",
            source: "Twilio SendGrid unsubscribe groups (ASM): the preferences page is /asm/?user_id=…"),
        // Salesforce Marketing Cloud Engagement pages on the sender's click and view domains.
        Entry(
            kind: .unsubscribe, pattern: "/unsub_center.aspx*", example: "/unsub_center.aspx",
            source:
                "Salesforce Marketing Cloud Engagement: the unsubscribe centre its emails link to, unsub_center.aspx?qs=…, served on the click domain"
        ),
        Entry(
            kind: .preferences, pattern: "/subscription_center.aspx*", example: "/subscription_center.aspx",
            source:
                "Salesforce Marketing Cloud Engagement: the subscription centre its emails link to, subscription_center.aspx?qs=…"
        ),
        Entry(
            kind: .preferences, pattern: "/profile_center.aspx*", example: "/profile_center.aspx",
            source:
                "Salesforce Marketing Cloud Engagement: the profile centre (\"Update Profile\") its emails link to, profile_center.aspx?qs=…"
        ),
        // Generic words, wherever they appear.
        Entry(
            kind: .unsubscribe, pattern: "*unsubscribe*", example: "/unsubscribe",
            source:
                "RFC 2369 and RFC 8058 (List-Unsubscribe, one-click unsubscribe URLs); the path word every email platform uses"
        ),
        Entry(
            kind: .optOut, pattern: "*opt-out*", example: "/opt-out",
            source: "Convention: the opt-out page US CAN-SPAM (15 U.S.C. 7704(a)(3)) requires in commercial email"),
        Entry(
            kind: .optOut, pattern: "*optout*", example: "/optout",
            source: "Convention: the opt-out page US CAN-SPAM (15 U.S.C. 7704(a)(3)) requires in commercial email"),
        Entry(
            kind: .optOut, pattern: "*opt_out*", example: "/opt_out",
            source: "Convention: the opt-out page US CAN-SPAM (15 U.S.C. 7704(a)(3)) requires in commercial email"),
        Entry(
            kind: .preferences, pattern: "*preference-cent*", example: "/preference-center",
            source: "Convention: the email platforms' \"preference center\" (either spelling)"),
        Entry(
            kind: .preferences, pattern: "*/preferences*", example: "/preferences",
            source: "Convention: email and notification preference pages"),
        Entry(
            kind: .preferences, pattern: "*/manage-subscription*", example: "/manage-subscriptions",
            source: "Convention: subscription management pages"),
        Entry(
            kind: .viewInBrowser, pattern: "*view-in-browser*", example: "/view-in-browser",
            source: "Convention: the \"view in browser\" copy of an email"),
        Entry(
            kind: .viewInBrowser, pattern: "*/webversion*", example: "/webversion",
            source: "Convention: the \"web version\" copy of an email"),
        Entry(
            kind: .signIn, pattern: "*/oauth*", example: "/oauth/callback",
            source:
                "RFC 6749 §3.1.2 (the OAuth redirection endpoint the authorization server returns to; RFC 8252 §7.2 lets an app claim it on purpose)"
        ),
        Entry(
            kind: .signIn, pattern: "*/auth/callback*", example: "/auth/callback",
            source: "Convention: sign-in callback endpoints (OpenID Connect redirect_uri)"),
        Entry(
            kind: .signIn, pattern: "*/saml/*", example: "/saml/acs",
            source: "SAML 2.0 Bindings (the assertion consumer service the identity provider posts back to)"),
        Entry(
            kind: .wellKnown, pattern: "/.well-known/*", example: "/.well-known/apple-app-site-association",
            source: "RFC 8615 (well-known URIs)"),
    ]

    /// The first entry covering `path` (compared lower-cased), if any.
    public static func entry(forPath path: String) -> Entry? {
        let lowered = Array(path.lowercased().utf8)
        return entries.first { Glob.matches(Array($0.pattern.utf8), lowered) }
    }
}
