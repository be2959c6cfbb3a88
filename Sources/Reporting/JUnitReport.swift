import AASA
import Audit
import Foundation

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on. The
/// entitlements file read with `--entitlements` is a suite of its own, so its findings fail the report exactly as
/// they fail the run's exit status; the refused input lines are a suite of their own too, a failing case each (those
/// past the listed ones one case that counts them), as they fail the run. `failOn` nil (`--fail-on none`): no
/// finding is a failure.
public enum JUnitReport {
    public static func render(_ report: AuditReport, failOn: Severity?) -> String {
        var text = ""
        // In memory nothing throws.
        try? render(StreamedReport(report), failOn: failOn) { text += $0 }
        return text
    }

    /// The file in pieces, a suite at a time. Only domains with a finding at or above `failOn` are read again: a
    /// suite without one has every check as a passing case.
    public static func render(
        _ report: StreamedReport, failOn: Severity?, into sink: (String) throws -> Void
    ) throws {
        // The checks of one tapped link judge `links` runs, never a domain: they are no case of a domain's suite
        // (link-custom-scheme is: a crawl finds scheme links on the domain's pages).
        let linkOnly = Set(Catalogue.linkChecks.map { $0.description.id })
        let domainChecks = Catalogue.descriptions.map(\.id).filter { !linkOnly.contains($0) }
        let entitlementChecks = Catalogue.entitlementChecks.map { $0.description.id }
        // The totals head the file: the failing suites are read once for them first.
        var tests = 0
        var failures = 0
        for entry in report.domains.entries {
            if let failOn, entry.reaches(failOn) {
                let counts = suite(try report.domains.load(entry).findings, checks: domainChecks, failOn: failOn)
                tests += counts.tests
                failures += counts.failures
            } else {
                tests += domainChecks.count
            }
        }
        if let entitlements = report.header.entitlements {
            let counts = suite(entitlements.findings, checks: entitlementChecks, failOn: failOn)
            tests += counts.tests
            failures += counts.failures
        }
        let refused = refusedSuite(report.header.refused)
        tests += refused.tests
        failures += refused.tests
        try sink(
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<testsuites name="aasa-audit" tests="\#(tests)" failures="\#(failures)">"# + "\n")
        var body = ""
        for entry in report.domains.entries {
            let findings = failOn.map(entry.reaches) == true ? try report.domains.load(entry).findings : []
            body += suite(name: entry.domain, findings: findings, checks: domainChecks, failOn: failOn)
            if body.utf8.count >= 65_536 {
                try sink(body)
                body = ""
            }
        }
        if let entitlements = report.header.entitlements {
            // Only the checks that read an entitlements file are its cases.
            body += suite(
                name: "entitlements \(entitlements.file)", findings: entitlements.findings, checks: entitlementChecks,
                failOn: failOn)
        }
        try sink(body + refused.text + "</testsuites>\n")
    }

    /// The refused input lines as a suite: a failing case per listed line (named by its file and line), one for
    /// those only counted; no suite when there are none.
    static func refusedSuite(_ refused: RefusedInputs) -> (tests: Int, text: String) {
        guard !refused.isEmpty else { return (0, "") }
        let name = "refused input lines"
        var cases = refused.errors.map { error in
            (name: error.source, message: "\(error.input): \(error.reason)")
        }
        if refused.omitted > 0 {
            cases.append(
                (
                    name: "\(RefusedInputs.grouped(refused.omitted)) more",
                    message: "\(RefusedInputs.grouped(refused.omitted)) more input line(s) could not be audited"
                ))
        }
        var text =
            #"  <testsuite name="\#(name)" tests="\#(cases.count)" failures="\#(cases.count)">"# + "\n"
        for c in cases {
            text += #"    <testcase classname="\#(name)" name="\#(escapeHTML(c.name))">"# + "\n"
            text += #"      <failure type="refused" message="\#(escapeHTML(c.message))">"#
            text += escapeHTML(c.message) + "</failure>\n    </testcase>\n"
        }
        return (cases.count, text + "  </testsuite>\n")
    }

    /// A suite's case and failure counts.
    static func suite(_ findings: [Finding], checks: [String], failOn: Severity?) -> (tests: Int, failures: Int) {
        guard let failOn else { return (checks.count, 0) }
        let failing = findings.filter { $0.reaches(failOn) }
        let extra = Set(failing.map(\.id)).subtracting(checks).count
        return (checks.count + extra, failing.count(atLeast: failOn))
    }

    static func suite(name: String, findings: [Finding], checks: [String], failOn: Severity?) -> String {
        // A findings-truncated finding is a failure when what it left out is, and counts all it left out.
        let failing = failOn.map { least in findings.filter { $0.reaches(least) } } ?? []
        // A finding whose ID the catalogue does not list still fails, in a case of its own.
        let byID = Dictionary(grouping: failing, by: \.id)
        var ids = checks
        ids += byID.keys.filter { !checks.contains($0) }.sorted()
        var body =
            #"  <testsuite name="\#(escapeHTML(name))" tests="\#(ids.count)" failures="\#(failOn.map(failing.count(atLeast:)) ?? 0)">"#
            + "\n"
        for id in ids {
            let mine = byID[id] ?? []
            body += #"    <testcase classname="\#(escapeHTML(name))" name="\#(escapeHTML(id))""#
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
        return body + "  </testsuite>\n"
    }
}
