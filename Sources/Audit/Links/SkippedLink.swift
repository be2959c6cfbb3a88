import AASA

/// An entry `links` read but does not judge: its scheme is neither http(s) nor one the custom-scheme tier judges
/// (an App Store button, a mail or phone link, `ftp:`, `data:`, …). It is listed with what it is and why it is not
/// judged, so a campaign's App Store link is seen in the report rather than silently dropped.
public struct SkippedLink: Codable, Sendable, Equatable {
    /// What a skipped entry is, by its scheme.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// `itms-apps:` and `itms-appss:`: the App Store opens on the app's page.
        case appStore = "app-store"
        /// `mailto:`.
        case mail
        /// `tel:`, `sms:`, `mms:`, `facetime:`, `facetime-audio:` and `callto:`: a call or a message.
        case phone
        /// A scheme the `--info-plist` declares that the custom-scheme tier does not judge, because the system or
        /// other apps answer it too (`webcal:`, `geo:`…).
        case customScheme = "custom-scheme"
        /// Any other scheme: `ftp:`, `data:`, `file:`, `ws:`, `javascript:`, `about:`…
        case other
    }

    /// The line, cell or href as written (its first 200 characters).
    public var input: String
    /// `FILE:LINE`, or "argument".
    public var source: String
    public var kind: Kind
    /// Why it is not judged, in one sentence.
    public var reason: String

    public init(input: String, source: String, kind: Kind, reason: String) {
        self.input = input
        self.source = source
        self.kind = kind
        self.reason = reason
    }

    /// Characters of an entry kept: a `data:` URL can be megabytes.
    public static let inputLength = 200

    /// The schemes of the `phone` kind, each with the app that answers it.
    static let phoneSchemes: [String: String] = [
        "tel": "the Phone app", "callto": "a calling app", "sms": "Messages", "mms": "Messages",
        "facetime": "FaceTime", "facetime-audio": "FaceTime",
    ]

    /// What the entry `text` (trimmed) is and why it is skipped, or nil when `links` judges it: http(s), or a scheme
    /// the custom-scheme tier judges. One rule decides the latter, the one `link-custom-scheme` applies
    /// (`SchemeLinks.isAppScheme`): a scheme no system app answers. The App Store, mail and phone schemes are the
    /// system's whatever an Info.plist says; another system scheme the app declares is `custom-scheme`.
    public static func classify(_ text: String, schemes: URLSchemes?) -> (kind: Kind, reason: String)? {
        guard let scheme = scheme(of: text), scheme != "http", scheme != "https", !SchemeLinks.isAppScheme(scheme)
        else { return nil }
        let kind: Kind
        let reason: String
        if scheme == "itms-apps" || scheme == "itms-appss" {
            kind = .appStore
            reason =
                "An App Store link (\(scheme):): it opens the App Store, neither a web page nor the app, so it is not judged."
        } else if scheme == "mailto" {
            kind = .mail
            reason = "A mail link (mailto:): it opens the mail app, so it is not judged."
        } else if let app = phoneSchemes[scheme] {
            kind = .phone
            reason = "A phone or message link (\(scheme):): it opens \(app), so it is not judged."
        } else if let schemes, schemes.declares(scheme) == .declared {
            kind = .customScheme
            reason =
                "\(schemes.file) declares \(scheme):, but the system or other apps answer that scheme too, so it is "
                + "not judged as the app's custom scheme."
        } else {
            kind = .other
            reason = "Not a web link: only http and https links are judged, and \(scheme): is another scheme."
        }
        return (kind, reason)
    }

    /// The lower-cased scheme `text` starts with, or nil when it starts with none.
    public static func scheme(of text: String) -> String? { URLAuthority.scheme(of: text) }
}
