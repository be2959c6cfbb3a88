import AASA
import Audit
import Foundation

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on. The
/// entitlements file read with `--entitlements` and the Android manifest (`--android-manifest`) are suites of their
/// own, so its findings fail the report exactly as
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
        try withoutActuallyEscaping(sink) { sink in try report.pass([Writer(report, failOn: failOn, sink: sink)]) }
    }

    /// The file in a report pass. The totals head the file, so the domains' suites are kept aside (a temporary
    /// file) while they are counted, and follow the totals at the end.
    public final class Writer: ReportPassWriter {
        private let report: StreamedReport
        private let failOn: Severity?
        private let sink: (String) throws -> Void
        private let domainChecks: [String]
        /// A host only the Android manifest names: the Android checks, and the crawl's (its site may be crawled).
        private let androidOnlyChecks: [String]
        /// A host audited for iOS alone in an Android run: every check but the Android ones.
        private let iosOnlyChecks: [String]
        private let entitlementChecks: [String]
        private let manifestChecks: [String]
        private var tests = 0
        private var failures = 0
        private var skipped = 0
        private let body = FragmentSpool(name: "junit")
        private var pieces = 0
        private var piece = ""

        public init(_ report: StreamedReport, failOn: Severity?, sink: @escaping (String) throws -> Void) {
            self.report = report
            self.failOn = failOn
            self.sink = sink
            // The checks of one tapped link judge `links` runs, never a domain: they are no case of a domain's
            // suite (link-custom-scheme is: a crawl finds scheme links on the domain's pages).
            // The Android checks are cases only of a run that audited Android (`--android`, in its options).
            // The manifest checks are the cases of the Android manifest's own suite.
            let linkOnly = Set(
                Catalogue.linkChecks.map { $0.description.id }
                    + Catalogue.androidManifestChecks.map { $0.description.id })
            let android = report.header.options?["--android"] == "true"
            domainChecks = Catalogue.descriptions.filter {
                !linkOnly.contains($0.id) && (android || $0.area != .android)
            }
            .map(\.id)
            androidOnlyChecks = Catalogue.descriptions.filter {
                !linkOnly.contains($0.id) && ($0.area == .android || $0.area == .crawl)
            }
            .map(\.id)
            iosOnlyChecks = Catalogue.descriptions.filter { !linkOnly.contains($0.id) && $0.area != .android }.map(\.id)
            entitlementChecks = Catalogue.entitlementChecks.map { $0.description.id }
            manifestChecks = Catalogue.androidManifestChecks.map { $0.description.id }
        }

        /// The checks that ran on the domain: those of its platforms in an Android run, else every domain check.
        private func checks(_ entry: DomainStream.Entry) -> [String] {
            switch entry.platforms {
            case ["android"]?: androidOnlyChecks
            case ["ios"]?: iosOnlyChecks
            default: domainChecks
            }
        }

        public func needs(_ position: Int) -> Bool { JUnitReport.read(report.domains.entries[position], failOn) }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            let findings = needs(position) ? domain?.findings ?? [] : []
            let entry = report.domains.entries[position]
            let checks = checks(entry)
            if needs(position) {
                count(suite(findings, checks: checks, failOn: failOn))
            } else {
                tests += checks.count
            }
            piece += suite(name: entry.domain, findings: findings, checks: checks, failOn: failOn)
            if piece.utf8.count >= 65_536 { keepPiece() }
        }

        private func count(_ counts: (tests: Int, failures: Int, skipped: Int)) {
            tests += counts.tests
            failures += counts.failures
            skipped += counts.skipped
        }

        private func keepPiece() {
            body.store(piece, for: pieces)
            pieces += 1
            piece = ""
        }

        public func finish() throws {
            keepPiece()
            if let entitlements = report.header.entitlements {
                count(suite(entitlements.findings, checks: entitlementChecks, failOn: failOn))
            }
            if let manifest = report.header.androidManifest {
                count(suite(manifest.findings, checks: manifestChecks, failOn: failOn))
            }
            let refused = refusedSuite(report.header.refused)
            tests += refused.tests
            failures += refused.tests
            try sink(
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                    + #"<testsuites name="aasa-audit" tests="\#(tests)" failures="\#(failures)"\#(skippedAttribute(skipped))>"#
                    + "\n")
            for key in 0..<pieces { try sink(try body.text(for: key)) }
            var tail = ""
            if let entitlements = report.header.entitlements {
                // Only the checks that read an entitlements file are its cases.
                tail += suite(
                    name: "entitlements \(entitlements.file)", findings: entitlements.findings,
                    checks: entitlementChecks, failOn: failOn)
            }
            if let manifest = report.header.androidManifest {
                // Only the checks that read the manifest are its cases.
                tail += suite(
                    name: "android manifest \(manifest.file)", findings: manifest.findings, checks: manifestChecks,
                    failOn: failOn)
            }
            try sink(tail + refused.text + "</testsuites>\n")
        }
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
        let listed = Set(checks)
        ids += Set(byID.keys).union(skipped).filter { !listed.contains($0) }.sorted()
        let name = escapeHTML(name)
        var body =
            #"  <testsuite name="\#(name)" tests="\#(ids.count)" failures="\#(failOn.map(failing.count(atLeast:)) ?? 0)"\#(skippedAttribute(skipped.count))>"#
            + "\n"
        // A case line per check of every domain (70 for each of 20,000 domains): appended piece by piece.
        body.reserveCapacity(ids.count * (name.utf8.count + 60))
        for id in ids {
            let mine = byID[id] ?? []
            body += "    <testcase classname=\""
            body += name
            body += "\" name=\""
            body += escapeHTML(id)
            body += "\""
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
