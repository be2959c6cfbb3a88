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

    public static func run(_ entitlements: Entitlements, into findings: inout FindingSink) {
        for entry in entitlements.entries {
            func add(_ message: String, severity: Severity? = nil, why: String, fix: String) {
                findings.add(
                    description, at: nil, pointer: entry.pointer, severity: severity,
                    "\(JSONNode.quote(entry.raw)): \(message)", why: why, fix: fix)
            }
            let never = "iOS never associates this entry with the app, so its links do not open it."
            if entry.raw != entry.raw.trimmingCharacters(in: .whitespacesAndNewlines) {
                add("leading or trailing whitespace.", why: never, fix: "Remove the spaces around the entry.")
                continue
            }
            if entry.service.isEmpty {
                add(
                    "no service prefix.", why: never,
                    fix:
                        "Write applinks:\(entry.host) (or "
                        + AppleService.withAppList.map { "\($0):" }.joined(separator: ", ") + ").")
                continue
            }
            if !AppleService.all.contains(entry.service) {
                let guess = suggestion(for: entry.service, among: AppleService.all)
                add(
                    "unknown service \"\(entry.service)\"" + (guess.map { "; did you mean \"\($0)\"?" } ?? "."),
                    why: never,
                    fix: "Use one of \(AppleService.all.joined(separator: ", ")).")
                continue
            }
            if let mode = entry.mode, !modes.contains(mode) {
                add(
                    "unknown mode \"\(mode)\".", why: "iOS 14+ ignores an entry with an unknown mode.",
                    fix: "Use ?mode=developer, ?mode=managed or ?mode=developer+managed.")
                continue
            }
            // An entry is not a URL, so these look for URL parts in it as text rather than split it with
            // `URLAuthority`: any "://" is a scheme, even after text that is not one, and the last ":" starts a port
            // even after an "@" or a "#", which a URL split would read as user info or a fragment.
            let host = entry.host
            if host.contains("://") {
                add(
                    "it contains a scheme.", why: never,
                    fix: "Write only the host: \(entry.service):\(host.components(separatedBy: "://").last ?? host).")
                continue
            }
            if host.contains("/") {
                add(
                    host.hasSuffix("/") && host.filter({ $0 == "/" }).count == 1 ? "a trailing slash." : "a path.",
                    why: never,
                    fix:
                        "Write only the host; Apple reads the file from /.well-known/ and the file's rules choose paths."
                )
                continue
            }
            // Every spelling a resolver reads as an address (`127.1`, `0x7f.1`, `::1`), before the port test: an
            // IPv6 address is all colons. The domain parser refuses the same hosts, so this finding is all the
            // report says of such an entry.
            if host.hasPrefix("[") || IPLiteral.isIPAddress(entry.isWildcard ? String(host.dropFirst(2)) : host) {
                add(
                    "an IP address: Apple's CDN never fetches a file from one, and this entry is not audited.",
                    severity: entry.developerMode ? .warning : nil,
                    why: "Only developer mode accepts an IP address; release builds never associate it.",
                    fix: "Use a host name with a certificate.")
                continue
            }
            if let colon = host.lastIndex(of: ":"), !host.contains("]") {
                add(
                    "a port (\(host[host.index(after: colon)...])).",
                    why: "Apple: an entry with a port \"will not open your app\" (TN3155).",
                    fix: "Serve the file on port 443 and drop the port.")
                continue
            }
            let bare = entry.isWildcard ? String(host.dropFirst(2)) : host
            let labels = bare.split(separator: ".", omittingEmptySubsequences: false)
            if bare.isEmpty {
                add("no host.", why: never, fix: "Write \(entry.service):example.com.")
                continue
            }
            if labels.count < 2 || labels.contains(where: \.isEmpty) {
                if !(bare == "localhost" && entry.developerMode) {
                    add(
                        "\"\(bare)\" is not a fully qualified domain.", why: never,
                        fix: "Write the full domain, e.g. \(entry.service):www.example.com.")
                    continue
                }
            }
            if entry.isWildcard && entry.service == "appclips" {
                add(
                    "App Clips do not support wildcard domains.", why: never,
                    fix: "List each App Clip domain explicitly.")
                continue
            }
            if host != host.lowercased() {
                add(
                    "upper-case letters.", severity: .warning,
                    why:
                        "swcd lower-cases hosts, so this works, but tools and reviews comparing entries as text are misled.",
                    fix: "Write \(entry.service):\(host.lowercased()).")
            }
            let apexListed = entitlements.entries.contains {
                !$0.isWildcard && $0.service == AppleService.applinks && $0.fileHost == bare.lowercased()
            }
            if entry.isWildcard, entry.service == AppleService.applinks, !apexListed {
                add(
                    "a wildcard without the apex: whether *.\(bare) also covers \(bare) itself is undocumented.",
                    severity: .info,
                    why:
                        "The apex's file serves every subdomain without an entry of its own; the apex itself may not be covered.",
                    fix: "Add applinks:\(bare) as well.")
            }
        }
    }
}
