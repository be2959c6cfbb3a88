import Foundation
import TestSupport
import Testing

@testable import AuditCLI

/// `links --html` in time linear in the file: each href written with character references (`&#47;`) was looked
/// for through the rest of the file and never found, so 32,000 of them took 68 s against 0.8 s written plainly.
@Suite struct LinkListScalingTests {
    static func page(_ count: Int) throws -> String {
        var html = "<html><body>\n"
        for n in 0..<count { html += "<a href=\"https://t&#46;test/&#112;/\(n)\">\(n)</a>\n" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-refs-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: url)
        return url.path
    }

    static func read(_ path: String) throws -> LinkList {
        var list = LinkList()
        try list.read(html: path, command: "links")
        return list
    }

    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func hrefsWrittenWithCharacterReferencesAreReadInLinearTime() throws {
        let small = try Self.page(8_000)
        let large = try Self.page(32_000)
        defer { for path in [small, large] { try? FileManager.default.removeItem(atPath: path) } }
        let t1 = try Timing.bestOfThree { _ = try Self.read(small) }
        let t4 = try Timing.bestOfThree { _ = try Self.read(large) }
        #expect(t4 < 8 * t1 + 0.05, "8,000 hrefs: \(t1) s; 32,000: \(t4) s (linear is about 4 times)")
    }

    /// Each href is named by its own line: found inside its tag, or the line its tag ends on.
    @Test func eachReferencedHrefKeepsItsLine() throws {
        let path = try Self.page(3)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = try Self.read(path)
        #expect(list.links.map(\.url) == (0..<3).map { "https://t.test/p/\($0)" })
        #expect(list.links.map(\.source) == (2...4).map { "\(path):\($0)" })
    }
}
