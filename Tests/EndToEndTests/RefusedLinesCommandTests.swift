import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Refused input lines through the real binary: the first 1,000 named (stderr and the report), the rest counted;
/// a list past its cap refused as soon as it gets there, before the rest of the file is read.
@Suite struct RefusedLinesCommandTests {
    static func schema(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Binary.root.appendingPathComponent("Schemas/\(name)"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func file(_ text: String, name: String = "list.txt") throws -> URL {
        let url = try tempDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The junk lines of a 16 MB links list once cost 6.5 GB and wrote a 1.1 GB links.json, every line kept.
    @Test func linksKeepsTheFirstThousandNotLinksAndCountsTheRest() async throws {
        let list = try Self.file(String(repeating: "not a link\n", count: 1_500))
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["links", list.path, "--out", out.path, "--no-follow"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stderr.suffix(300))")
        let named = result.stderr.split(separator: "\n").filter { $0.hasPrefix(list.path + ":") }
        #expect(named.count == 1_000 && named.last?.hasPrefix("\(list.path):1000: ") == true)
        #expect(result.stderr.contains("aasa-audit links: and 500 more refused lines"), "\(result.stderr.suffix(300))")
        #expect(result.stdout.contains("1,500 line(s) not a link"), "\(result.stdout)")
        let data = try Data(contentsOf: out.appendingPathComponent("links.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["inputErrors"] as? [Any])?.count == 1_000 && object["inputErrorsOmitted"] as? Int == 500)
        var validator = SchemaValidator()
        validator.validate(object, try Self.schema("links.schema.json"))
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
        let html = try String(contentsOf: out.appendingPathComponent("links.html"), encoding: .utf8)
        #expect(html.contains("and 500 more"))
    }

    @Test func auditKeepsTheFirstThousandRefusedDomainsAndCountsTheRestInEveryReport() async throws {
        let list = try Self.file(String(repeating: "not_a_domain!\n", count: 1_200))
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "--domains", list.path, "--out", out.path, "--format", "json,markdown"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stderr.suffix(300))")
        #expect(result.stderr.split(separator: "\n").count { $0.hasPrefix(list.path + ":") } == 1_000)
        #expect(result.stderr.contains("aasa-audit audit: and 200 more refused lines"), "\(result.stderr.suffix(300))")
        #expect(result.stdout.contains("refused: 1,200 input line(s)"), "\(result.stdout)")
        let (report, object) = try readReport(out)
        #expect(report.inputErrors?.count == 1_000 && object["inputErrorsOmitted"] as? Int == 200)
        var validator = SchemaValidator()
        validator.validate(object, try Self.schema("report.schema.json"))
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
        let markdown = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("1,200 input line(s) could not be audited") && markdown.contains("and 1,150 more"))
    }

    /// A list past its cap is refused where it passes the cap: the rest (here, 65 MiB of anything) is never read.
    @Test(arguments: [
        (["links"], "https://a.test/p/", LinkListCap.links, "more than 100,000 links"),
        (["match", "--file", "FILE", "--urls"], "https://a.test/p/", LinkListCap.urls, "more than 1,000,000 URLs"),
        (["audit", "--out", "OUT", "--domains"], "", LinkListCap.domains, "past 1,000,000 domains"),
    ])
    func aListPastItsCapIsRefusedBeforeTheRestIsRead(
        command: [String], prefix: String, count: Int, message: String
    ) async throws {
        let directory = try tempDirectory()
        let list = directory.appendingPathComponent("list.txt")
        FileManager.default.createFile(atPath: list.path, contents: nil)
        let handle = try FileHandle(forWritingTo: list)
        var chunk = ""
        for n in 0..<count {
            chunk += prefix.isEmpty ? "d\(n).test\n" : "\(prefix)\(n)\n"
            if chunk.utf8.count > 1 << 20 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        handle.write(Data(chunk.utf8))
        handle.write(Data(repeating: UInt8(ascii: "x"), count: 65 << 20))
        try handle.close()
        let file = try Self.file(ExampleProbe.body, name: "aasa.json")
        let arguments = command.map {
            $0 == "FILE" ? file.path : $0 == "OUT" ? directory.appendingPathComponent("out").path : $0
        }
        let result = try await Binary.run(arguments + [list.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr.prefix(400))")
        #expect(!result.stderr.contains("MiB: not read"), "refused at the cap, not for its size")
        try? FileManager.default.removeItem(at: directory)
    }
}

/// One line past each list's cap.
enum LinkListCap {
    static let links = 100_001
    static let urls = 1_000_001
    static let domains = 1_000_001
}
