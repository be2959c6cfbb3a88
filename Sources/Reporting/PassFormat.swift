import Audit

/// A report format whose text is one pass writer's output, made from the report and a sink alone: its `render`
/// calls (the whole text of a report in memory, or the text in pieces) come from here, so a format is its writer.
public protocol PassFormat {
    associatedtype Writer: PassFormatWriter
}

/// The writer of a `PassFormat`: what it writes goes to `sink` as the pass hands it the domains.
public protocol PassFormatWriter: ReportPassWriter {
    init(_ report: StreamedReport, sink: @escaping (String) throws -> Void)
}

extension PassFormat {
    /// The whole text of a report held in memory.
    public static func render(_ report: AuditReport) -> String {
        var text = ""
        // In memory nothing throws.
        try? render(StreamedReport(report)) { text += $0 }
        return text
    }

    /// The text in pieces, handed to `sink` as one pass reads the domains (only those the writer needs).
    public static func render(_ report: StreamedReport, into sink: (String) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in try report.pass([Writer(report, sink: sink)]) }
    }
}
