import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// What a site or a file controls reaches report.html and summary.md only escaped: the audit of a site that puts
/// escape sequences and bidi overrides in its redirect, its app IDs and its rules, with an entitlements file whose
/// name and entries carry backticks, pipes, controls and bidi overrides.
@Suite struct ReportSafetyTests {
    static let server = FixtureServer.shared

    /// Bidi controls (they reorder what a reader sees), C0 controls other than tab and LF, DEL and C1.
    static func raw(_ text: String) -> [String] {
        text.unicodeScalars.filter { c in
            switch c.value {
            case 0x0A, 0x09: false
            case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    static let hostileName = "App`|\u{202E}\u{1B}[31m.entitlements"

    func audit() async throws -> (RunResult, URL) {
        let entitlements = try Binary.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>application-identifier</key><string>9JA89QQLNQ.com.acme.shop</string>
            <key>com.apple.developer.associated-domains</key><array>
            <string>applinks:termescape.aasa.test</string>
            <string>applinks:x&#x202E;`|y.example:8443</string>
            </array></dict></plist>
            """, name: Self.hostileName)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-rsafe-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", "--entitlements", entitlements.path, "--format", "json,html,markdown", "--out", out.path]
                + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout],
            environment: ["NO_COLOR": "1"])
        return (result, out)
    }

    @Test func summaryMarkdownAndHTMLShowSiteAndFileTextEscaped() async throws {
        let (result, out) = try await audit()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let md = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(Self.raw(md).isEmpty, "raw controls in summary.md: \(Self.raw(md))")
        // Inside the code span a backtick is shown as its escape and the pipe keeps the backslash GitHub's table
        // syntax removes; the override and ESC are shown as escapes.
        #expect(md.contains(#"App\u{60}\|\u{202E}\u{1B}[31m.entitlements` | ❌ fail |"#), "\(md)")
        // Every table row still has its three cells: no pipe from the file name splits one.
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count == 3, "\(md)")
        for row in rows {
            #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 4, "\(row)")
        }

        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(Self.raw(html).isEmpty, "raw controls in report.html: \(Self.raw(html))")
        // The site's app IDs and rules, the redirect's Location, the file's name and an entry: all escaped.
        #expect(html.contains(#"\u{202E}txt.exe\u{2066}\u{200F}\u{7F}"#))
        #expect(html.contains(#"\u{1B}]0;pwned\u{7}"#))
        #expect(html.contains(#"App`|\u{202E}\u{1B}[31m.entitlements"#))
        #expect(html.contains(#"applinks:x\u{202E}`|y.example:8443"#))
        // The report itself keeps what the site sent.
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        #expect(report.domains.flatMap(\.findings).contains { $0.message.contains("\u{202E}") })
    }
}
