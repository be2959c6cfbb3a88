import AASA

/// Decides a link's tier from its chain, in the order the `links` command documents: custom scheme, Firebase
/// Dynamic Links, opens the app, broken, Safari first, never. Pure: unit tests hand it canned chains.
public enum LinkJudge {
    public struct Verdict: Sendable {
        public var tier: LinkTier
        public var appID: String?
        public var rule: String?
        public var findings: [Finding]
        /// The chain, with the note an `opens-app` link behind redirects gets on its tapped URL.
        public var chain: [LinkHop]
    }

    /// `schemeFinding` is the `link-custom-scheme` finding when the tapped URL's scheme is not http(s).
    public static func judge(_ evidence: LinkEvidence, schemeFinding: Finding? = nil) -> Verdict {
        var chain = evidence.chain
        if let schemeFinding {
            return Verdict(tier: .customScheme, appID: nil, rule: nil, findings: [schemeFinding], chain: chain)
        }
        let findings = Catalogue.check(evidence)
        if LinkDynamicLinks.applies(to: evidence) {
            return Verdict(tier: .broken, appID: nil, rule: nil, findings: findings, chain: chain)
        }
        if let app = evidence.tappedOpensApp {
            if chain.count > 1 && evidence.broken == nil {
                let note = "Opens the app with this tracking URL: the app must resolve it itself (follow its redirect)."
                chain[0].note = chain[0].note.map { $0 + " " + note } ?? note
            }
            return Verdict(tier: .opensApp, appID: app, rule: chain[0].rule, findings: findings, chain: chain)
        }
        if evidence.broken != nil {
            return Verdict(tier: .broken, appID: nil, rule: nil, findings: findings, chain: chain)
        }
        if let (_, hop) = evidence.laterAppHop {
            return Verdict(tier: .safariFirst, appID: hop.opensApp, rule: hop.rule, findings: findings, chain: chain)
        }
        return Verdict(tier: .never, appID: nil, rule: nil, findings: findings, chain: chain)
    }
}
