/// One line of a run's `domains.jsonl`, in log format `DomainRecord.format`: a finished domain's report with its
/// place in the run's input. Written by one encoder (the streamed writer, compact: every member on one line, keys
/// sorted; synthesized Encodable) and read by one decoder (`ReportReader.record`); `partial` and `version` are members like the others.
struct DomainRecord: StreamedJSONObject, Sendable {
    /// The log format this version writes and resumes. 1: lines without `version`, `partial` spliced in only when
    /// set. 2: `version` and `partial` on every line.
    static let format = 2

    /// The domain's position in the run's input: the report's order.
    var index: Int
    /// A signal cut the judging of its URLs short (rows say "not judged"): `--resume` audits it again.
    var partial: Bool
    var report: DomainReport
    /// The log format of the line; a line without one is format 1.
    var version = DomainRecord.format
}
