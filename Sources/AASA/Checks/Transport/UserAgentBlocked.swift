import Foundation

/// Every client must get the same file.
public enum UserAgentBlocked: Check {
    public static let description = CheckDescription(
        id: "user-agent-blocked", area: .transport, severity: .warning,
        summary: "Every user agent gets the same answer",
        rationale: """
            "Your server should accept all user agent requests" (TN3155, 2025). WAFs and bot protection that \
            block AASA-Bot (Apple's CDN) or unknown bots are the most common real-world failure.
            """,
        reference: AppleDocs.tn3155,
        severityChanges: [
            SeverityChange(.error, when: "Apple's agent, AASA-Bot, is refused while another agent gets the file")
        ])

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.healthy(
            wellKnown: ExampleProbe.exchange(status: 403, body: "<html>Access denied</html>"),
            others: [
                ExampleProbe.exchange(agent: UserAgents.browser),
                ExampleProbe.exchange(status: 403, agent: UserAgents.genericBot),
            ]),
        ExampleProbe.healthy(others: [
            ExampleProbe.exchange(agent: UserAgents.browser),
            ExampleProbe.exchange(status: 403, agent: UserAgents.genericBot),
        ]))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let primary = probe.wellKnown, primary.failure == nil else { return }
        func answer(_ e: Exchange, _ file: DecodedFile?) -> String {
            if let status = e.httpStatus, status == 200, let root = file?.root {
                return "200 " + Canonical.text(root)
            }
            return "\(e.httpStatus.map(String.init) ?? e.failure?.rawValue ?? "?")"
        }
        let mine = answer(primary, probe.wellKnownFile)
        let differing = zip(probe.otherAgents, probe.otherAgentFiles).filter { e, file in
            e.failure == nil && answer(e, file) != mine
        }.map(\.0)
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
