import Foundation

/// Every associated-domains entry must be `service:host[?mode=…]` in the form Apple accepts.
public enum EntitlementEntryFormat: Check {
    static let modes = ["developer", "managed", "developer+managed"]

    public static let description = CheckDescription(
        id: "entitlement-entry-format", area: .twoWay, severity: .error,
        summary: "Associated-domains entries are service:host with nothing else",
        rationale: """
            Entries are `<service>:<fully qualified domain>[?mode=developer|managed|developer+managed]`. Apple: "Only \
            include the desired subdomain and the top-level domain. Don't include path and query components or a \
            trailing slash"; a port "will not open your app" (TN3155); `appclips` takes no wildcard. Whitespace, \
            schemes and unknown services or modes make the entry useless.
            """,
        reference: AppleDocs.entitlement,
        severityChanges: [
            SeverityChange(
                .warning,
                when:
                    "the host has upper-case letters (swcd lower-cases it), or is an IP address under `?mode=developer`"
            ),
            SeverityChange(.info, when: "a wildcard `applinks:*.host` comes without an entry for the apex host"),
        ])

    public static let examples = Examples<Entitlements>(
        passing: [
            .passing(entitlements: [
                "applinks:example.com", "applinks:*.example.com", "webcredentials:example.com?mode=developer",
            ])
        ],
        failing: [
            .failing(
                entitlements: [
                    " applinks:example.com", "applinks:https://example.com", "applinks:example.com/shop",
                    "applinks:example.com/",
                    "applinks:example.com:8443", "applinks:192.168.0.1", "applinks:Example.com", "applinks:localhost",
                    "applink:example.com", "applinks:example.com?mode=dev", "appclips:*.example.com", "example.com",
                    "applinks:", "applinks:127.1", "applinks:::1",
                ],
                at: (0..<15).map { "/com.apple.developer.associated-domains/\($0)" })
        ])

    /// What is wrong with one entry: the finding's message (after the quoted entry), severity and reasons.
    struct Problem {
        var message: String
        var severity: Severity?
        var why: String
        var fix: String

        init(_ message: String, severity: Severity? = nil, why: String = Problem.never, fix: String) {
            self.message = message
            self.severity = severity
            self.why = why
            self.fix = fix
        }

        static let never = "iOS never associates this entry with the app, so its links do not open it."
    }

    public static func run(_ entitlements: Entitlements, into findings: inout FindingSink) {
        for entry in entitlements.entries {
            func add(_ problem: Problem) {
                findings.add(
                    description, at: nil, pointer: entry.pointer, severity: problem.severity,
                    "\(JSONNode.quote(entry.raw)): \(problem.message)", why: problem.why, fix: problem.fix)
            }
            if let problem = prefixProblem(entry) ?? hostProblem(entry) {
                add(problem)
                continue
            }
            let host = entry.host
            if host != host.lowercased() {
                add(
                    Problem(
                        "upper-case letters.", severity: .warning,
                        why:
                            "swcd lower-cases hosts, so this works, but tools and reviews comparing entries as text are misled.",
                        fix: "Write \(entry.service):\(host.lowercased())."))
            }
            let bare = entry.isWildcard ? String(host.dropFirst(2)) : host
            let apexListed = entitlements.entries.contains {
                !$0.isWildcard && $0.service == AppleService.applinks && $0.fileHost == bare.lowercased()
            }
            if entry.isWildcard, entry.service == AppleService.applinks, !apexListed {
                add(
                    Problem(
                        "a wildcard without the apex: whether *.\(bare) also covers \(bare) itself is undocumented.",
                        severity: .info,
                        why:
                            "The apex's file serves every subdomain without an entry of its own; the apex itself may not be covered.",
                        fix: "Add applinks:\(bare) as well."))
            }
        }
    }

    /// What makes the entry useless around its host: whitespace, its service or its mode.
    static func prefixProblem(_ entry: EntitlementEntry) -> Problem? {
        if entry.raw != entry.raw.trimmingCharacters(in: .whitespacesAndNewlines) {
            return Problem("leading or trailing whitespace.", fix: "Remove the spaces around the entry.")
        }
        if entry.service.isEmpty {
            return Problem(
                "no service prefix.",
                fix: "Write applinks:\(entry.host) (or "
                    + AppleService.withAppList.map { "\($0):" }.joined(separator: ", ") + ").")
        }
        if !AppleService.all.contains(entry.service) {
            let guess = suggestion(for: entry.service, among: AppleService.all)
            return Problem(
                "unknown service \"\(entry.service)\"" + (guess.map { "; did you mean \"\($0)\"?" } ?? "."),
                fix: "Use one of \(AppleService.all.joined(separator: ", ")).")
        }
        if let mode = entry.mode, !modes.contains(mode) {
            return Problem(
                "unknown mode \"\(mode)\".", why: "iOS 14+ ignores an entry with an unknown mode.",
                fix: "Use ?mode=developer, ?mode=managed or ?mode=developer+managed.")
        }
        return nil
    }

    /// What makes the entry's host one iOS never associates: URL parts, an IP address, a port, no fully qualified
    /// domain, a wildcard App Clip.
    static func hostProblem(_ entry: EntitlementEntry) -> Problem? {
        // An entry is not a URL, so these look for URL parts in it as text rather than split it with
        // `URLAuthority`: any "://" is a scheme, even after text that is not one, and the last ":" starts a port
        // even after an "@" or a "#", which a URL split would read as user info or a fragment.
        let host = entry.host
        if host.contains("://") {
            return Problem(
                "it contains a scheme.",
                fix: "Write only the host: \(entry.service):\(host.components(separatedBy: "://").last ?? host).")
        }
        if host.contains("/") {
            return Problem(
                host.hasSuffix("/") && host.filter({ $0 == "/" }).count == 1 ? "a trailing slash." : "a path.",
                fix: "Write only the host; Apple reads the file from /.well-known/ and the file's rules choose paths.")
        }
        // Every spelling a resolver reads as an address (`127.1`, `0x7f.1`, `::1`), before the port test: an
        // IPv6 address is all colons. The domain parser refuses the same hosts, so this finding is all the
        // report says of such an entry.
        if host.hasPrefix("[") || IPLiteral.isIPAddress(entry.isWildcard ? String(host.dropFirst(2)) : host) {
            return Problem(
                "an IP address: Apple's CDN never fetches a file from one, and this entry is not audited.",
                severity: entry.developerMode ? .warning : nil,
                why: "Only developer mode accepts an IP address; release builds never associate it.",
                fix: "Use a host name with a certificate.")
        }
        if let colon = host.lastIndex(of: ":"), !host.contains("]") {
            return Problem(
                "a port (\(host[host.index(after: colon)...])).",
                why: "Apple: an entry with a port \"will not open your app\" (TN3155).",
                fix: "Serve the file on port 443 and drop the port.")
        }
        let bare = entry.isWildcard ? String(host.dropFirst(2)) : host
        if bare.isEmpty { return Problem("no host.", fix: "Write \(entry.service):example.com.") }
        let labels = bare.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 || labels.contains(where: \.isEmpty), !(bare == "localhost" && entry.developerMode) {
            return Problem(
                "\"\(bare)\" is not a fully qualified domain.",
                fix: "Write the full domain, e.g. \(entry.service):www.example.com.")
        }
        if entry.isWildcard && entry.service == "appclips" {
            return Problem("App Clips do not support wildcard domains.", fix: "List each App Clip domain explicitly.")
        }
        return nil
    }
}
