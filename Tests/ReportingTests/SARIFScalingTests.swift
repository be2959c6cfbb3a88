import AASA
import Foundation
import Reporting
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

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    static var timingMeaningful: Bool {
        #if DEBUG
            return false
        #else
            return ProcessInfo.processInfo.environment["AASA_SANITIZER"] == nil
        #endif
    }

    @Test(.enabled(if: timingMeaningful, "time is measured in release builds only"))
    func sarifIsLinearInTheFindings() throws {
        let few = Self.findings(2_000)
        let many = Self.findings(8_000)
        let t1 = try Self.seconds { _ = try SARIFReport.render(file: "f", findings: few, version: "0") }
        let t4 = try Self.seconds { _ = try SARIFReport.render(file: "f", findings: many, version: "0") }
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
