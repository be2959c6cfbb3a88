import Foundation

/// Long lines wrapped to the terminal's width at spaces, never cut: a fix text (`rule-captures-sensitive`'s
/// exclusion list) must be copied whole, and a 600-character line is unreadable once the terminal folds it mid-word.
/// Not a terminal: no wrapping, so a log or a pipe gets each line whole.
extension Terminal {
    /// The columns of the terminal on stdout: `COLUMNS` when set (as shells and `less` honour it), else the
    /// window size the terminal reports (`TIOCGWINSZ`); nil when stdout is not a terminal.
    static func stdoutWidth() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `text` after `prefix`, broken at spaces into lines of at most `width` characters, the lines after the first
    /// indented by `indent`; a word longer than a line stays whole on its own line. One line without a width.
    func wrap(_ text: String, prefix: String, indent: String) -> [String] {
        guard let width, prefix.count + text.count > width else { return [prefix + text] }
        var lines: [String] = []
        var line = prefix
        var lineStart = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !lineStart && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (lineStart ? "" : " ") + word
            }
            lineStart = false
        }
        lines.append(line)
        return lines
    }
}
