/// One check's findings past the cap are counted, not listed.
///
/// The finding is made by `FindingSink` as it collects: past `FindingSink.defaultLimit` findings of one check
/// in one file, the rest are only counted, and this finding says how many (by severity, in `omitted`) and
/// where the first one left out lands. Summaries, verdicts and exit statuses count the omitted ones too.
public enum FindingsTruncated: Check {
    /// Made beside the sink that raises it: `TruncationFinding`.
    public static let description = TruncationFinding.description

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#)],
        failing: [.failing(manyUnknownKeys(FindingSink.defaultLimit + 1), at: ["/x\(FindingSink.defaultLimit)"])])

    /// A valid file with `count` unknown top-level keys, `x0`, `x1`, ...
    static func manyUnknownKeys(_ count: Int) -> DecodedFile {
        let keys = (0..<count).map { "\"x\($0)\": 1" }.joined(separator: ", ")
        let text = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}, "#
        return DecodedFile(bytes: Array((text + keys + "}").utf8))
    }

    /// Runs the document checks into a sink of its own and passes on what that sink truncated: the checks
    /// themselves never call this, `FindingSink` adds the finding as it collects.
    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        var own = FindingSink(url: findings.url)
        for check in Catalogue.documentChecks { check.run(file, into: &own) }
        for finding in own.findings where finding.id == description.id { findings.append(finding) }
    }
}
