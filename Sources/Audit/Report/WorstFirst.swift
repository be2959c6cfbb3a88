import AASA

extension Array where Element == Finding {
    /// Errors, then warnings, then infos, each in report order: the one order the terminal summary, summary.md and
    /// report.html (which groups a domain's findings by severity) list a domain's findings in.
    public func worstFirst() -> [Finding] {
        enumerated().sorted { ($1.element.severity, $0.offset) < ($0.element.severity, $1.offset) }.map(\.element)
    }
}
