import AASA
import Foundation
import Reporting
import TestSupport
import Testing

/// `check --format sarif` is linear in the number of findings.
@Suite struct SARIFScalingTests {
    static func findings(_ count: Int) -> [Finding] {
        (0..<count).map { i in
            Finding(
                id: "unknown-key", severity: .warning, message: "Unknown key \"x\" in a component.",
                location: FindingLocation(
                    pointer: "/applinks/details/0/components/\(i)/x", line: 1, column: 20 * i + 1),
                why: "Because.", hint: "Remove it.")
        }
    }

    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func sarifIsLinearInTheFindings() throws {
        let few = Self.findings(2_000)
        let many = Self.findings(8_000)
        let t1 = try Timing.bestOfThree { _ = try SARIFReport.render(file: "f", findings: few, version: "0") }
        let t4 = try Timing.bestOfThree { _ = try SARIFReport.render(file: "f", findings: many, version: "0") }
        #expect(t4 < 8 * t1 + 0.05, "2,000 findings: \(t1) s; 8,000: \(t4) s (linear is about 4 times)")
    }

    /// A truncation finding is a SARIF result like any other, its counts in its message.
    @Test func aTruncationIsAResult() throws {
        var sink = FindingSink(limit: 1)
        for i in 0..<3 {
            sink.add(UnknownKey.description, at: nil, pointer: "/\(i)", "Unknown.", why: "Because.", fix: "Fix.")
        }
        let text = try SARIFReport.render(file: "f", findings: sink.findings, version: "0")
        #expect(text.contains(#""ruleId" : "findings-truncated""#))
        #expect(text.contains("unknown-key raised 2 more findings in this file (2 warnings)"))
    }
}
