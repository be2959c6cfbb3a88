import Foundation

/// Local files the user names (or stdin for "-"); a missing or unreadable one is the user's mistake, so a
/// usage error.
enum InputFile {
    static func read(_ path: String, command: String) throws(UsageError) -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("no such file: \(path)", command: command)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read \(path)", command: command)
        }
        return Array(data)
    }
}
