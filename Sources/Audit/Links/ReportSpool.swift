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

    private struct State: Sendable {
        var fd: Int32
        var offset: Int64 = 0
    }

    private let state: Locked<State>

    public init() {
        var template = Array((NSTemporaryDirectory() + "/aasa-audit-links-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        state = Locked(State(fd: fd))
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// Writes `report` to the file; in memory when it cannot be.
    public func append(_ report: DomainReport) -> Location {
        guard let data = try? JSONOutput.encoder().encode(report) else { return .memory(report) }
        return state.withLock { state in
            guard state.fd >= 0 else { return .memory(report) }
            let offset = state.offset
            let written = data.withUnsafeBytes { raw -> Bool in
                var done = 0
                while done < raw.count {
                    let count = pwrite(state.fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    done += count
                }
                return true
            }
            guard written else { return .memory(report) }
            state.offset += Int64(data.count)
            return .file(offset: offset, length: data.count)
        }
    }

    /// The report at `location`; nil when it cannot be read back.
    public func load(_ location: Location) -> DomainReport? {
        switch location {
        case .memory(let report): return report
        case .file(let offset, let length):
            let fd = state.withLock { $0.fd }
            guard let bytes = try? RegularFile.bytes(of: fd, at: offset, length: length) else { return nil }
            return try? JSONOutput.decoder().decode(DomainReport.self, from: Data(bytes))
        }
    }
}
