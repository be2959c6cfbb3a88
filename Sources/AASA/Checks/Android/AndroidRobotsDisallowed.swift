import Foundation

/// Google's older documentation requires the file to be crawlable.
public enum AndroidRobotsDisallowed: Check {
    public static let description = CheckDescription(
        id: "android-robots-disallowed", area: .android, severity: .warning,
        summary: "robots.txt lets Google read assetlinks.json",
        rationale: """
            Google's earlier App Links documentation required /.well-known/assetlinks.json to be accessible to \
            Google's crawler; a robots.txt that disallows it for Googlebot may keep Google's cache (the Digital Asset \
            Links API) from the file. Devices fetch it directly and ignore robots.txt.
            """,
        reference: AndroidDocs.verifyAppLinks)

    public static let examples = Examples<AndroidProbe>(
        passing: [.passing(ExampleAndroidProbe.probe()), .passing(ExampleAndroidProbe.probe(robotsDisallows: nil))],
        failing: [
            .failing(ExampleAndroidProbe.probe(robotsDisallows: true), at: [ExampleAndroidProbe.fileURL])
        ])

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        guard probe.robotsDisallows == true else { return }
        findings.add(
            description, at: probe.assetLinks,
            "robots.txt on \(probe.domain) disallows \(AndroidProbe.path) for Googlebot.",
            why: "Google's tooling and cache may not read the file; devices still fetch it themselves.",
            fix: "Add \"Allow: \(AndroidProbe.path)\" to the group that applies to Googlebot (or to every agent).")
    }
}
