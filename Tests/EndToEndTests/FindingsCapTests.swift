import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// A file raising more findings of one check than the cap: the first 100 are listed, one `findings-truncated`
/// finding counts the rest, and every output counts them all.
@Suite struct FindingsCapTests {
    static let server = FixtureServer.shared

    /// `count` malformed app IDs: `app-id-format` raises one error for each.
    static func badAppIDs(_ count: Int) -> String {
        let ids = (0..<count).map { "\"com.acme.app\($0)\"" }.joined(separator: ", ")
        return #"{"applinks": {"details": [{"appIDs": ["# + ids + #"], "components": [{"/": "/shop/*"}]}]}}"#
    }

    @Test func checkListsTheFirstHundredAndCountsEveryFindingInEveryFormat() async throws {
        let path = try Binary.write(Self.badAppIDs(250)).path

        let json = try await Binary.run(["check", "--format", "json", path])
        #expect(json.status == 1, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["id"] as? String == "app-id-format" }.count == 100)
        let truncated = findings.filter { $0["id"] as? String == "findings-truncated" }
        #expect(truncated.count == 1)
        let omitted = try #require(truncated.first?["omitted"] as? [String: Any])
        #expect(omitted["check"] as? String == "app-id-format")
        #expect(omitted["errors"] as? Int == 150 && omitted["warnings"] as? Int == 0 && omitted["infos"] as? Int == 0)
        #expect(truncated.first?["severity"] as? String == "info")

        let text = try await Binary.run(["check", path], environment: ["NO_COLOR": "1"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("250 errors, 0 warnings, 1 infos"), "\(text.stdout.prefix(300))")
        #expect(text.stdout.contains("info[findings-truncated]"))
        #expect(text.stdout.contains("app-id-format raised 150 more findings in this file (150 errors)"))
        #expect(text.stdout.components(separatedBy: "error[app-id-format]").count - 1 == 100)

        let sarif = try await Binary.run(["check", "--format", "sarif", path])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.filter { $0["ruleId"] as? String == "app-id-format" }.count == 100)
        #expect(results.filter { $0["ruleId"] as? String == "findings-truncated" }.count == 1)
    }

    /// Omitted findings count toward --fail-on as kept ones do: 130 unknown-key warnings, 30 of them not listed.
    @Test func omittedWarningsCountForFailOn() async throws {
        let path = try Binary.write(FindingsTruncatedFile.unknownKeys(130).text).path
        let text = try await Binary.run(["check", path], environment: ["NO_COLOR": "1"])
        #expect(text.status == 0, "warnings only")
        #expect(text.stdout.contains("0 errors, 130 warnings, 1 infos"), "\(text.stdout.prefix(300))")
        #expect(text.stdout.contains("unknown-key raised 30 more findings in this file (30 warnings)"))
        #expect(try await Binary.run(["check", path, "--fail-on", "warning"]).status == 1)
    }

    @Test func auditCountsEveryFindingInEveryReport() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "manyfindings.aasa.test"] + Self.server.auditArguments
                + [
                    "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format",
                    "json,html,csv,junit,markdown",
                ],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stderr)")
        let (report, object) = try readReport(out)
        var validator = SchemaValidator()
        validator.validate(object, SchemaTests.schema)
        #expect(validator.errors.isEmpty, "the omitted counts are in the schema: \(validator.errors.prefix(5))")
        let domain = try #require(report.domains.first)
        #expect(domain.verdict == .fail)
        #expect(domain.findings.filter { $0.id == "app-id-format" }.count == 100)
        let truncation = try #require(domain.findings.first { $0.id == "findings-truncated" })
        #expect(truncation.omitted == OmittedFindings(check: "app-id-format", errors: 150))
        let keptErrors = domain.findings.filter { $0.severity == .error }.count
        let errors = keptErrors + 150
        #expect(report.summary.errors == errors && errors >= 250)
        #expect(report.summary.infos == domain.findings.filter { $0.severity == .info }.count)

        #expect(result.stdout.contains("(\(errors) errors,"), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("info[findings-truncated] app-id-format raised 150 more findings"))
        #expect(
            result.stdout.contains("        … 90 more app-id-format finding(s): see the report\n"),
            "the terminal shows ten of a check's findings per domain")

        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<td class=\"n\">\(errors)</td>"))
        #expect(html.contains("\(errors) errors (\(keptErrors) listed)"))
        #expect(html.contains("findings-truncated"))

        let csv = try String(contentsOf: out.appendingPathComponent("findings.csv"), encoding: .utf8)
        #expect(
            csv.contains(#"manyfindings.aasa.test,findings-truncated,info,"app-id-format raised 150 more findings"#))

        let junit = try String(contentsOf: out.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"failures="\#(errors)">"#), "\(junit.prefix(400))")
        #expect(junit.contains(#"name="findings-truncated">"#))

        let markdown = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("\(errors) errors"))
        #expect(markdown.contains("`findings-truncated`"))
    }
}

/// Files for the cap tests.
enum FindingsTruncatedFile {
    case unknownKeys(Int)

    /// `count` components, each with an unknown key: one `unknown-key` warning each.
    var text: String {
        switch self {
        case .unknownKeys(let count):
            let components = (0..<count).map { #"{"/": "/p\#($0)/*", "x": 1}"# }.joined(separator: ", ")
            return #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": ["#
                + components + "]}]}}"
        }
    }
}

/// `check` and `match --file` apply Apple's 128 KiB limit, and do not decode a file far past it.
@Suite struct LocalSizeLimitTests {
    /// A valid file of about `size` bytes: few rules with long comments, so a debug build checks it quickly.
    static func file(bytes size: Int) -> String {
        var components: [String] = []
        var total = 100
        let comment = String(repeating: "c", count: 400)
        while total < size {
            let rule = #"{"/": "/shop/section-\#(components.count)/*", "comment": "\#(comment)"}"#
            components.append(rule)
            total += rule.utf8.count + 2
        }
        return #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": ["#
            + components.joined(separator: ", ") + "]}]}}"
    }

    @Test func aFileOverTheLimitFailsCheckAsItFailsAudit() async throws {
        let text = Self.file(bytes: 184 * 1024)
        let path = try Binary.write(text).path
        let result = try await Binary.run(["check", "--format", "json", path])
        #expect(result.status == 1, "\(result.stdout.prefix(300))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let tooLarge = try #require(findings.first { $0["id"] as? String == "too-large" })
        #expect(tooLarge["message"] as? String == "The file is \(text.utf8.count) bytes; the limit is 131072 bytes.")
        #expect((object["apps"] as? [Any])?.count == 1, "a file a little too large is still decoded and checked")
        // Just under the limit passes.
        let small = try Binary.write(Self.file(bytes: 120 * 1024)).path
        #expect(try await Binary.run(["check", small]).status == 0)
    }

    @Test func aFileFarOverTheLimitIsNotDecoded() async throws {
        let text = Self.file(bytes: 300 * 1024)
        let path = try Binary.write(text).path
        let check = try await Binary.run(["check", path], environment: ["NO_COLOR": "1"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("1 errors, 0 warnings, 0 infos"), "\(check.stdout.prefix(300))")
        #expect(check.stdout.contains("error[too-large]"))
        #expect(check.stdout.contains("It was not decoded (files over 262144 bytes are not), so no other check ran."))
        let match = try await Binary.run(
            ["match", "--file", path, "/shop/section-1/x"], environment: ["NO_COLOR": "1"])
        #expect(match.status == 1)
        #expect(match.stderr.contains("cannot be matched against"))
        #expect(match.stderr.contains("error[too-large]"))
    }
}
