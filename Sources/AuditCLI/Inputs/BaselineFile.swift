import Audit
import Foundation

/// `--baseline REPORT.json`: an earlier report to compare with. One that cannot be read or is not a report is
/// a usage error saying where it went wrong, in JSON terms rather than Swift's.
enum BaselineFile {
    static func read(_ path: String, command: String) throws(UsageError) -> (path: String, report: AuditReport) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read --baseline \(path)", command: command)
        }
        do {
            return (path, try AuditReport.baseline(at: path))
        } catch {
            throw UsageError(
                "--baseline \(path) is not an aasa-audit report.json: \(describe(error))", command: command)
        }
    }

    /// "/domains/0: \"domain\" is missing" rather than a DecodingError dump.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return OutputDirectory.describe(error) }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(pointer(context.codingPath)) is not \(kind(type))"
        case .valueNotFound(let type, let context):
            return "\(pointer(context.codingPath)) is null, not \(kind(type))"
        case .keyNotFound(let key, let context):
            return "\(pointer(context.codingPath)) has no \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            // The JSON reader reports bad syntax at the top level (with the parser's error, or none, by platform).
            if context.underlyingError != nil || context.codingPath.isEmpty { return "it is not valid JSON" }
            return "\(pointer(context.codingPath)) has an unexpected value"
        @unknown default:
            return "it does not have the report's shape"
        }
    }

    /// A JSON Pointer to the place, "(top level)" for the root.
    static func pointer(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.map { "/" + ($0.intValue.map(String.init) ?? $0.stringValue) }.joined()
    }

    /// The JSON kind a Swift type is read from.
    static func kind(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "Int64", "UInt64", "Float", "Decimal"].contains(name) { return "a number" }
        return "the expected value"
    }
}
