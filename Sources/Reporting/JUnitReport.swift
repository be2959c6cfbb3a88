import AASA
import Audit
import Foundation

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on.
public enum JUnitReport {
    public static func render(_ report: AuditReport, failOn: Severity) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let failures = report.domains.flatMap(\.findings).count(atLeast: failOn)
        out +=
            #"<testsuites name="aasa-audit" tests="\#(report.domains.count * Catalogue.descriptions.count)" failures="\#(failures)">"#
            + "\n"
        for domain in report.domains {
            // A findings-truncated finding is a failure when what it left out is, and counts all it left out.
            let failing = domain.findings.filter { $0.reaches(failOn) }
            out +=
                #"  <testsuite name="\#(escapeHTML(domain.domain))" tests="\#(Catalogue.descriptions.count)" failures="\#(failing.count(atLeast: failOn))">"#
                + "\n"
            for check in Catalogue.descriptions {
                let mine = failing.filter { $0.id == check.id }
                out += #"    <testcase classname="\#(escapeHTML(domain.domain))" name="\#(check.id)""#
                if mine.isEmpty {
                    out += "/>\n"
                } else {
                    out += ">\n"
                    for finding in mine {
                        out +=
                            #"      <failure type="\#(finding.severity.rawValue)" message="\#(escapeHTML(finding.message))">"#
                        out += escapeHTML(
                            "\(FindingsCSV.location(finding.location))\nwhy: \(finding.why)\nfix: \(finding.hint)")
                        out += "</failure>\n"
                    }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
