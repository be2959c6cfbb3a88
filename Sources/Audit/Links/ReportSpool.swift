import AASA
import Foundation

/// The domain reports a `links` run consulted, kept on disk until links.json is written: a report with its four
/// fetches is several KB in memory (about 77 KB a host before, with the finished task that made it), and a
/// campaign's chains can pass through thousands of hosts. The file is removed from its folder as soon as it is
/// made, so it vanishes with the process; a report that cannot be written there is kept in memory instead.
public final class ReportSpool: Sendable {
    /// Where one report is: its bytes in the file, or the report itself.
    public enum Location: Sendable {
        case file(offset: Int64, length: Int)
        case memory(DomainReport)
    }

    private let file = SpoolFile(name: "links")

    public init() {}

    /// Writes `report` to the file; in memory when it cannot be.
    public func append(_ report: DomainReport) -> Location {
        guard let data = try? JSONOutput.encoder().encode(report), let offset = file.append(data) else {
            return .memory(report)
        }
        return .file(offset: offset, length: data.count)
    }

    /// The report at `location`; nil when it cannot be read back.
    public func load(_ location: Location) -> DomainReport? {
        switch location {
        case .memory(let report): return report
        case .file(let offset, let length):
            guard let bytes = file.read(at: offset, length: length) else { return nil }
            return try? JSONOutput.decoder().decode(DomainReport.self, from: Data(bytes))
        }
    }
}
