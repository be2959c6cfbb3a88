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

/// Reads a local file (or stdin for "-"); missing files are the user's mistake, so a usage error.
func readInput(_ path: String, usage: String) throws -> [UInt8] {
    if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
    guard FileManager.default.fileExists(atPath: path) else {
        throw UsageError(message: "no such file: \(path)", usage: usage)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw UsageError(message: "cannot read \(path)", usage: usage)
    }
    return Array(data)
}

/// JSON for machine output: stable key order, no escaped slashes.
func jsonText<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
