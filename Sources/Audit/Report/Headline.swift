import AASA

extension AuditReport {
    /// The run in a few words, the heading of summary.md and report.html: failing domains as the summary counts
    /// them (the entitlements file and the Android manifest are no domains: each is named on its own), refused input lines and an interruption,
    /// so no heading says "all pass" for a run whose exit status is not 0 for a reason of its own.
    public var headline: String {
        let s = summary
        let entitlements = self.entitlements.map { DomainReport.verdict($0.findings) }
        let manifest = androidManifest.map { DomainReport.verdict($0.findings) }
        var parts: [String] = []
        if s.failed > 0 { parts.append("\(s.failed) failing domain\(s.failed == 1 ? "" : "s")") }
        if entitlements == .fail { parts.append("entitlements failing") }
        if manifest == .fail { parts.append("Android manifest failing") }
        if !refused.isEmpty {
            parts.append("\(RefusedInputs.grouped(refused.count)) refused input line\(refused.count == 1 ? "" : "s")")
        }
        if interrupted { parts.append("interrupted") }
        if parts.isEmpty {
            return s.warned > 0 || entitlements == .warn || manifest == .warn ? "warnings" : "all pass"
        }
        return parts.joined(separator: ", ")
    }
}
