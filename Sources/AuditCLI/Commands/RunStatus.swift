import AASA
import Audit

/// The exit status of an `audit` or `merge` run whose reports were written, worked out in one place so every
/// reason a run fails is weighed the same way (a usage error before the run, 2, and a report that could not be
/// written, 3, end the run before this is asked).
///
/// Precedence, first that applies: interrupted 130; refused input lines 2; findings at or above `--fail-on` 1;
/// with `--fail-on-change`, any change since the baseline 1; else 0. A refused line wins over findings (the input
/// was not what the job meant to audit), but the summary names both, so a nightly job sees each.
struct RunStatus: Equatable {
    /// `--fail-on`: the least severity that fails the run; nil for `none` (findings never fail it).
    var failOn: Severity?
    var interrupted = false
    /// Input lines refused (listed and omitted).
    var refused = 0
    /// Findings at or above `failOn`; 0 with `none`.
    var failing = 0
    /// `--fail-on-change` was given and the baseline comparison found a change.
    var changed = false

    /// `findings` are counted by severity (those a truncation left out included), as the report's summary counts
    /// them; `changes` is nil without a baseline.
    init(
        findings: (Severity) -> Int, refused: Int, changes: Changes?, failOn: Severity?, failOnChange: Bool,
        interrupted: Bool
    ) {
        self.failOn = failOn
        self.interrupted = interrupted
        self.refused = refused
        failing = failOn.map { least in Severity.allCases.filter { $0 >= least }.reduce(0) { $0 + findings($1) } } ?? 0
        changed = failOnChange && changes.map { !$0.isEmpty } == true
    }

    /// The same for a run's report.
    init(_ report: StreamedReport, failOn: Severity?, failOnChange: Bool, interrupted: Bool) {
        let summary = report.summary
        self.init(
            findings: { severity in
                switch severity {
                case .error: summary.errors
                case .warning: summary.warnings
                case .info: summary.infos
                }
            }, refused: report.header.refused.count, changes: report.header.changes, failOn: failOn,
            failOnChange: failOnChange, interrupted: interrupted)
    }

    var code: ExitCode {
        if interrupted { return .interrupted }
        if refused > 0 { return .usage }
        if failing > 0 || changed { return .findings }
        return .success
    }

    /// Every reason the run fails, the one that sets the status first: "exit 2: 1 refused input line; also 3
    /// findings at or above error (exit 1)". Nil when the run passes or was interrupted (the summary says so).
    var line: String? {
        guard !interrupted else { return nil }
        var reasons: [(code: ExitCode, text: String)] = []
        if refused > 0 { reasons.append((.usage, "\(RefusedInputs.grouped(refused)) refused input line(s)")) }
        if failing > 0, let failOn {
            reasons.append((.findings, "\(failing) finding(s) at or above \(failOn.rawValue) (--fail-on)"))
        }
        if changed { reasons.append((.findings, "changes since the baseline (--fail-on-change)")) }
        guard let first = reasons.first else { return nil }
        let rest = reasons.dropFirst().map { $0.code == first.code ? $0.text : "\($0.text), exit \($0.code.rawValue)" }
        return "exit \(first.code.rawValue): \(first.text)"
            + (rest.isEmpty ? "" : "; also " + rest.joined(separator: "; "))
    }

    /// The precedence table, as `--help` and the man page print it under EXIT STATUS.
    static let table =
        "first that applies: 2 a usage error (nothing is audited); 3 the tool failed (the report could not be "
        + "written); 130 interrupted by SIGINT or SIGTERM (the report of what finished is still written); 2 an input "
        + "line that cannot be audited (the rest is audited and reported); 1 a finding at or above --fail-on "
        + "(default error; none: findings never fail the run); 1 with --fail-on-change, anything changed since the "
        + "baseline; 0 otherwise. A refused line (2) hides no finding: the summary line names every reason that "
        + "applies."
}
