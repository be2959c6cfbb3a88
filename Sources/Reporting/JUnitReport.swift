import AASA
import Audit
import Foundation

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on. The
/// entitlements file read with `--entitlements` is a suite of its own, so its findings fail the report exactly as
/// they fail the run's exit status.
public enum JUnitReport {
    public static func render(_ report: AuditReport, failOn: Severity) -> String {
        // The checks of one tapped link judge `links` runs, never a domain: they are no case of a domain's suite
        // (link-custom-scheme is: a crawl finds scheme links on the domain's pages).
        let linkOnly = Set(Catalogue.linkChecks.map { $0.description.id })
        let domainChecks = Catalogue.descriptions.map(\.id).filter { !linkOnly.contains($0) }
        var suites = report.domains.map { (name: $0.domain, findings: $0.findings, checks: domainChecks) }
        if let entitlements = report.entitlements {
            // Only the checks that read an entitlements file are its cases.
            suites.append(
                (
                    name: "entitlements \(entitlements.file)", findings: entitlements.findings,
                    checks: Catalogue.entitlementChecks.map { $0.description.id }
                ))
        }
        var body = ""
        var tests = 0
        var failures = 0
        for suite in suites {
            // A findings-truncated finding is a failure when what it left out is, and counts all it left out.
            let failing = suite.findings.filter { $0.reaches(failOn) }
            // A finding whose ID the catalogue does not list still fails, in a case of its own.
            let byID = Dictionary(grouping: failing, by: \.id)
            var ids = suite.checks
            ids += byID.keys.filter { !suite.checks.contains($0) }.sorted()
            tests += ids.count
            failures += failing.count(atLeast: failOn)
            body +=
                #"  <testsuite name="\#(escapeHTML(suite.name))" tests="\#(ids.count)" failures="\#(failing.count(atLeast: failOn))">"#
                + "\n"
            for id in ids {
                let mine = byID[id] ?? []
                body += #"    <testcase classname="\#(escapeHTML(suite.name))" name="\#(escapeHTML(id))""#
                if mine.isEmpty {
                    body += "/>\n"
                } else {
                    body += ">\n"
                    for finding in mine {
                        body +=
                            #"      <failure type="\#(finding.severity.rawValue)" message="\#(escapeHTML(finding.message))">"#
                        body += escapeHTML(
                            "\(FindingsCSV.location(finding.location))\nwhy: \(finding.why)\nfix: \(finding.hint)")
                        body += "</failure>\n"
                    }
                    body += "    </testcase>\n"
                }
            }
            body += "  </testsuite>\n"
        }
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<testsuites name="aasa-audit" tests="\#(tests)" failures="\#(failures)">"# + "\n" + body
            + "</testsuites>\n"
    }
}
