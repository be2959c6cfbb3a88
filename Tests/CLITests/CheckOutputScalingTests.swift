import AASA
import Audit
import Foundation
import TestSupport
import Testing

@testable import AuditCLI

/// A one-line (minified) file with one finding per rule, and the time to render them, for linearity tests.
enum OneLineFindings {
    static func file(_ count: Int) -> (DecodedFile, [Finding]) {
        var text = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": ["#
        var findings: [Finding] = []
        for i in 0..<count {
            if i > 0 { text += ", " }
            let rule = #"{"/": "/p\#(i)/*", "#
            // The column of the unknown key's opening quote (the text is ASCII, so characters are bytes).
            let column = text.count + rule.count + 1
            findings.append(
                Finding(
                    id: "unknown-key", severity: .warning, message: "Unknown key \"x\" in a component.",
                    location: FindingLocation(
                        pointer: "/applinks/details/0/components/\(i)/x", line: 1, column: column),
                    why: "Because.", hint: "Remove it."))
            text += rule + #""x": 1}"#
        }
        return (DecodedFile(bytes: Array((text + "]}]}}").utf8)), findings)
    }
}

@Suite struct CheckOutputScalingTests {
    /// The printer used to split the whole line again for every finding on it: 377 s for a 128 KiB line.
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func textOutputIsLinearInTheFindings() {
        let (small, few) = OneLineFindings.file(1_000)
        let (large, many) = OneLineFindings.file(4_000)
        let t1 = Timing.bestOfThree {
            _ = FindingPrinter(terminal: Terminal(colour: false), file: small, name: "f").render(few, apps: [])
        }
        let t4 = Timing.bestOfThree {
            _ = FindingPrinter(terminal: Terminal(colour: false), file: large, name: "f").render(many, apps: [])
        }
        #expect(t4 < 8 * t1 + 0.05, "1,000 findings: \(t1) s; 4,000: \(t4) s (linear is about 4 times)")
    }

    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func jsonOutputIsLinearInTheFindings() throws {
        let (_, few) = OneLineFindings.file(2_000)
        let (_, many) = OneLineFindings.file(8_000)
        func output(_ findings: [Finding]) -> CheckCommand.Output {
            CheckCommand.Output(file: "f", signed: false, signer: nil, apps: [], findings: findings)
        }
        let t1 = try Timing.bestOfThree { _ = try JSONOutput.text(output(few)) }
        let t4 = try Timing.bestOfThree { _ = try JSONOutput.text(output(many)) }
        #expect(t4 < 8 * t1 + 0.05, "2,000 findings: \(t1) s; 8,000: \(t4) s (linear is about 4 times)")
    }

    /// The quoted window still lands on the finding's column after the line is split once.
    @Test func eachFindingQuotesItsOwnColumn() {
        let (file, findings) = OneLineFindings.file(50)
        let text = FindingPrinter(terminal: Terminal(colour: false), file: file, name: "f").render(findings, apps: [])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("      1 | ") {
            let caret = lines[index + 1]
            guard let column = caret.firstIndex(of: "^") else { continue }
            let offset = caret.distance(from: caret.startIndex, to: column)
            let quoted = Array(line)
            // The caret sits under the `"` that opens the unknown key "x".
            #expect(quoted[offset] == "\"" && quoted[offset + 1] == "x", "\(line)\n\(caret)")
            checked += 1
        }
        #expect(checked == 50)
    }
}
