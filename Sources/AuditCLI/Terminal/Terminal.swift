import AASA
import Foundation

/// Output streams and colour, which appears only on a terminal and never with NO_COLOR.
struct Terminal {
    let colour: Bool

    static let standard = Terminal(
        colour: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    func severity(_ s: Severity) -> String {
        switch s {
        case .error: paint("error", "1;31")
        case .warning: paint("warning", "1;33")
        case .info: paint("info", "1;36")
        }
    }

    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
