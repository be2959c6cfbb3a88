import Foundation

/// The well-known file must answer 200.
public enum HTTPStatus: TransportCheck {
    public static let description = CheckDescription(
        id: "http-status", area: .transport, severity: .error,
        summary: "The file answers 200 OK",
        rationale:
            "Apple treats 4xx and 5xx as a failed fetch (403 means \"your site denied access\", TN3155); 404 and 3xx have their own checks.",
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 403)), at: [ExampleProbe.wellKnownURL]),
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 503), root: nil),
                at: [ExampleProbe.wellKnownURL]),
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, let status = e.httpStatus, status != 200, !(300..<400).contains(status),
            status != 404, status != 410
        else { return }
        let meaning =
            status == 403 || status == 401
            ? "access denied (often a WAF, bot protection or a login wall)"
            : status == 429 ? "rate limited" : status >= 500 ? "a server error" : "an error"
        findings.add(
            description, at: e, "The file answered HTTP \(status): \(meaning).",
            why: "Apple's CDN (iOS 14+) and devices treat it as no file, so no link on this domain opens the app.",
            fix: "Serve the file with 200 to every client, including Apple's AASA-Bot, without authentication.")
    }
}

/// The file must exist at /.well-known/.
public enum NotFound: TransportCheck {
    public static let description = CheckDescription(
        id: "not-found", area: .transport, severity: .error,
        summary: "The file exists at /.well-known/apple-app-site-association",
        rationale:
            "The file lives at https://DOMAIN/.well-known/apple-app-site-association, with no extension; each subdomain needs its own file.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(
                    wellKnown: ExampleProbe.exchange(status: 404), root: ExampleProbe.exchange(.root, status: 404)),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, e.httpStatus == 404 || e.httpStatus == 410, !DomainProbe.serves(probe.root)
        else {
            return
        }
        findings.add(
            description, at: e, "There is no file at \(e.url) (HTTP \(e.httpStatus!)).",
            why: "No app is associated with \(probe.domain) on any iOS version.",
            fix:
                "Publish the file at /.well-known/apple-app-site-association (no .json extension) on \(probe.domain) itself."
        )
    }
}

/// The file must not redirect.
public enum Redirect: TransportCheck {
    public static let description = CheckDescription(
        id: "redirect", area: .transport, severity: .error,
        summary: "The file is served without a redirect",
        rationale: """
            "You must host the file using https:// with a valid certificate and with no redirects." A 301/302 \
            (apex to www, http to https, a trailing slash) is not followed; host a file on each domain instead.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(
                    wellKnown: ExampleProbe.exchange(
                        status: 301, redirectTo: "https://www.example.com/.well-known/apple-app-site-association"),
                    root: nil),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        for e in [probe.wellKnown, probe.root].compactMap({ $0 }) {
            guard let status = e.httpStatus, (300..<400).contains(status) else { continue }
            let isWellKnown = e.location == .wellKnown
            findings.add(
                description, at: e, severity: isWellKnown ? nil : .warning,
                "HTTP \(status) redirects to \(e.redirectTo ?? "(no Location header)").",
                why: isWellKnown
                    ? "Apple's CDN and devices do not follow redirects for this file (all iOS versions), so no link opens the app."
                    : "Older devices that still try the root location get nothing there.",
                fix: "Serve the file directly on \(probe.domain) with 200; do not redirect it to another host or path.")
        }
    }
}

/// application/json, as the original guide asked; HTML means an error page.
public enum ContentType: TransportCheck {
    public static let description = CheckDescription(
        id: "content-type", area: .transport, severity: .warning,
        summary: "The file is served as application/json",
        rationale: """
            Current Apple documentation names no content type and swcd does not check it, but the original guide asked \
            for application/json (application/pkcs7-mime for signed files). text/html almost always means an error \
            page or single-page-app fallback served instead of the file.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(contentType: "application/octet-stream")),
                at: [ExampleProbe.wellKnownURL]),
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(contentType: "text/html; charset=utf-8")),
                at: [ExampleProbe.wellKnownURL]),
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.documentSource else { return }
        let signed = CMSReader.looksSigned(e.body)
        let type = e.mediaType
        if type == "application/json" || (signed && type == "application/pkcs7-mime") { return }
        if type == "text/html" {
            findings.add(
                description, at: e, severity: .error, "The file is served as text/html.",
                why:
                    "Usually an HTML page (error page, SPA fallback, login wall) is served instead of the file; devices then get no rules.",
                fix: "Serve the file itself with Content-Type: application/json.")
            return
        }
        findings.add(
            description, at: e, "The file is served as \(e.contentType ?? "(no Content-Type)"), not application/json.",
            why: "Works with current iOS versions, but older ones and some proxies expect application/json.",
            fix:
                "Set Content-Type: application/json for /.well-known/apple-app-site-association (it has no extension to map)."
        )
    }
}

/// At most 128 KiB, counted after decompression.
public enum TooLarge: TransportCheck {
    public static let description = CheckDescription(
        id: "too-large", area: .transport, severity: .error,
        summary: "The file is at most 128 KiB uncompressed",
        rationale:
            "Apple limits the file to 128 KB (swcd: 131,072 bytes), counted after HTTP decompression, so gzip does not help.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(bytes: [UInt8](repeating: 0x20, count: 140_000))),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        // The well-known file decides; the root copy is reported only when it alone is too large.
        let oversized = [probe.wellKnown, probe.root].compactMap { $0 }.filter {
            $0.httpStatus == 200 && $0.failure == nil && ($0.bytes > SizeLimits.aasa || $0.truncated)
        }
        for e in oversized.prefix(1) {
            let size = e.truncated ? "more than \(e.bytes) bytes" : "\(e.bytes) bytes"
            findings.add(
                description, at: e, "The file is \(size) after decompression; the limit is \(SizeLimits.aasa) bytes.",
                why: "Devices and Apple's CDN refuse larger files on every iOS version, so no link opens the app.",
                fix:
                    "Shrink the rules: use wildcards, substitution variables (iOS 13.5+) and exclusions instead of listing URLs."
            )
        }
    }
}

/// Warn as the file approaches the limit.
public enum SizeNearLimit: TransportCheck {
    public static let description = CheckDescription(
        id: "size-near-limit", area: .transport, severity: .warning,
        summary: "The file stays well under the 128 KiB limit",
        rationale:
            "Above 100 KiB one more batch of generated rules can cross Apple's 128 KiB limit and break every link at once.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(bytes: [UInt8](repeating: 0x20, count: 110_000))),
                at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.documentSource, !e.truncated, e.bytes > SizeLimits.nearLimit, e.bytes <= SizeLimits.aasa
        else {
            return
        }
        findings.add(
            description, at: e, "The file is \(e.bytes) bytes, \(e.bytes * 100 / SizeLimits.aasa)% of Apple's limit.",
            why: "Past \(SizeLimits.aasa) bytes every iOS version rejects the whole file.",
            fix: "Consolidate rules with wildcards or substitution variables before the file grows further.")
    }
}

/// iOS 14+ reads only /.well-known/.
public enum RootOnly: TransportCheck {
    public static let description = CheckDescription(
        id: "root-only", area: .transport, severity: .error,
        summary: "The file is not served only at the root location",
        rationale:
            "iOS 9 also tried /apple-app-site-association; current documentation and Apple's CDN (iOS 14+) use only /.well-known/.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [
            .passing(ExampleProbe.healthy()),
            .passing(ExampleProbe.healthy(root: ExampleProbe.exchange(.root, status: 404))),
        ],
        failing: [
            .failing(
                ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 404)), at: [ExampleProbe.wellKnownURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, !DomainProbe.serves(e), e.failure == nil, DomainProbe.serves(probe.root) else {
            return
        }
        findings.add(
            description, at: e,
            "The file is served only at /apple-app-site-association; /.well-known/ answers HTTP \(e.httpStatus.map(String.init) ?? "?").",
            why: "iOS 14 and later (through Apple's CDN) read only /.well-known/, so links do not open the app there.",
            fix: "Serve the same file at /.well-known/apple-app-site-association.")
    }
}

/// Both locations should say the same thing.
public enum LocationsDiffer: TransportCheck {
    public static let description = CheckDescription(
        id: "locations-differ", area: .transport, severity: .warning,
        summary: "Both locations serve the same rules",
        rationale:
            "When the root and /.well-known/ files differ, devices of different ages follow different rules; usually one copy is stale.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [
            .passing(ExampleProbe.healthy()),
            .passing(
                ExampleProbe.healthy(
                    root: ExampleProbe.exchange(
                        .root, body: ExampleProbe.body.replacingOccurrences(of: ", ", with: ",\n  ")))),
        ],
        failing: [
            .failing(
                ExampleProbe.healthy(
                    root: ExampleProbe.exchange(
                        .root, body: ExampleProbe.body.replacingOccurrences(of: "/shop/*", with: "/old/*"))),
                at: [ExampleProbe.rootURL])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let a = probe.wellKnown, let b = probe.root, DomainProbe.serves(a), DomainProbe.serves(b) else { return }
        let first = DecodedFile(bytes: a.body)
        let second = DecodedFile(bytes: b.body)
        guard let x = first.root, let y = second.root, Canonical.text(x) != Canonical.text(y) else { return }
        findings.add(
            description, at: b, "The root file's rules differ from the /.well-known/ file's.",
            why: "Devices that still read the root location (iOS 9–13 direct fetches) follow other rules than iOS 14+.",
            fix: "Serve one file from both paths, or remove the root copy.")
    }
}

/// Every client must get the same file.
public enum UserAgentBlocked: TransportCheck {
    public static let description = CheckDescription(
        id: "user-agent-blocked", area: .transport, severity: .warning,
        summary: "Every user agent gets the same answer",
        rationale: """
            "Your server should accept all user agent requests" (TN3155, 2025). WAFs and bot protection that \
            block AASA-Bot (Apple's CDN) or unknown bots are the most common real-world failure.
            """,
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.healthy())],
        failing: [
            .failing(
                ExampleProbe.healthy(
                    wellKnown: ExampleProbe.exchange(status: 403, body: "<html>Access denied</html>"),
                    others: [
                        ExampleProbe.exchange(agent: UserAgents.browser),
                        ExampleProbe.exchange(status: 403, agent: UserAgents.genericBot),
                    ]),
                at: [ExampleProbe.wellKnownURL]),
            .failing(
                ExampleProbe.healthy(others: [
                    ExampleProbe.exchange(agent: UserAgents.browser),
                    ExampleProbe.exchange(status: 403, agent: UserAgents.genericBot),
                ]),
                at: [ExampleProbe.wellKnownURL]),
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let primary = probe.wellKnown, primary.failure == nil else { return }
        func answer(_ e: Exchange) -> String {
            if let status = e.httpStatus, status == 200, let root = DecodedFile(bytes: e.body).root {
                return "200 " + Canonical.text(root)
            }
            return "\(e.httpStatus.map(String.init) ?? e.failure?.rawValue ?? "?")"
        }
        let mine = answer(primary)
        let differing = probe.otherAgents.filter { $0.failure == nil && answer($0) != mine }
        guard !differing.isEmpty else { return }
        let okElsewhere = differing.contains { $0.httpStatus == 200 }
        let describe = differing.map { "\($0.userAgent) got HTTP \($0.httpStatus.map(String.init) ?? "?")" }
        if primary.httpStatus != 200 && okElsewhere {
            findings.add(
                description, at: primary, severity: .error,
                "\(primary.userAgent) got HTTP \(primary.httpStatus.map(String.init) ?? "?") while \(describe.joined(separator: "; ")).",
                why:
                    "The server blocks Apple's fetcher by user agent: iOS 14+ devices get no file from Apple's CDN while browsers see it fine.",
                fix:
                    "Allow the AASA-Bot and CFNetwork user agents (and every other) for this path in the WAF or bot protection."
            )
        } else {
            findings.add(
                description, at: primary,
                "Other user agents get a different answer: \(describe.joined(separator: "; ")) (\(primary.userAgent) got HTTP \(primary.httpStatus.map(String.init) ?? "?")).",
                why:
                    "Apple asks that every user agent gets the file (TN3155); devices fetching directly (before iOS 14, or in developer mode) use other agents.",
                fix: "Serve the file identically to all user agents; exempt this path from bot protection.")
        }
    }
}

/// A canonical text of a JSON value (object keys sorted), to compare files by meaning rather than bytes.
enum Canonical {
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            var seen: [String: JSONNode] = [:]
            for m in members { seen[m.key] = m.value }
            return "{" + seen.keys.sorted().map { JSONNode.quote($0) + ":" + text(seen[$0]!) }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        default: return node.jsonText
        }
    }
}
