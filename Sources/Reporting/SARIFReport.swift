import AASA
import Audit
import Foundation

/// `check --format sarif`: SARIF 2.1.0 with rule metadata from the catalogue, so code scanning annotates the file.
public enum SARIFReport {
    public static func render(file: String, findings: [Finding], version: String) throws -> String {
        func level(_ s: Severity) -> String { s == .error ? "error" : s == .warning ? "warning" : "note" }
        let rules: [[String: Any]] = Catalogue.descriptions.map { d in
            [
                "id": d.id, "name": d.id, "shortDescription": ["text": d.summary],
                "fullDescription": ["text": d.rationale],
                "helpUri": d.reference, "defaultConfiguration": ["level": level(d.severity)],
            ]
        }
        let results: [[String: Any]] = findings.map { f in
            var region: [String: Any] = [:]
            if let line = f.location.line { region["startLine"] = line }
            if let column = f.location.column { region["startColumn"] = column }
            var physical: [String: Any] = ["artifactLocation": ["uri": file]]
            if !region.isEmpty { physical["region"] = region }
            var result: [String: Any] = [
                "ruleId": f.id, "level": level(f.severity),
                "message": ["text": "\(f.message) Why: \(f.why) Fix: \(f.hint)"],
                "locations": [["physicalLocation": physical]],
            ]
            if let pointer = f.location.pointer { result["properties"] = ["jsonPointer": pointer] }
            // SARIF's own way to say a result was silenced outside the code (a config file or the command line):
            // code scanning shows it as dismissed instead of opening an alert.
            if f.isSuppressed {
                result["suppressions"] = [
                    ["kind": "external", "status": "accepted", "justification": f.suppressedReason ?? ""]
                ]
            }
            return result
        }
        let sarif: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "aasa-audit", "version": version, "informationUri": "https://github.com/aasa-audit",
                            "rules": rules,
                        ]
                    ],
                    "results": results,
                ]
            ],
        ]
        let data = try JSONSerialization.data(
            withJSONObject: sarif, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
