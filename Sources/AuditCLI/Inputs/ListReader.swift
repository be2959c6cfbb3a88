import Foundation

/// An input list read a line at a time from its file or standard input, never whole: a 64 MiB list once became
/// one String split into millions of lines at once. Only LF and CRLF end a line, as editors and `wc -l` count them:
/// VT, FF, NEL, U+2028 and a CR inside a line are ordinary characters, so `FILE:LINE` names the line an editor
/// shows. A line longer than `maximumLine` bytes is not kept (its first bytes are, to name it), and more than
/// `InputFile.limit` bytes in all is a usage error, so `/dev/zero` or one endless line cannot fill memory.
struct ListReader {
    /// The longest line kept: far beyond any domain, URL or CSV row of a campaign export.
    static let maximumLine = 65_536
    /// What is kept of a longer line, to name it in the refusal.
    static let shownPrefix = 200

    struct Line {
        /// The line without its LF or CRLF (decoded as UTF-8, invalid bytes replaced); only its first
        /// `shownPrefix` bytes when `tooLong`.
        var text: String
        /// 1-based, counting LF.
        var number: Int
        var tooLong: Bool
        /// Its bytes are not UTF-8: a list is text, and a line of other bytes is refused (decoded with
        /// replacement characters, each invalid byte would cost three).
        var notUTF8 = false
    }

    private let path: String
    private let command: String
    /// -1 when reading `bytes`.
    private let descriptor: Int32
    private var chunk: [UInt8]
    private var start = 0
    private var end = 0
    private var current: [UInt8] = []
    private var tooLong = false
    private var number = 0
    private var total = 0
    private var atEnd = false
    private var finished = false

    /// Opens `path` ("-" for standard input); a missing file or a folder is a usage error.
    init(path: String, command: String) throws(UsageError) {
        self.path = path
        self.command = command
        descriptor = try InputFile.open(path, command: command)
        chunk = [UInt8](repeating: 0, count: 65_536)
    }

    /// Reads `bytes` as if they were the file's (tests, and inputs already in memory).
    init(bytes: [UInt8], path: String, command: String) {
        self.path = path
        self.command = command
        descriptor = -1
        chunk = bytes
        end = bytes.count
        atEnd = true
    }

    /// Closes the file (not standard input).
    func close() {
        if descriptor >= 0 && descriptor != STDIN_FILENO { _ = Foundation.close(descriptor) }
    }

    /// The next line, nil at the end of the input.
    mutating func next() throws(UsageError) -> Line? {
        while !finished {
            if start == end {
                if atEnd {
                    finished = true
                    // The last line, when the input does not end with a line break.
                    return current.isEmpty && !tooLong ? nil : emit()
                }
                try fill()
                continue
            }
            let newline = chunk.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress,
                    let found = memchr(base + start, 0x0A, end - start)
                else { return nil }
                return base.distance(to: UnsafeRawPointer(found))
            }
            if let newline {
                keep(start..<newline)
                start = newline + 1
                return emit()
            }
            keep(start..<end)
            start = end
        }
        return nil
    }

    private mutating func fill() throws(UsageError) {
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError(
                    "cannot read \(InputFile.name(path)): \(InputFile.reason(errno))", command: command)
            }
            start = 0
            end = count
            atEnd = count == 0
            total += count
            if total > InputFile.limit {
                throw UsageError(
                    "\(InputFile.name(path)) is larger than \(InputFile.limit >> 20) MiB: not read", command: command)
            }
            return
        }
    }

    private mutating func keep(_ range: Range<Int>) {
        guard !tooLong, !range.isEmpty else { return }
        if current.count + range.count > Self.maximumLine {
            tooLong = true
            let room = max(0, Self.shownPrefix - current.count)
            current += chunk[range.lowerBound..<(range.lowerBound + min(room, range.count))]
            return
        }
        current += chunk[range]
    }

    private mutating func emit() -> Line {
        number += 1
        var bytes = current[...]
        if tooLong {
            bytes = bytes.prefix(Self.shownPrefix)
        } else if bytes.last == 0x0D {
            bytes = bytes.dropLast()
        }
        let valid = tooLong ? nil : bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
        var line = Line(
            text: valid ?? String(decoding: bytes.prefix(Self.shownPrefix), as: UTF8.self), number: number,
            tooLong: tooLong)
        line.notUTF8 = !tooLong && valid == nil
        current.removeAll(keepingCapacity: current.count <= 4_096)
        tooLong = false
        return line
    }

    /// `text` without whitespace at either end (and line breaks too, with `newlines`); a value that starts and
    /// ends with a visible ASCII character, nearly every line, is taken as it is: Foundation's trimming was most of
    /// the time spent on a list of millions of lines.
    static func trimmed(_ text: String, newlines: Bool = false) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return text
        }
        return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
