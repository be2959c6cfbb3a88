import AASA

/// The well-known file a finished domain served (the text Apple reads), kept in the run's index apart from the
/// domain's record: links to the domain from other audited sites and the scheme links it would replace are judged
/// by it at the end without reading the record again. Spooled to disk for a domain read back from the log, so
/// 100,000 entries stay small; held as text for a domain kept in memory anyway. Indirect: an entry holds one word
/// for it (none served is a null word), not the 25 bytes of its cases.
indirect enum ServedFile: Sendable {
    case spooled(SpoolFile, offset: Int64, length: Int)
    case text(String)

    /// Where a run's entries keep the files their domains served.
    enum Keeping: Sendable {
        /// Nowhere: nothing judges links by them at the end (a run without crawl).
        case none
        /// As text: a domain kept in memory anyway.
        case text
        /// Written to the run's spool file.
        case spool(SpoolFile)

        /// For a domain kept in memory: as text, unless none is kept.
        var inMemory: Keeping {
            if case .none = self { .none } else { .text }
        }
    }

    /// `report`'s file when it serves one Apple reads and files are kept (nil otherwise); kept as text when there is
    /// no spool or it cannot be written.
    init?(of report: DomainReport, keeping: Keeping) {
        if case .none = keeping { return nil }
        guard report.servesWellKnownFile, let file = report.file else { return nil }
        let bytes = Array(file.utf8)
        if case .spool(let spool) = keeping, let offset = spool.append(bytes) {
            self = .spooled(spool, offset: offset, length: bytes.count)
        } else {
            self = .text(file)
        }
    }

    /// The file decoded and compiled (`domain` served it); nil when it does not decode.
    func matcher(domain: String) throws -> Matcher? {
        switch self {
        case .text(let text):
            return DomainReport.matcher(served: Array(text.utf8))
        case .spooled(let spool, let offset, let length):
            guard let bytes = spool.read(at: offset, length: length) else {
                throw DomainLog.ReadFailure(
                    reason: "the temporary copy of the file \(domain) served could not be read back")
            }
            return DomainReport.matcher(served: bytes)
        }
    }
}
