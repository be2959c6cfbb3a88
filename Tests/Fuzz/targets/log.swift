import Foundation

// Fuzz target: a run folder's domains.jsonl as `audit --resume` reads it. The input is written as the log of a
// temporary run folder and recovered (`DomainLog.recover`: each complete line read as a record, a torn last line
// cut off), then the recovered records are read back by their place in the file, as the reports are written from
// it; each complete line is also read alone by `ReportReader.record`. Any bytes give records or a
// `DomainLog.ReadFailure` (never a trap, a loop or another error), within the time budget; what is recovered
// agrees with what is read line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("log", bytes) { bytes in
        var good = 0
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // the bytes after the last line break: no record
        for line in lines {
            do {
                let record = try ReportReader.record(Array(line) + [UInt8(ascii: "\n")], name: "log")
                guard record.index >= 0 else { fuzzFail("log", "a record at index \(record.index)") }
                good += 1
            } catch is DomainLog.ReadFailure {
            } catch {
                fuzzFail("log", "a line's error is not a ReadFailure: \(type(of: error)): \(error)")
            }
        }
        let folder = fuzzLogFolder
        let path = folder.path(of: DomainLog.fileName)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fuzzFail("log", "could not write \(path)")
        }
        do {
            // The limit `audit --resume` reads a run without --crawl with (a longer line is refused, not read).
            let recovered = try DomainLog.recover(
                folder: folder, audited: [], lineLimit: DomainLog.lineLimit(maxURLs: nil))
            guard recovered.tornBytes >= 0, recovered.tornBytes <= bytes.count else {
                fuzzFail("log", "\(recovered.tornBytes) torn bytes of \(bytes.count)")
            }
            guard recovered.entries.count <= good, Set(recovered.entries.map(\.index)).count == recovered.entries.count
            else { fuzzFail("log", "\(recovered.entries.count) records recovered, \(good) lines read") }
            let stream = try DomainLog(folder: folder, audited: [], kept: recovered.entries, resuming: true).finish()
            try stream.forEach { _ in }
        } catch is DomainLog.ReadFailure {
        } catch {
            fuzzFail("log", "not a ReadFailure: \(type(of: error)): \(error)")
        }
    }
    return 0
}

/// One run folder per process, its log written again for each input.
let fuzzLogFolder: RunFolder = {
    do { return try RunFolder.temporary(prefix: "aasa-fuzz-log") } catch { fuzzFail("log", "no run folder: \(error)") }
}()
