import AASA
import Foundation
import Testing

@testable import Audit

/// Numbers read back from a report, a shard or a run log are checked before any is used: out of range, negative
/// where no count is, or adding up past `Int`, each is refused naming the JSON path and the value; strings and
/// numbers longer than a report writes are refused while they are scanned.
@Suite struct ReportNumbersTests {
    /// A report's domains edited by `edit` (as JSON objects), read back with `ReportReader`; the error, or nil.
    static func error(
        editing edit: (inout [String: Any]) -> Void, stringLimit: Int = JSONScanner.defaultStringLimit
    )
        throws -> String?
    {
        var object = try #require(
            try JSONSerialization.jsonObject(with: ReportReaderTests.report().json()) as? [String: Any])
        edit(&object)
        var given: [UInt8]? = Array(try JSONSerialization.data(withJSONObject: object))
        do {
            _ = try ReportReader.stream(
                name: "FILE", urls: .full, limit: ReportReader.valueLimit, stringLimit: stringLimit,
                source: {
                    defer { given = nil }
                    return given
                }, each: { _ in })
            return nil
        } catch let error as ReportReadError {
            return error.description
        }
    }

    static func editFinding(_ object: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        var domains = object["domains"] as? [[String: Any]] ?? []
        var findings = domains[0]["findings"] as? [[String: Any]] ?? []
        change(&findings[0])
        domains[0]["findings"] = findings
        object["domains"] = domains
    }

    @Test func theWalkerNamesThePathAndTheValue() {
        #expect(ReportNumbers.problem(in: Array(#"{"a": [1, {"b": 2}], "c": 3}"#.utf8), root: "") == nil)
        #expect(
            ReportNumbers.problem(in: Array(#"{"a": [1, {"b": -2}]}"#.utf8), root: "domains[3]")
                == "domains[3].a[1].b: -2 is negative (from 0 to 1000000000000)")
        #expect(
            ReportNumbers.problem(in: Array(#"{"positions": {"x.test": 1e300}}"#.utf8), root: "shard")
                == #"shard.positions["x.test"]: 1e300 is out of range (from 0 to 1000000000000)"#)
        #expect(
            ReportNumbers.problem(in: Array(#"{"n": 99999999999999999999999}"#.utf8), root: "")
                == "n: 99999999999999999999999 is out of range (from 0 to 1000000000000)")
        #expect(ReportNumbers.problem(in: Array(#"{"n": 1000000000000, "m": 2.5}"#.utf8), root: "") == nil)
        #expect(ReportNumbers.problem(in: Array(#"{"n": 1000000000001}"#.utf8), root: "") != nil)
        // An expired certificate's days left are below zero.
        #expect(ReportNumbers.problem(in: Array(#"{"tls": {"daysLeft": -30}}"#.utf8), root: "") == nil)
        #expect(ReportNumbers.problem(in: Array(#"{"tls": {"daysLeft": -1e13}}"#.utf8), root: "") != nil)
        // Strings that look like numbers, and escaped quotes, are not numbers.
        #expect(ReportNumbers.problem(in: Array(#"{"a\"b": "-5", "c": ["-1\"", true, null]}"#.utf8), root: "") == nil)
    }

    /// 2^63−1 trapped when the counts were added up; −4 made a failing domain pass.
    @Test(arguments: [Int.max, -4, 1_000_000_000_001]) func anOmittedCountOutOfRangeIsRefused(_ count: Int) throws {
        let error = try Self.error { object in
            Self.editFinding(&object) { $0["omitted"] = ["check": "x", "errors": count, "warnings": 0, "infos": 0] }
        }
        #expect(
            error?.hasPrefix(
                "FILE is not an aasa-audit report.json: line 1, domains[0].findings[0].omitted.errors: \(count) is ")
                == true, "\(error ?? "read")")
    }

    /// Counts each in range can still add up past `Int` over many findings: their total is capped too.
    @Test func findingsStandingForMoreThanABillionAreRefused() throws {
        let error = try Self.error { object in
            var domains = object["domains"] as? [[String: Any]] ?? []
            var findings = domains[0]["findings"] as? [[String: Any]] ?? []
            var truncated = findings[0]
            truncated["omitted"] = ["check": "x", "errors": 600_000_000, "warnings": 0, "infos": 0]
            findings = [truncated, truncated]
            domains[0]["findings"] = findings
            object["domains"] = domains
        }
        #expect(
            error
                == "FILE is not an aasa-audit report.json: line 1, domains[0].findings: they stand for more than "
                + "1000000000 findings, more than any file or crawl raises")
    }

    /// A row's own numbers are checked as the row is read, against what its facts keep (5·10^9 inlinks or a status
    /// of 70,000 are within a report's range, not a row's), so the line is named too.
    @Test func aURLRowsNumbersAreCheckedToo() throws {
        for (key, value) in [
            ("inlinks", 1_000_000_000_000_000), ("depth", -3), ("httpStatus", -1), ("inlinks", 5_000_000_000),
            ("httpStatus", 70_000),
        ] {
            let error = try Self.error { object in
                var domains = object["domains"] as? [[String: Any]] ?? []
                var urls = domains[0]["urls"] as? [[String: Any]] ?? []
                urls[1][key] = value
                domains[0]["urls"] = urls
                object["domains"] = domains
            }
            #expect(
                error?.hasPrefix(
                    "FILE is not an aasa-audit report.json: line 1, domains[0].urls[1].\(key): \(value) is ")
                    == true, "\(error ?? "read")")
        }
    }

    @Test func summaryAndShardNumbersAreChecked() throws {
        let summary = try Self.error { object in
            var summary = object["summary"] as? [String: Any] ?? [:]
            summary["errors"] = Int.max
            object["summary"] = summary
        }
        #expect(
            summary
                == "FILE is not an aasa-audit report.json: summary.errors: 9223372036854775807 is out of range (from 0 "
                + "to 1000000000000)")
        for (count, index, problem) in [
            (0, 1, "shard.count: 0 is out of range (a run is split into 1 to 10000 shards)"),
            (10_001, 1, "shard.count: 10001 is out of range (a run is split into 1 to 10000 shards)"),
            (4, 5, "shard.index: 5 is out of range (from 1 to 4)"),
            (4, 0, "shard.index: 0 is out of range (from 1 to 4)"),
        ] {
            let error = try Self.error { object in object["shard"] = ["count": count, "index": index] }
            #expect(error == "FILE is not an aasa-audit report.json: " + problem)
        }
    }

    @Test func aShardsPositionsAreCheckedAgainstItsInputs() {
        var shard = Shard(index: 1, count: 1)
        shard.record(whole: ["a.test", "b.test"])
        #expect(shard.problem == nil)
        shard.positions?["b.test"] = 0
        #expect(shard.problem == #"positions["b.test"]: 0 is also a.test's place"#)
        shard.positions?["b.test"] = 2
        #expect(shard.problem == #"positions["b.test"]: 2 is out of range (from 0 to 1: the run's 2 domains)"#)
        var two = Shard(index: 1, count: 2)
        two.record(whole: ["shop.test", "blog.test"])
        two.positions?["blog.test"] = 1
        #expect(two.problem?.hasPrefix(#"positions["blog.test"]: blog.test belongs to shard 2/2"#) == true)
    }

    /// A verdict edited to "pass" over an error finding is worked out again from the findings.
    @Test func theVerdictIsWorkedOutFromTheFindings() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: ReportReaderTests.report().json()) as? [String: Any])
        var domains = object["domains"] as? [[String: Any]] ?? []
        var findings = domains[0]["findings"] as? [[String: Any]] ?? []
        findings[0]["severity"] = "error"
        domains[0]["findings"] = findings
        domains[0]["verdict"] = "pass"
        object["domains"] = domains
        let report = try AuditReport.decode(try JSONSerialization.data(withJSONObject: object))
        #expect(report.domains[0].verdict == .fail)
    }

    /// A 200 MB string cost 1 GB to merge: one past the limit is refused as it is scanned, before it is held (the
    /// limit lowered here to 64 KiB; the binary's is 1 MiB).
    @Test func aStringPastTheLimitIsRefusedAsItIsScanned() throws {
        let error = try Self.error(
            editing: { object in
                var domains = object["domains"] as? [[String: Any]] ?? []
                domains[1]["notes"] = [String(repeating: "é", count: 40 << 10)]
                object["domains"] = domains
            }, stringLimit: 64 << 10)
        #expect(error?.hasPrefix("FILE is not an aasa-audit report.json: line 1, column ") == true)
        #expect(error?.hasSuffix(": a string of more than 65536 bytes; no report holds one that long") == true)
        #expect(try Self.error(editing: { _ in }, stringLimit: 64 << 10) == nil, "the report's own strings are shorter")
        var sent = 0
        #expect {
            _ = try ReportReader.stream(
                name: "s", urls: .full, limit: ReportReader.valueLimit, stringLimit: 64 << 10,
                source: {
                    defer { sent += 1 }
                    return sent == 0
                        ? Array(#"{"domains": [{"file": ""#.utf8) : Array(repeating: UInt8(ascii: "x"), count: 4096)
                }, each: { _ in })
        } throws: { error in
            "\(error)".hasSuffix("a string of more than 65536 bytes; no report holds one that long") && sent <= 18
        }
    }

    @Test func aNumberOfManyDigitsIsRefusedAsItIsScanned() throws {
        let digits = String(repeating: "9", count: 65)
        var given: [UInt8]? = Array(#"{"domains": [], "schemaVersion": \#(digits)}"#.utf8)
        #expect {
            _ = try ReportReader.stream(
                name: "n", urls: .full, limit: ReportReader.valueLimit,
                source: {
                    defer { given = nil }
                    return given
                }, each: { _ in })
        } throws: { error in
            "\(error)" == "n is not an aasa-audit report.json: line 1, column 98: a number of more than 64 characters; "
                + "no report writes one that long"
        }
    }

    /// A log record's index is checked before the log is counted; its report as report.json's domains are.
    @Test func aLogRecordsIndexAndNumbersAreChecked() throws {
        let domain = try String(
            decoding: JSONOutput.encoder().encode(ReportReaderTests.report().domains[1]), as: UTF8.self
        )
        .replacingOccurrences(of: "\n", with: "")
        #expect(try ReportReader.record(Array(#"{"index": 3, "report": \#(domain)}"#.utf8), name: "log").index == 3)
        for (index, reason) in [
            ("9223372036854775807", "index: 9223372036854775807 is out of range (from 0 to 1000000000000)"),
            ("-1", "index: -1 is out of range (from 0 to 1000000000000)"),
        ] {
            #expect {
                _ = try ReportReader.record(Array(#"{"index": \#(index), "report": \#(domain)}"#.utf8), name: "log")
            } throws: { error in
                "\(error)" == reason
            }
        }
        let negative = domain.replacingOccurrences(of: #""findings" : ["#, with: #""findings" : [], "x": [-1"#)
        #expect(negative != domain)
        #expect {
            _ = try ReportReader.record(Array(#"{"index": 0, "report": \#(negative)}"#.utf8), name: "log")
        } throws: { error in
            "\(error)" == "report.x[0]: -1 is negative (from 0 to 1000000000000)"
        }
    }
}
