import AASA
import Foundation
import Testing

@testable import Audit
@testable import AuditCLI

/// The exit status of `audit` and `merge` by its precedence table, and the one line naming every reason.
@Suite struct RunStatusTests {
    func status(
        errors: Int = 0, warnings: Int = 0, refused: Int = 0, changed: Bool = false, failOn: Severity? = .error,
        failOnChange: Bool = false, interrupted: Bool = false
    ) -> RunStatus {
        var changes = Changes(baseline: "b/report.json", baselineStartedAt: Date(timeIntervalSince1970: 0))
        if changed { changes.domainsAdded = ["new.example"] }
        return RunStatus(
            findings: { $0 == .error ? errors : $0 == .warning ? warnings : 0 }, refused: refused, changes: changes,
            failOn: failOn, failOnChange: failOnChange, interrupted: interrupted)
    }

    @Test func eachRowOfThePrecedenceTable() {
        #expect(
            status(errors: 1, refused: 1, changed: true, failOnChange: true, interrupted: true).code == .interrupted)
        #expect(status(errors: 1, refused: 1).code == .usage)
        #expect(status(errors: 1).code == .findings)
        #expect(status(warnings: 1).code == .success, "below --fail-on error")
        #expect(status(warnings: 1, failOn: .warning).code == .findings)
        #expect(status(changed: true).code == .success, "a change alone fails only with --fail-on-change")
        #expect(status(changed: true, failOnChange: true).code == .findings)
        #expect(status().code == .success)
    }

    @Test func failOnNoneLetsOnlyAChangeFailTheRun() {
        #expect(status(errors: 3, failOn: nil, failOnChange: true).code == .success)
        #expect(status(errors: 3, changed: true, failOn: nil, failOnChange: true).code == .findings)
        #expect(
            status(errors: 3, changed: true, failOn: nil, failOnChange: true).line
                == "exit 1: changes since the baseline (--fail-on-change)")
    }

    @Test func aRefusedLineHidesNoOtherReason() {
        let line = status(errors: 2, refused: 1, changed: true, failOnChange: true).line
        #expect(
            line
                == "exit 2: 1 refused input line(s); also 2 finding(s) at or above error (--fail-on), exit 1; "
                + "changes since the baseline (--fail-on-change), exit 1", "\(line ?? "nil")")
        #expect(status().line == nil && status(errors: 1, interrupted: true).line == nil)
    }
}
