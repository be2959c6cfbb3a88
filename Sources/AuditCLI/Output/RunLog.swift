import AASA
import Audit
import Foundation

/// Where a run's finished domains wait for the reports: the run folder's log; without a run folder, or when its log
/// cannot be opened there (a link or a FIFO planted in its place), a temporary folder's, removed once the reports
/// are written; without that either, memory. A log that could not be opened in the run folder is a failure of the
/// run (exit 3).
struct RunLog {
    let sink: DomainLog
    /// The temporary folder the log went to instead of the run folder.
    let scratch: RunFolder?
    /// Why the log could not be opened in the run folder.
    let openFailure: String?
    /// There was a run folder to write the log in.
    let hasRunFolder: Bool

    /// `crawls`: the run crawls, so its domains' served files judge links at the end (without, none is kept).
    init(folder: RunFolder?, audited: Set<String>, kept: [DomainStream.Entry], resuming: Bool, crawls: Bool) {
        var log: DomainLog?
        var openFailure: String?
        if let folder {
            do {
                log = try DomainLog(
                    folder: folder, audited: audited, kept: kept, resuming: resuming, judgesLinks: crawls)
            } catch {
                openFailure = "\(error)"
            }
        }
        var scratch: RunFolder?
        if log == nil, let temporary = try? RunFolder.temporary(prefix: "aasa-audit") {
            scratch = temporary
            log = try? DomainLog(folder: temporary, audited: audited, kept: kept, judgesLinks: crawls)
        }
        sink = log ?? DomainLog(inMemory: audited, kept: kept)
        self.scratch = scratch
        self.openFailure = openFailure
        hasRunFolder = folder != nil
    }

    /// Every domain, to be read again by the report writers, and why the run folder's log failed (nil when it did
    /// not). A log that cannot be read back loses what this run audited for the reports, and says so.
    func readBack() -> (domains: DomainStream, failure: String?) {
        let failure = openFailure ?? (hasRunFolder && scratch == nil ? sink.failure : nil)
        do {
            return (try sink.finish(), failure)
        } catch {
            return (DomainStream([]), "\(error)")
        }
    }

    /// Removes the temporary folder, if the log went to one: the reports read it through the open log.
    func removeScratch() {
        if let scratch, let parent = try? RunFolder.open(FileManager.default.temporaryDirectory.path, creating: false) {
            try? parent.remove(URL(fileURLWithPath: scratch.path).lastPathComponent)
        }
    }
}
