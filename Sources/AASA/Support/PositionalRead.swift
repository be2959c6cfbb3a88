import Foundation

/// Why `readFully` returned no bytes: the file ended before them ("ends early"), or the system's words for why it
/// refused.
package struct PositionalReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
}

/// `length` bytes at `offset` of an open file, read until all have come: a short read is not the end, an interrupted
/// one is tried again. What a spool file and the run log both read back by offset.
package func readFully(_ fd: Int32, at offset: Int64, length: Int) throws(PositionalReadFailure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: length)
    var done = 0
    while done < length {
        let count = bytes.withUnsafeMutableBytes {
            pread(fd, $0.baseAddress! + done, length - done, off_t(offset) + off_t(done))
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
            throw PositionalReadFailure(description: count < 0 ? String(cString: strerror(errno)) : "ends early")
        }
        done += count
    }
    return bytes
}
