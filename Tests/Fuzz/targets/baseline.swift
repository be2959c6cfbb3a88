import Foundation

// Fuzz target: the streamed report reader behind --baseline. Any bytes give a report or a ReportReadError (never
// a trap or another error), read whole or in pieces of uneven sizes, with the default value limit and a small one,
// within the time budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("baseline", bytes) { bytes in
        let whole = read { try ReportReader.read(Data(bytes), urls: .full) }
        let opened = read { try ReportReader.read(Data(bytes), urls: .openedApp) }
        let pieces = read {
            var domains = 0
            let report = try ReportReader.stream(
                name: "report.json", urls: .full, limit: ReportReader.valueLimit, source: chunked(bytes),
                each: { _ in domains += 1 })
            _ = report
            return domains
        }
        // A small limit on each kept value: refused cleanly or read, never past it.
        _ = read {
            try ReportReader.stream(
                name: "report.json", urls: .openedApp, limit: 512, source: chunked(bytes), each: { _ in })
        }
        if (whole == nil) != (pieces == nil) {
            fuzzFail("baseline", "read whole \(whole == nil ? "failed" : "worked"), in pieces the other way")
        }
        if let whole, let pieces, let domains = (whole as? AuditReport)?.domains.count, domains != pieces as? Int {
            fuzzFail("baseline", "\(domains) domains read whole, \(String(describing: pieces)) in pieces")
        }
        if let whole = whole as? AuditReport, (opened as? AuditReport)?.domains.count != whole.domains.count {
            fuzzFail("baseline", "the URL detail changed what was read")
        }
    }
    return 0
}

/// The result of `body`, nil on a ReportReadError; any other error stops the run.
func read(_ body: () throws -> Any) -> Any? {
    do {
        return try body()
    } catch is ReportReadError {
        return nil
    } catch {
        fuzzFail("baseline", "not a ReportReadError: \(type(of: error)): \(error)")
    }
}

/// A source handing out `bytes` in pieces of 1 to 97 bytes, sizes taken from the bytes themselves.
func chunked(_ bytes: [UInt8]) -> () throws -> [UInt8]? {
    var start = 0
    var step = 1
    return {
        guard start < bytes.count else { return nil }
        step = (step * 7 + Int(bytes[start])) % 97 + 1
        let end = min(bytes.count, start + step)
        defer { start = end }
        return Array(bytes[start..<end])
    }
}
