/// robots.txt cut into lines as Google's reference parser (google/robotstxt, robots.cc) cuts it, so a file reads the
/// same here as in Search Console's tester: a UTF-8 byte order mark (or the start of one) before the first line is
/// skipped, LF, CR and CRLF each end a line, a line keeps at most `maximumLineBytes` bytes (the rest of it is
/// ignored), and a NUL ends the line's text (robots.cc reads each line as a C string).
enum RobotsLines {
    /// robots.cc's line buffer, 2083 × 8 bytes with its terminating NUL: "any valid line" is far shorter.
    static let maximumLineBytes = 2083 * 8 - 1

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Calls `body` with every non-empty line in order. Empty lines carry no directive, so skipping them changes
    /// nothing: robots.txt groups are not ended by blank lines (RFC 9309 §2.2).
    static func forEach(in bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        var start = bytes.startIndex
        // The longest prefix of the mark that the file starts with: "\xEF\xBB" alone is skipped too, as robots.cc does.
        for mark in byteOrderMark {
            guard start < bytes.endIndex, bytes[start] == mark else { break }
            start += 1
        }
        var lineStart = start
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if index > lineStart { body(text(of: bytes[lineStart..<index])) }
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < bytes.endIndex { body(text(of: bytes[lineStart...])) }
    }

    /// What robots.cc reads of a line: its first `maximumLineBytes` bytes, up to a NUL.
    private static func text(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let kept = line.prefix(maximumLineBytes)
        return kept.firstIndex(of: 0).map { kept[..<$0] } ?? kept
    }
}
