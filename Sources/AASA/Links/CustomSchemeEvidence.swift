/// One custom-scheme link (`myapp://…`) and what is known about it: where it was found, the app's declared schemes
/// (`--info-plist`) and the Universal Link that would replace it (from the entitlements' domains).
public struct CustomSchemeEvidence: Sendable {
    public var link: String
    /// The page (or `FILE:LINE`) it was found on first.
    public var foundOn: String
    /// Every page it was found on, counted (1 when only `foundOn`).
    public var pageCount: Int
    /// The app's declared schemes; nil without `--info-plist`.
    public var schemes: URLSchemes?
    /// The Universal Link that would replace it; nil when none was found or none could be looked for.
    public var replacement: SchemeReplacement.Replacement?
    /// Whether a replacement was looked for (entitlements were given), so "none found" can be told from "not asked".
    public var replacementSought: Bool

    public init(
        link: String, foundOn: String, pageCount: Int = 1, schemes: URLSchemes?,
        replacement: SchemeReplacement.Replacement?, replacementSought: Bool
    ) {
        self.link = link
        self.foundOn = foundOn
        self.pageCount = pageCount
        self.schemes = schemes
        self.replacement = replacement
        self.replacementSought = replacementSought
    }

    /// The link's scheme, lower-cased ("" when it has none).
    public var scheme: String {
        guard let colon = link.firstIndex(of: ":") else { return "" }
        return link[..<colon].lowercased()
    }

    /// What the report says about the scheme: "declared", "not declared", "not checkable" or "unknown".
    public var declared: String { schemes?.declares(scheme).rawValue ?? "unknown" }
}
