import Foundation

/// An unlinked temporary file that records are appended to and read back from by offset: what a run keeps on disk
/// instead of in memory (`links`' consulted reports, a crawl's inlinks). It is removed from its folder as soon as
/// it is made, so it vanishes with the process. Appends are serialised; reads may run beside them.
package final class SpoolFile: Sendable {
    private struct State: Sendable {
        var fd: Int32
        var end: Int64 = 0
    }

    private let state: Locked<State>

    /// `name` goes into the file's name ("aasa-audit-NAME-" and mkstemp's six random characters).
    package init(name: String) {
        let random = String(repeating: "X", count: 6)  // mkstemp's placeholder for the random part
        var template = Array((NSTemporaryDirectory() + "/aasa-audit-\(name)-\(random)").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        state = Locked(State(fd: fd))
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// Appends `bytes`; the offset they start at, nil when they could not be written (no file, a full disk).
    package func append(_ bytes: some ContiguousBytes) -> Int64? {
        state.withLock { state in
            guard state.fd >= 0 else { return nil }
            let offset = state.end
            let written = bytes.withUnsafeBytes { raw -> Int? in
                var done = 0
                while done < raw.count {
                    let count = pwrite(state.fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return nil }
                    done += count
                }
                return done
            }
            guard let written else { return nil }
            state.end += Int64(written)
            return offset
        }
    }

    /// The `length` bytes at `offset`; nil when they cannot be read back whole.
    package func read(at offset: Int64, length: Int) -> [UInt8]? {
        let fd = state.withLock { $0.fd }
        guard fd >= 0 else { return nil }
        return try? readFully(fd, at: offset, length: length)
    }
}
