import Foundation

/// Runs the web's own test suites (a folder laid out as the project's conformance data: `url/`, `robotstxt/`,
/// `html5lib-tokenizer/`, `android/`) against the real code and prints, per suite, agree / disagree / not applicable with every
/// disagreement. Exits 1 when a disagreement is not in the allow-list or an allow-list entry no longer disagrees,
/// 2 on a usage error or unreadable data. Scripts/conformance builds and runs it.

let usage = "usage: aasa-conformance DIR [--allow FILE] [--suite url|robots|html|android|dal]..."
var arguments = Array(CommandLine.arguments.dropFirst())
var folder: String?
var allowPath: String?
var chosen: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--allow" where !arguments.isEmpty: allowPath = arguments.removeFirst()
    case "--suite" where !arguments.isEmpty: chosen.append(arguments.removeFirst())
    case _ where folder == nil && !argument.hasPrefix("-"): folder = argument
    default:
        FileHandle.standardError.write(Data("\(usage)\n".utf8))
        exit(2)
    }
}
guard let folder else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}

let suites: [(name: String, run: (URL) throws -> SuiteReport)] = [
    ("url", URLSuite.run), ("robots", RobotsSuite.run), ("html", HTMLSuite.run), ("android", AndroidSuite.run),
    ("dal", DALSuite.run),
]
if let unknown = chosen.first(where: { name in !suites.contains { $0.name == name } }) {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("aasa-conformance: no suite \(unknown) (\(names))\n".utf8))
    exit(2)
}

do {
    let allow = try AllowList(contentsOf: allowPath)
    let root = URL(fileURLWithPath: folder)
    var failed = false
    for suite in suites where chosen.isEmpty || chosen.contains(suite.name) {
        let report = try suite.run(root)
        var allowed = 0
        var unexpected: [(String, String)] = []
        for (id, detail) in report.disagreements {
            if let reason = allow.reasons["\(suite.name) \(id)"] {
                allowed += 1
                print("  allowed \(suite.name) \(id): \(detail)\n    because \(reason)")
            } else {
                unexpected.append((id, detail))
            }
        }
        for (id, detail) in unexpected { print("  DISAGREE \(suite.name) \(id): \(detail)") }
        let disagreeing = Set(report.disagreements.map(\.id))
        let stale = allow.reasons.keys.filter { key in
            key.hasPrefix("\(suite.name) ") && !disagreeing.contains(String(key.dropFirst(suite.name.count + 1)))
        }
        for key in stale.sorted() { print("  STALE allow-list entry \(key): the case agrees now (or is gone)") }
        print(
            "\(suite.name): \(report.agree) agree, \(report.disagreements.count) disagree (\(allowed) allowed), "
                + "\(report.notApplicable) not applicable")
        if !unexpected.isEmpty || !stale.isEmpty { failed = true }
    }
    exit(failed ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("aasa-conformance: \(error)\n".utf8))
    exit(2)
}
