/// Apple's pages the checks cite.
public enum AppleDocs {
    public static let supportingAssociatedDomains =
        "https://developer.apple.com/documentation/xcode/supporting-associated-domains"
    public static let applinks = "https://developer.apple.com/documentation/bundleresources/applinks"
    public static let details = "https://developer.apple.com/documentation/bundleresources/applinks/details"
    public static let components =
        "https://developer.apple.com/documentation/bundleresources/applinks/details/components"
    public static let query =
        "https://developer.apple.com/documentation/bundleresources/applinks/details/components/query"
    public static let substitutionVariables =
        "https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables"
    public static let defaults = "https://developer.apple.com/documentation/bundleresources/applinks/defaults"
    public static let tn3155 =
        "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
    public static let customURLScheme =
        "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"
    public static let entitlement =
        "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"
}
