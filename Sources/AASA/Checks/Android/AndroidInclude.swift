/// An `include` statement must name an https URL both verifiers follow.
public enum AndroidInclude: Check {
    public static let description = CheckDescription(
        id: "android-include", area: .android, severity: .error,
        summary: "Every include names an https URL, alone in its statement",
        rationale: """
            An include pulls another statement list in. AOSP follows one level only, and an http (or ftp, file) \
            include makes its fetcher's cast to HttpsURLConnection throw, failing the whole host; Google's DAL drops \
            an insecure include from a secure site, a URL that is not http(s), and an include beside target or \
            relation (compatibility tests 2004, 5006-5011). This tool treats an include like any URL a site \
            controls: an IP address, a port or user info is not fetched.
            """,
        reference: AndroidDocs.dalDetails,
        severityChanges: [
            SeverityChange(
                .warning,
                when: "only one verifier loses the include (beside target or relation), or this tool refuses it "
                    + "(an IP address, a port, user info)")
        ])

    public static let examples = Examples<AssetLinksFile>(
        passing: [
            .passing("[" + AndroidExample.app() + #", {"include": "https://example.com/includes/apps.json"}]"#)
        ],
        failing: [
            .failing(#"[{"include": "http://example.com/apps.json"}]"#, at: ["/0/include"]),
            .failing(#"[{"include": "apps.json"}]"#, at: ["/0/include"]),
            .failing(#"[{"include": "https://203.0.113.7/apps.json"}]"#, at: ["/0/include"]),
            .failing(#"[{"include": "https://example.com:8443/apps.json"}]"#, at: ["/0/include"]),
            .failing(
                #"[{"include": "https://example.com/apps.json", "target": {"namespace": "web", "site": "https://example.com"}}]"#,
                at: ["/0/include"]),
        ])

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard let node = statement.node["include"] else { continue }
            guard let url = node.string else {
                findings.add(
                    description, at: node,
                    "The include is \(node.typeName), not a URL string: neither verifier follows it.",
                    why: "The statements it was meant to pull in are not read.",
                    fix: "Write the include as an https URL string.")
                continue
            }
            let parsed = SiteURL(url)
            if parsed == nil || parsed?.host.isEmpty == true || parsed?.isHTTP == false {
                findings.add(
                    description, at: node,
                    "Include \(JSONNode.quote(url)) is not an absolute https URL: neither verifier follows it"
                        + (["ftp", "file", "jar"].contains(parsed?.scheme ?? "")
                            ? " and AOSP fails the whole host." : "."),
                    why: "The statements it was meant to pull in are not read.",
                    fix:
                        "Write the include as an absolute https URL, e.g. \"https://example.com/assetlinks-apps.json\"."
                )
                continue
            }
            guard let parsed else { continue }
            if parsed.scheme == "http" {
                findings.add(
                    description, at: node,
                    "Include \(JSONNode.quote(url)) is http: AOSP fails the whole host; DAL drops the include.",
                    why: "On every verifier the included statements are lost, and on AOSP's (no Google Play services) "
                        + "no app is verified on this host at all.",
                    fix: "Serve the included file over https and write its https URL.")
                continue
            }
            if statement.node["target"] != nil || statement.node["relation"] != nil {
                findings.add(
                    description, at: node, severity: .warning,
                    "This include sits beside \"target\" or \"relation\": DAL skips the whole statement; AOSP follows "
                        + "the include and ignores the rest.",
                    why: "On the reference device (Google Play services) the included statements are not read.",
                    fix: "Put the include in a statement of its own, and the target and relation in another.")
                continue
            }
            if let refusal = refusal(parsed) {
                findings.add(
                    description, at: node, severity: .warning,
                    "Include \(JSONNode.quote(url)) names \(refusal): this tool does not fetch it, as it fetches no "
                        + "URL a site controls that names one.",
                    why: "Its statements are not audited; Android devices do fetch it.",
                    fix: "Name the included file by a host name on the default https port.")
            }
        }
    }

    /// Why a site-controlled URL is not fetched: an IP address, a port or user info (DESIGN §8).
    static func refusal(_ url: SiteURL) -> String? {
        let host = url.host
        if host.hasPrefix("[") || IPLiteral.isIPAddress(host) || IPLiteral.looksLikeIPAddress(host) {
            return "an IP address"
        }
        if url.userInfo != nil { return "user info" }
        if url.port != nil { return "a port" }
        return nil
    }
}
