/// What one `FindingSink` collects for: the cap on findings applies per check and per scope, and the
/// `findings-truncated` finding says which (a crawl's findings are not "in this file").
public enum FindingScope: Sendable, Equatable {
    /// One AASA file (the default).
    case file
    /// One domain's fetches of its file (the transport checks).
    case fetches
    /// One site's crawl.
    case crawl
    /// The app's entitlements file.
    case entitlements
    /// The Android app's AndroidManifest.xml.
    case androidManifest

    /// Where the findings were raised, as the truncation's message says it.
    var place: String {
        switch self {
        case .file: "in this file"
        case .fetches: "in this domain's fetches"
        case .crawl: "on this site's crawl"
        case .entitlements: "in the entitlements file"
        case .androidManifest: "in the Android manifest"
        }
    }

    /// What the cap counts per, as the truncation's explanation says it.
    var unit: String {
        switch self {
        case .file: "per file"
        case .fetches: "per domain's fetches"
        case .crawl: "per site's crawl"
        case .entitlements: "per entitlements file"
        case .androidManifest: "per Android manifest"
        }
    }
}
