import AASA
import Audit
import Foundation

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on. The
/// entitlements file read with `--entitlements` is a suite of its own, so its findings fail the report exactly as
/// they fail the run's exit status; the refused input lines are a suite of their own too, a failing case each (those
/// past the listed ones one case that counts them), as they fail the run. `failOn` nil (`--fail-on none`): no
/// finding is a failure. A check whose findings an ignore entry all silenced is a skipped case.
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
        // The Android checks are cases only of a run that audited Android (`--android`, recorded in its options).
        var notCases = Set(Catalogue.linkChecks.map { $0.description.id })
        if report.header.options?["--android"] != "true" {
            notCases.formUnion(Catalogue.androidChecks.map { $0.description.id })
            notCases.formUnion(Catalogue.androidFileChecks.map { $0.description.id })
            notCases.formUnion(Catalogue.dynamicRuleChecks.map { $0.description.id })
        }
        let domainChecks = Catalogue.descriptions.map(\.id).filter { !notCases.contains($0) }
        let entitlementChecks = Catalogue.entitlementChecks.map { $0.description.id }
        // The totals head the file: the failing suites are read once for them first.
        var tests = 0
        var failures = 0
        var skipped = 0
        for entry in report.domains.entries {
            if Self.read(entry, failOn) {
                let counts = suite(try report.domains.load(entry).findings, checks: domainChecks, failOn: failOn)
                tests += counts.tests
                failures += counts.failures
                skipped += counts.skipped
            } else {
                tests += domainChecks.count
            }
        }
        if let entitlements = report.header.entitlements {
            let counts = suite(entitlements.findings, checks: entitlementChecks, failOn: failOn)
            tests += counts.tests
            failures += counts.failures
            skipped += counts.skipped
        }
        let refused = refusedSuite(report.header.refused)
        tests += refused.tests
        failures += refused.tests
        try sink(
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<testsuites name="aasa-audit" tests="\#(tests)" failures="\#(failures)"\#(skippedAttribute(skipped))>"#
                + "\n")
        var body = ""
        for entry in report.domains.entries {
            let findings = Self.read(entry, failOn) ? try report.domains.load(entry).findings : []
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

    /// Whether a domain's suite needs its findings: one fails, or one is suppressed (a skipped case).
    static func read(_ entry: DomainStream.Entry, _ failOn: Severity?) -> Bool {
        failOn.map(entry.reaches) == true || entry.suppressed > 0
    }

    /// ` skipped="N"` when N > 0: files without suppressions keep their attributes.
    static func skippedAttribute(_ count: Int) -> String { count > 0 ? #" skipped="\#(count)""# : "" }

    /// The check IDs all of whose findings here are suppressed and none fails: skipped cases.
    static func skippedIDs(_ findings: [Finding], failing: [Finding]) -> Set<String> {
        Set(findings.filter(\.isSuppressed).map(\.id)).subtracting(failing.map(\.id))
    }

    /// A suite's case, failure and skipped counts.
    static func suite(
        _ findings: [Finding], checks: [String], failOn: Severity?
    ) -> (tests: Int, failures: Int, skipped: Int) {
        let failing = failOn.map { least in findings.filter { $0.reaches(least) } } ?? []
        let skipped = skippedIDs(findings, failing: failing)
        let extra = Set(failing.map(\.id)).union(skipped).subtracting(checks).count
        return (checks.count + extra, failOn.map(failing.count(atLeast:)) ?? 0, skipped.count)
    }

    static func suite(name: String, findings: [Finding], checks: [String], failOn: Severity?) -> String {
        // A findings-truncated finding is a failure when what it left out is, and counts all it left out.
        let failing = failOn.map { least in findings.filter { $0.reaches(least) } } ?? []
        // A finding whose ID the catalogue does not list still fails, in a case of its own.
        let byID = Dictionary(grouping: failing, by: \.id)
        let skipped = skippedIDs(findings, failing: failing)
        var ids = checks
        ids += Set(byID.keys).union(skipped).filter { !checks.contains($0) }.sorted()
        var body =
            #"  <testsuite name="\#(escapeHTML(name))" tests="\#(ids.count)" failures="\#(failOn.map(failing.count(atLeast:)) ?? 0)"\#(skippedAttribute(skipped.count))>"#
            + "\n"
        for id in ids {
            let mine = byID[id] ?? []
            body += #"    <testcase classname="\#(escapeHTML(name))" name="\#(escapeHTML(id))""#
            if skipped.contains(id) {
                let reasons = findings.filter { $0.id == id && $0.isSuppressed }.compactMap(\.suppressedReason)
                let message = "suppressed: " + Array(Set(reasons)).sorted().joined(separator: "; ")
                body += ">\n      <skipped message=\"\(escapeHTML(message))\"/>\n    </testcase>\n"
            } else if mine.isEmpty {
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
