import Foundation
import TestSupport
import Testing

/// docs/code-map.md's "may import" column is what the sources import: a map that drifts fails here, in both
/// directions (an import the map does not allow, and an allowed import no source uses any more).
@Suite struct CodeMapTests {
    /// Modules of the toolchain: any target may use them, so the map need not list them and the test ignores them.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Synchronization", "Testing", "XCTest", "Glibc", "Musl", "Darwin", "Android",
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder",
    ]

    /// One row of the map's table: the folders it names and, when its cell says, the modules they may import.
    struct Row {
        var paths: [String]
        var allowed: Set<String>?
        var line: Int
    }

    /// The table's rows. A first cell names folders as `Sources/Target` or `Target/Folder`; a later name with no
    /// slash in the same cell is a sibling of the one before (`AuditCLI/Inputs`, `Output`). A "may import" cell
    /// lists modules separated by commas, with remarks in parentheses and "only" ignored; "—" means none; an empty
    /// cell means the row shares the rule of the row for its enclosing folder.
    static func rows(_ map: String) throws -> [Row] {
        var rows: [Row] = []
        let lines = map.split(separator: "\n", omittingEmptySubsequences: false)
        // The table whose header has a "may import" column, to its end (the map has other tables).
        guard let header = lines.firstIndex(where: { $0.hasPrefix("|") && $0.contains("| may import |") }) else {
            return []
        }
        for (number, line) in lines.enumerated().dropFirst(header + 2) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            try #require(cells.count == 5, "docs/code-map.md:\(number + 1) has three cells")
            var paths: [String] = []
            var parent = ""
            for name in names(in: cells[1]) {
                if name.contains("/") {
                    let path = name.hasPrefix("Sources/") ? name : "Sources/" + name
                    parent = String(path[..<path.lastIndex(of: "/")!])
                    paths.append(path)
                } else {
                    paths.append(parent + "/" + name)
                }
            }
            rows.append(Row(paths: paths, allowed: modules(in: cells[3]), line: number + 1))
        }
        return rows
    }

    /// The backquoted names of a cell, in order.
    static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    /// The modules a "may import" cell allows, toolchain modules aside; nil for an empty cell.
    static func modules(in cell: String) -> Set<String>? {
        var text = ""
        var depth = 0
        for character in cell {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if depth == 0 {
                text.append(character)
            }
        }
        text = text.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if text == "—" { return [] }
        let words = text.split(separator: ",").map {
            $0.replacingOccurrences(of: " only", with: "").trimmingCharacters(in: .whitespaces)
        }
        return Set(words).subtracting(toolchain)
    }

    /// The modules a Swift file imports (`@testable`, access levels and `import struct X.Y` forms included).
    static func imports(of source: String) -> Set<String> {
        var found = Set<String>()
        for line in source.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
                words.removeFirst()
            }
            guard words.count >= 2, words[0] == "import" else { continue }
            let name = declarationKinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            found.insert(String(name.prefix { $0 != "." }))
        }
        return found.subtracting(toolchain)
    }

    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    static let declarationKinds: Set<String> = [
        "class", "struct", "enum", "protocol", "func", "var", "let", "typealias",
    ]

    /// The Swift files under a folder of the repository, as paths relative to it.
    static func swiftFiles(under folder: String) -> [String] {
        let base = Binary.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
    }

    /// Every row's folders exist; every target under Sources has a row.
    @Test func everyFolderIsMapped() throws {
        let map = try String(contentsOf: Binary.root.appendingPathComponent("docs/code-map.md"), encoding: .utf8)
        let rows = try Self.rows(map)
        let mapped = Set(rows.flatMap(\.paths))
        var isFolder: ObjCBool = false
        for row in rows {
            for path in row.paths {
                let exists = FileManager.default.fileExists(
                    atPath: Binary.root.appendingPathComponent(path).path, isDirectory: &isFolder)
                #expect(exists && isFolder.boolValue, "docs/code-map.md:\(row.line) names \(path), no such folder")
            }
        }
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: Binary.root.appendingPathComponent("Sources").path)
        for target in targets.sorted() where !target.hasPrefix(".") && !mapped.contains("Sources/" + target) {
            Issue.record("docs/code-map.md has no row for Sources/\(target)")
        }
    }

    /// Each row that says what its folders may import says exactly what their files import, the files of
    /// deeper rows with a rule of their own aside.
    @Test func importsMatchTheMap() throws {
        let map = try String(contentsOf: Binary.root.appendingPathComponent("docs/code-map.md"), encoding: .utf8)
        let ruled = try Self.rows(map).filter { $0.allowed != nil }
        #expect(ruled.count >= 10, "the map's table was read")
        var files: [String: Set<String>] = [:]
        for row in ruled {
            for path in row.paths {
                for file in Self.swiftFiles(under: path) {
                    files[file] = Self.imports(
                        of: try String(contentsOf: Binary.root.appendingPathComponent(file), encoding: .utf8))
                }
            }
        }
        /// The rule for a file: the row with the longest folder that holds it.
        func owner(of file: String) -> (row: Row, path: String)? {
            ruled.flatMap { row in row.paths.map { (row: row, path: $0) } }
                .filter { file.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
        }
        var used: [Int: Set<String>] = [:]
        for (file, modules) in files.sorted(by: { $0.key < $1.key }) {
            let (row, _) = try #require(owner(of: file))
            used[row.line, default: []].formUnion(modules)
            for module in modules.subtracting(row.allowed ?? []).sorted() {
                Issue.record("\(file) imports \(module), which docs/code-map.md:\(row.line) does not allow")
            }
        }
        for row in ruled {
            for module in (row.allowed ?? []).subtracting(used[row.line] ?? []).sorted() {
                Issue.record(
                    "docs/code-map.md:\(row.line) allows \(row.paths.joined(separator: ", ")) to import \(module), which none of its files imports"
                )
            }
        }
    }

    /// The reader of the map sees what the test sees: the parser takes the cell forms the map uses.
    @Test func cellsParse() throws {
        #expect(Self.modules(in: "AASA, CCurl (`internal import`)") == ["AASA", "CCurl"])
        #expect(Self.modules(in: "AASA only") == ["AASA"])
        #expect(Self.modules(in: "Foundation") == [])
        #expect(Self.modules(in: "— (C)") == [])
        #expect(Self.modules(in: "") == nil)
        #expect(
            Self.imports(of: "internal import CCurl\n@testable import Audit\nimport struct AASA.Finding\n// import X\n")
                == ["CCurl", "Audit", "AASA"])
        let rows = try Self.rows(
            "| a | b | may import |\n|---|---|---|\n| `AuditCLI/Inputs`, `Output` | x | AASA |\n"
                + "| `Sources/CCurl`, `CHTMLScan` | y | |\n\n| `Other` | table | X |\n")
        #expect(
            rows.map(\.paths) == [
                ["Sources/AuditCLI/Inputs", "Sources/AuditCLI/Output"], ["Sources/CCurl", "Sources/CHTMLScan"],
            ])
        #expect(rows.map(\.allowed) == [["AASA"], nil])
    }
}
