import Foundation
import TestSupport
import Testing

/// `links` with entries it does not judge (an App Store button, mail and phone links, `data:`, `ftp:`, `ws:`)
/// beside web and custom-scheme links, through the real binary against the fixture's links hosts: the run exits by
/// its links' tiers, never says "Interrupted", and lists each skipped entry with its kind in links.json, links.html
/// and links.csv. One such entry once ended the run as interrupted (exit 130) and was missing from every report.
/// links.json is read untyped, so these tests also run against a binary without the `skipped` list.
@Suite struct SkippedLinksCommandTests {
    static let server = FixtureServer.shared

    /// The entries no tier judges, each with the kind links.json must give it.
    static let skipped: [(entry: String, kind: String)] = [
        ("itms-apps://apps.apple.com/app/id1", "app-store"), ("mailto:help@acme.test?subject=Hello World", "mail"),
        ("tel:+15555550100", "phone"), ("data:text/plain,hi", "other"), ("ftp://files.acme.test/a", "other"),
        ("ws://chat.acme.test/live", "other"),
    ]

    struct Run {
        var result: RunResult
        var json: [String: Any]
        var csv: String
        var html: String

        var output: String { result.stdout + result.stderr }
        var skipped: [[String: Any]] { json["skipped"] as? [[String: Any]] ?? [] }
        var links: [[String: Any]] { json["links"] as? [[String: Any]] ?? [] }
        var summary: [String: Any] { json["summary"] as? [String: Any] ?? [:] }

        /// Each skipped entry as "input kind source".
        var skippedEntries: [String] {
            skipped.map {
                "\($0["input"] as? String ?? "?") \($0["kind"] as? String ?? "?") \($0["source"] as? String ?? "?")"
            }
        }

        func tier(_ url: String) -> String? {
            links.first { $0["url"] as? String == url }?["tier"] as? String
        }
    }

    func links(_ arguments: [String]) async throws -> Run {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["links"] + arguments + Self.server.arguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
            ],
            environment: ["NO_COLOR": "1"])
        let data = try Data(contentsOf: out.appendingPathComponent("links.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var validator = SchemaValidator()
        validator.validate(json, try RefusedLinesCommandTests.schema("links.schema.json"))
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
        return Run(
            result: result, json: json,
            csv: try String(contentsOf: out.appendingPathComponent("links.csv"), encoding: .utf8),
            html: try String(contentsOf: out.appendingPathComponent("links.html"), encoding: .utf8))
    }

    /// Checks what every run with `Self.skipped` must show: no interruption anywhere, each entry listed with its kind
    /// and `FILE:LINE` (`sources`, in order), counted, and in links.html and links.csv.
    func expectSkippedListed(_ run: Run, sources: [String]) {
        #expect(!run.output.contains("Interrupted"), "\(run.output)")
        #expect(run.json["interrupted"] as? Bool == false)
        #expect(
            run.skippedEntries == zip(Self.skipped, sources).map { "\($0.0.entry) \($0.0.kind) \($0.1)" },
            "\(run.skippedEntries)")
        #expect(run.skipped.allSatisfy { ($0["reason"] as? String)?.hasSuffix(".") == true }, "\(run.skipped)")
        #expect(run.summary["skipped"] as? Int == Self.skipped.count, "\(run.summary)")
        #expect(
            run.result.stdout.contains("6 entries not judged, not web links (1 app-store, 1 mail, 1 phone, 3 other)"))
        let rows = run.csv.split(separator: "\r\n").map(String.init)
        #expect(rows.first?.hasSuffix(",findings,skipped_kind,skipped_reason,text") == true, "\(rows.first ?? "")")
        for ((entry, kind), source) in zip(Self.skipped, sources) {
            let cell = entry.contains(",") ? "\"\(entry)\"" : entry
            #expect(rows.contains { $0.hasPrefix("\(source),\(cell),,,,,,,,\(kind),") }, "\(entry): \(rows)")
            #expect(run.html.contains(entry), "\(entry) in links.html")
        }
        #expect(run.html.contains("Not judged: not web links"))
    }

    @Test func aListWithAppStoreMailPhoneDataFTPAndWebSocketEntriesExitsByItsFindings() async throws {
        let base = "https://linkapp--skip.aasa.test"
        let list = try RefusedLinesCommandTests.file(
            (["\(base)/p/1"] + Self.skipped.map(\.entry) + ["acmeshop://p/1", "https://track--skip.aasa.test/c/gone"])
                .joined(separator: "\n") + "\n")
        let run = try await links([list.path])
        // The broken link fails the run (exit 1), as it would without the skipped entries around it.
        #expect(run.result.status == 1, "\(run.output)")
        expectSkippedListed(run, sources: (2...7).map { "\(list.path):\($0)" })
        #expect(run.tier("\(base)/p/1") == "opens-app")
        #expect(run.tier("acmeshop://p/1") == "custom-scheme", "a custom scheme is still judged")
        #expect(run.tier("https://track--skip.aasa.test/c/gone") == "broken")
        #expect(run.links.count == 3 && run.summary["links"] as? Int == 3)

        // Without the broken link, nothing fails: exit 0, not 130.
        let clean = try await links(["\(base)/p/1"] + Self.skipped.map(\.entry) + ["--no-follow"])
        #expect(clean.result.status == 0, "\(clean.output)")
        expectSkippedListed(clean, sources: Array(repeating: "argument", count: Self.skipped.count))
    }

    @Test func theIssuesOneAppStoreArgumentIsSkippedNotInterrupted() async throws {
        let run = try await links(["itms-apps://apps.apple.com/app/id1", "--no-follow"])
        #expect(run.result.status == 0, "\(run.output)")
        #expect(!run.output.contains("Interrupted"))
        #expect(run.skippedEntries == ["itms-apps://apps.apple.com/app/id1 app-store argument"])
    }

    @Test func aSystemSchemeTheInfoPlistDeclaresIsSkippedAsCustomScheme() async throws {
        let plist = try RefusedLinesCommandTests.file(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
            <key>CFBundleURLSchemes</key><array><string>acmeshop</string><string>webcal</string></array></dict></array>
            </dict></plist>
            """, name: "Info.plist")
        let run = try await links([
            "webcal://cal.acme.test/spring.ics", "geo:52.5,13.4", "acmeshop://p/1", "--info-plist", plist.path,
        ])
        #expect(run.result.status == 0, "\(run.output)")
        #expect(
            run.skippedEntries == [
                "webcal://cal.acme.test/spring.ics custom-scheme argument", "geo:52.5,13.4 other argument",
            ], "\(run.skippedEntries)")
        #expect((run.skipped.first?["reason"] as? String)?.contains("Info.plist declares webcal:") == true)
        #expect(run.tier("acmeshop://p/1") == "custom-scheme")
    }

    /// The same entries as hrefs of an email, with and without a `<base href>`: a relative href resolves against an
    /// http(s) base; without one, or against a base that is not http(s), it is refused with that reason.
    @Test func anEmailsHrefsAreSkippedWithOrWithoutABaseAndEachRefusalNamesItsRealCause() async throws {
        let anchors = Self.skipped.map { "<a href=\"\($0.entry)\">\($0.kind)</a>" }.joined(separator: "\n")
        let withBase = try RefusedLinesCommandTests.file(
            "<html><head><base href=\"https://linkapp--skiphtml.aasa.test/p/\"></head><body>\n"
                + "<a href=\"1\">Your order</a>\n\(anchors)\n</body></html>\n", name: "base.html")
        let run = try await links(["--html", withBase.path, "--no-follow"])
        #expect(run.result.status == 0, "\(run.output)")
        expectSkippedListed(run, sources: (3...8).map { "\(withBase.path):\($0)" })
        #expect(run.tier("https://linkapp--skiphtml.aasa.test/p/1") == "opens-app", "\(run.links)")

        let withoutBase = try RefusedLinesCommandTests.file(
            "<html><body>\n<a href=\"https://linkapp--skiphtml.aasa.test/p/2\">Your order</a>\n\(anchors)\n"
                + "<a href=\"/relative\">A relative link</a>\n</body></html>\n", name: "nobase.html")
        let bare = try await links(["--html", withoutBase.path, "--no-follow"])
        #expect(bare.result.status == 2, "the relative href is refused: \(bare.output)")
        expectSkippedListed(bare, sources: (3...8).map { "\(withoutBase.path):\($0)" })
        #expect(bare.result.stderr.contains("nobase.html:9: \"/relative\": a relative link: no <base href>"))

        let otherBase = try RefusedLinesCommandTests.file(
            "<html><head><base href=\"ftp://files.acme.test/\"></head><body>\n\(anchors)\n"
                + "<a href=\"relative\">A relative link</a>\n</body></html>\n", name: "ftpbase.html")
        let ftp = try await links(["--html", otherBase.path, "--no-follow"])
        #expect(ftp.result.status == 2, "\(ftp.output)")
        expectSkippedListed(ftp, sources: (2...7).map { "\(otherBase.path):\($0)" })
        let refusal =
            "ftpbase.html:8: \"relative\": a relative link: the <base href> \"ftp://files.acme.test/\" is "
            + "not an absolute http(s) URL"
        #expect(ftp.result.stderr.contains(refusal), "\(ftp.result.stderr)")
        #expect(!ftp.result.stderr.contains("no <base href>"))
    }
}
