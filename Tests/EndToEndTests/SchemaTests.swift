import Foundation
import TestSupport
import Testing

/// The subset of JSON Schema (2020-12) that Schemas/report.schema.json uses: type (with null), required,
/// properties, items, enum, const, oneOf, pattern. Small enough to read, strict enough to fail.
struct SchemaValidator {
    var errors: [String] = []

    mutating func validate(_ value: Any, _ schema: [String: Any], at path: String = "$") {
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            let matching = alternatives.filter { alternative in
                var probe = SchemaValidator()
                probe.validate(value, alternative, at: path)
                return probe.errors.isEmpty
            }
            if matching.count != 1 { errors.append("\(path): matches \(matching.count) of oneOf") }
            return
        }
        if let constant = schema["const"] {
            if "\(constant)" != "\(value)" { errors.append("\(path): not \(constant)") }
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { "\($0)" == "\(value)" }) {
            errors.append("\(path): \(value) not in \(options)")
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            if !types.contains(where: { Self.isType(value, $0) }) { errors.append("\(path): not \(types)") }
        }
        if let pattern = schema["pattern"] as? String, let text = value as? String,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            errors.append("\(path): \(text) does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                errors.append("\(path): missing \(key)")
            }
            for (key, sub) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                if let child = object[key] { validate(child, sub, at: "\(path).\(key)") }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (i, item) in array.enumerated() { validate(item, items, at: "\(path)[\(i)]") }
        }
    }

    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c" || type(of: value) == Bool.self
    }

    static func isType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "integer":
            return !isBoolean(value) && (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } == true
        case "number": return value is NSNumber && !isBoolean(value)
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }
}

@Suite struct SchemaTests {
    static let server = FixtureServer.shared
    static var schema: [String: Any] {
        let data = try! Data(contentsOf: Binary.root.appendingPathComponent("Schemas/report.schema.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test func writtenReportsSatisfyTheCommittedSchema() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-schema-\(UUID().uuidString)")
        let result = try await Binary.run(
            [
                "audit", "shop.aasa.test", "expired.aasa.test", "refused.aasa.test", "redirect.aasa.test", "--crawl",
                "--max-pages", "40",
                "--entitlements",
                Binary.root.appendingPathComponent("Tests/Fixtures/entitlements/App.entitlements").path,
                "--out", out.path,
            ] + Self.server.auditArguments + ["--timeout", "3"])
        #expect(result.status == 1)
        let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let report = try JSONSerialization.jsonObject(with: data)
        var validator = SchemaValidator()
        validator.validate(report, Self.schema)
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(10))")
        // Each member a URL row carries is described: the schema allows members it does not list, so the
        // validation alone would not notice a new one missing.
        let domains = try #require((report as? [String: Any])?["domains"] as? [[String: Any]])
        let rows = domains.flatMap { $0["urls"] as? [[String: Any]] ?? [] }
        #expect(!rows.isEmpty)
        let domainSchema = try #require((Self.schema["properties"] as? [String: Any])?["domains"] as? [String: Any])
        let urlsSchema = try #require(
            ((domainSchema["items"] as? [String: Any])?["properties"] as? [String: Any])?["urls"] as? [String: Any])
        let described = Set(((urlsSchema["items"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
        let written = Set(rows.flatMap(\.keys))
        #expect(written.subtracting(described).isEmpty, "urls[] members the schema does not describe")
        #expect(written.isSuperset(of: ["opens", "apps", "rule", "ruleLocation"]))
    }

    @Test func theValidatorRejectsAReportMissingFields() async throws {
        var validator = SchemaValidator()
        validator.validate(
            ["schemaVersion": 2, "domains": [["domain": "x", "verdict": "maybe"]]] as [String: Any], Self.schema)
        #expect(validator.errors.contains { $0.contains("missing tool") })
        #expect(validator.errors.contains { $0.contains("not 1") })
        #expect(validator.errors.contains { $0.contains("maybe not in") })
    }
}
