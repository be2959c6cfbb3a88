import AASA
import Foundation
import Reporting

/// Output streams and colour, which appears only on a terminal and never when NO_COLOR is set to a non-empty value
/// (https://no-color.org: an empty NO_COLOR does not count).
///
/// Text that came from a site or a file (header values, app IDs, rules, domain and file names, messages quoting
/// them) is passed through `safe` by every renderer before it is printed: a site must not be able to move the
/// cursor, rewrite the screen or the title bar, or reorder what the operator reads. Only the colour codes
/// `paint` adds are written raw.
struct Terminal {
    let colour: Bool
    /// Columns to wrap long lines at (`LineWrap`); nil: no wrapping, as when stdout is not a terminal.
    var width: Int? = nil

    static let standard = Terminal(
        colour: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty,
        width: Terminal.stdoutWidth())

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    func severity(_ s: Severity) -> String {
        switch s {
        case .error: paint("error", "1;31")
        case .warning: paint("warning", "1;33")
        case .info: paint("info", "1;36")
        }
    }

    /// `text` with every character a terminal would act on instead of showing shown as `visibleEscape` text
    /// (`\u{1B}` for ESC): C0 controls, DEL, C1 controls (CSI, OSC, ...), the bidirectional embeddings, overrides,
    /// isolates and marks (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the Unicode line and
    /// paragraph separators. `keepingLineBreaks` keeps LF and tab, for multi-line text we composed ourselves.
    /// Text with nothing to escape is returned as it is.
    static func safe(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { acts($0, keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if acts(scalar, keepingLineBreaks) {
                out += visibleEscape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text (`check --json`, `--format sarif`, `match --json`) with the same characters written as JSON's
    /// `\u` escapes (four hex digits): the same JSON value, but nothing a terminal acts on when it is printed to one. (JSON
    /// encoders already escape C0 controls; DEL, C1 and the bidi controls may appear raw, and only inside strings,
    /// where an escape means the same character.)
    static func safeJSON(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { acts($0, true) }) || text.contains("##[") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var last: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        for scalar in text.unicodeScalars {
            defer { last = (last.1, scalar) }
            // `##[` only occurs inside a string, where `\u0023` means the same `#`: see `inert`.
            if scalar == "[" && last == ("#", "#") {
                out.unicodeScalars.removeLast()
                out += "\\u0023["
            } else if acts(scalar, true) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a terminal would act on `c` rather than show it (or would reorder the text around it).
    static func acts(_ c: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        switch c.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((inert(text) + terminator).utf8))
    }

    /// Messages on stderr carry no colour, so all of it is made `safe` here (line breaks kept, for the lines we
    /// compose; callers pass text from a file or a site through `safe` without them, so it cannot start a line).
    static func err(_ text: String) {
        FileHandle.standardError.write(Data((inert(safe(text, keepingLineBreaks: true)) + "\n").utf8))
    }

    /// `text` with nothing a GitHub Actions runner reads as a workflow command when a plain `run:` step prints it:
    /// a line whose first characters after white space are `::` (`::add-mask::`, `::error::`, `::stop-commands::`)
    /// has its first colon written as `visibleEscape` text, and the older form `##[`, which the runner finds
    /// anywhere in a line, has its second `#` written so. None of our own lines is either; a site's or a file's
    /// text quoted in one could be.
    /// - SeeAlso: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
    static func inert(_ text: String) -> String {
        guard text.contains("::") || text.contains("##[") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var lineStart = true
        for (index, c) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if c == "\n" || (lineStart && c.properties.isWhitespace) {
                out.unicodeScalars.append(c)
                lineStart = c == "\n" || lineStart
                continue
            }
            if (lineStart && c == ":" && next == ":")
                || (c == "#" && index > 0 && scalars[index - 1] == "#" && next == "[")
            {
                out += visibleEscape(c)
            } else {
                out.unicodeScalars.append(c)
            }
            lineStart = false
        }
        return out
    }

}
