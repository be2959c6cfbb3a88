import AASA
import Audit

/// Links from one audited site to another judged with every domain's report held whole in memory, as a run did
/// before the log: what `DomainStream.judgeLinks`, which reads each domain back from the log, must agree with.
enum CrossDomainOracle {
    /// Each linked site's verdicts on the links to it, or "no" when it serves no file.
    static func judge(_ reports: inout [DomainReport]) {
        var linked = Set<String>()
        for report in reports { linked.formUnion(report.urls.hosts()) }
        var matchers: [String: Matcher?] = [:]
        for report in reports where linked.contains(report.domain) {
            matchers[report.domain] = report.servedMatcher
        }
        for r in reports.indices where !reports[r].urls.isEmpty {
            for (host, matcher) in matchers where host != reports[r].domain {
                if let matcher {
                    reports[r].urls.judge(host: host, by: matcher)
                } else {
                    reports[r].urls.servesNoFile(host)
                }
            }
        }
    }
}
