/// One report format written in one pass over a run's domains (swift-nio's pipeline shape: one reader, many
/// handlers): the pass reads each domain's record at most once, in report order, and hands the decoded value to
/// every writer, so a format costs one writer, not another read of the log. A writer that needs its domains in
/// another order (worst first) keeps what it renders of each aside, by position, and writes it at `finish`.
public protocol ReportPassWriter: AnyObject {
    /// Whether the domain at `position` of the stream's entries must be read for this format (what the run kept of
    /// each, `DomainStream.Entry`, may be enough).
    func needs(_ position: Int) -> Bool
    /// Every position in report order; `domain` is the domain read, nil when no writer of the pass needed it.
    func add(_ domain: DomainReport?, at position: Int) throws
    /// `add(_:at:)`, with the domain's compact JSON when the log's text still stands for it (report.json lays that
    /// out rather than encode the domain again); by default the text is not used.
    func add(_ domain: DomainReport?, json: ArraySlice<UInt8>?, at position: Int) throws
    /// Everything after the last domain.
    func finish() throws
}

extension ReportPassWriter {
    public func add(_ domain: DomainReport?, json: ArraySlice<UInt8>?, at position: Int) throws {
        try add(domain, at: position)
    }
}

extension StreamedReport {
    /// Reads each domain at most once, in report order, for the writers that need it, and hands it to all of them;
    /// then finishes each writer in turn.
    public func pass(_ writers: [any ReportPassWriter]) throws {
        for (position, entry) in domains.entries.enumerated() {
            let domain = try writers.contains { $0.needs(position) } ? domains.loaded(entry) : nil
            for writer in writers { try writer.add(domain?.report, json: domain?.json, at: position) }
        }
        for writer in writers { try writer.finish() }
    }
}
