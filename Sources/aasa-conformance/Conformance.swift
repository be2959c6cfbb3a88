import Foundation

/// One suite's tally: every case agrees, disagrees or does not apply to this tool, and every disagreement is
/// printed with what the suite expects and what we did.
struct SuiteReport {
    let name: String
    var agree = 0
    var notApplicable = 0
    /// `id` is stable across runs (the allow-list names it); `detail` says what was expected and what we did.
    var disagreements: [(id: String, detail: String)] = []

    init(_ name: String) { self.name = name }

    mutating func record(_ id: String, agrees: Bool, _ detail: @autoclosure () -> String) {
        if agrees {
            agree += 1
        } else {
            disagreements.append((id, detail()))
        }
    }
}

/// `Scripts/conformance.allow`: disagreements we accept, one a line as `SUITE ID  REASON` (two or more spaces
/// before the reason); `#` starts a comment line. An entry whose case agrees now is stale and fails the run, so the
/// list only shrinks.
struct AllowList {
    var reasons: [String: String] = [:]

    init(contentsOf path: String?) throws {
        guard let path else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let gap = trimmed.range(of: "  ") else {
                throw ConformanceError("\(path):\(number + 1): write SUITE ID, two spaces, then the reason")
            }
            let key = trimmed[..<gap.lowerBound].trimmingCharacters(in: .whitespaces)
            let reason = trimmed[gap.upperBound...].trimmingCharacters(in: .whitespaces)
            guard key.split(separator: " ").count >= 2, !reason.isEmpty else {
                throw ConformanceError("\(path):\(number + 1): write SUITE ID, two spaces, then the reason")
            }
            reasons[key] = reason
        }
    }
}

struct ConformanceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads a JSON file of the suite folder.
func readJSON(_ folder: URL, _ path: String) throws -> Any {
    let url = folder.appendingPathComponent(path)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw ConformanceError("\(url.path) cannot be read: pass the folder laid out as the conformance data is")
    }
    return try JSONSerialization.jsonObject(with: data)
}
