import AASA

/// One link as links.json reports it: where it came from, its tier, the deciding app and rule, its chain and
/// findings.
public struct LinkResult: Codable, Sendable {
    /// The line or argument as written.
    public var input: String
    /// `FILE:LINE`, or "argument".
    public var source: String
    /// The link's text (`--html`); nil otherwise.
    @Nullable public var text: String?
    public var url: String
    public var tier: LinkTier
    /// The app that opens: the tapped URL's for `opens-app`, the later hop's for `safari-first`.
    @Nullable public var appID: String?
    /// The deciding rule as written, with the app.
    @Nullable public var rule: String?
    public var chain: [LinkHop]
    public var findings: [LinkFinding]

    public init(
        input: String, source: String, text: String?, url: String, tier: LinkTier, appID: String?, rule: String?,
        chain: [LinkHop], findings: [LinkFinding]
    ) {
        self.input = input
        self.source = source
        self.text = text
        self.url = url
        self.tier = tier
        self.appID = appID
        self.rule = rule
        self.chain = chain
        self.findings = findings
    }

    /// Redirects followed: hops after the tapped URL that were fetched or reached.
    public var redirects: Int { max(0, chain.count - 1) }

    /// Why the link got its tier, in one line: the worst finding, else the tier's own reason.
    public var why: String {
        if let worst = findings.max(by: { $0.severity < $1.severity }) { return worst.message }
        switch tier {
        case .opensApp: return "Opens \(appID ?? "the app")" + (rule.map { " (rule \($0))" } ?? "") + "."
        case .never:
            let last = chain.reversed().lazy.compactMap(\.note).first
            return "No URL in the chain opens an app" + (last.map { ": " + $0 } ?? ".")
        default: return chain.last?.note ?? ""
        }
    }
}

/// A finding about one link, as links.json lists it (the full finding is in the domain's findings).
public struct LinkFinding: Codable, Hashable, Sendable {
    public var id: String
    public var severity: Severity
    public var message: String

    public init(_ finding: Finding) {
        id = finding.id
        severity = finding.severity
        message = finding.message
    }
}
