import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// The subset of JSON Schema (2020-12) that Schemas/report.schema.json uses: type (with null), required,
/// properties, items, enum, const, oneOf, pattern; and what Schemas/config.schema.json adds, additionalProperties
/// (false) and minLength. Small enough to read, strict enough to fail.
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
            if schema["additionalProperties"] as? Bool == false {
                let known = (schema["properties"] as? [String: Any] ?? [:]).keys
                for key in object.keys where !known.contains(key) { errors.append("\(path): unexpected \(key)") }
            }
        }
        if let minimum = schema["minLength"] as? Int, let text = value as? String, text.count < minimum {
            errors.append("\(path): shorter than \(minimum)")
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
            ] + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout])
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

    /// URL rows judged for Android (`--android-manifest`), as report.json writes them: every Android member
    /// described, with its types (null where unknown or missing).
    @Test func androidURLRowsSatisfyTheSchema() throws {
        let domainSchema = try #require((Self.schema["properties"] as? [String: Any])?["domains"] as? [String: Any])
        let rowSchema = try #require(
            (((domainSchema["items"] as? [String: Any])?["properties"] as? [String: Any])?["urls"] as? [String: Any])?[
                "items"] as? [String: Any])
        let described = Set((rowSchema["properties"] as? [String: Any] ?? [:]).keys)
        let answers: [URLReport.Android] = [
            .init(opens: true, package: "com.acme.shop", rule: "intent-filter AndroidManifest.xml:8"),
            .init(opens: false, package: nil, rule: nil),
            .init(opens: nil, package: "com.acme.shop", rule: nil, unknownReason: "not read"),
        ]
        for android in answers {
            let row = URLReport(
                url: "https://shop.test/a", foundOn: nil, httpStatus: 200, verdicts: [], opensApp: nil,
                note: "Android 14 and lower ignore dynamic rules: there the app opens this URL.", android: android)
            let object = try #require(
                try JSONSerialization.jsonObject(with: try JSONOutput.encoder().encode(row)) as? [String: Any])
            var validator = SchemaValidator()
            validator.validate(object, rowSchema)
            #expect(validator.errors.isEmpty, "\(validator.errors)")
            #expect(Set(object.keys).subtracting(described).isEmpty, "urls[] members the schema does not describe")
            #expect(object.keys.contains("opensAndroid") && object.keys.contains("androidUnknownReason"))
        }
    }

    /// Findings silenced by ignore entries, and an entry that matched nothing, as report.json writes them.
    @Test func suppressedFindingsAndUnusedIgnoresSatisfyTheSchema() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-schema-\(UUID().uuidString)")
        let result = try await Binary.run(
            [
                "audit", "otherapp.aasa.test", "--ignore", "rule-captures-sensitive", "--ignore", "tls-expired@x.test",
                "--out", out.path, "--no-config",
            ] + Self.server.auditArguments + ["--timeout", "15"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var validator = SchemaValidator()
        validator.validate(report, Self.schema)
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(10))")
        let properties = try #require(Self.schema["properties"] as? [String: Any])
        let findingSchema = try #require(
            ((((properties["domains"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
                as? [String: Any])?["findings"] as? [String: Any])?["items"] as? [String: Any])
        let described = Set((findingSchema["properties"] as? [String: Any] ?? [:]).keys)
        let findings = (report["domains"] as? [[String: Any]] ?? []).flatMap {
            $0["findings"] as? [[String: Any]] ?? []
        }
        #expect(findings.contains { $0["suppressed"] as? Bool == true })
        #expect(Set(findings.flatMap(\.keys)).subtracting(described).isEmpty, "finding members the schema lacks")
        #expect((report["summary"] as? [String: Any])?["suppressed"] as? Int == 1)
        #expect((report["unusedIgnores"] as? [[String: Any]])?.first?["domain"] as? String == "x.test")
    }

    static var configSchema: [String: Any] {
        let data = try! Data(contentsOf: Binary.root.appendingPathComponent("Schemas/config.schema.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// The config schema describes what the tool reads: a file the binary accepts passes, and what it refuses
    /// fails.
    @Test(arguments: [
        (
            #"{"$schema": "s", "ignore": [{"check": "redirect", "domain": "*.a.com", "pointer": "/a~1b", "reason": "r"}]}"#,
            true
        ),
        (#"{"ignore": []}"#, true),
        (#"{"ignores": []}"#, false),
        (#"{"ignore": [{"check": "redirect"}]}"#, false),
        (#"{"ignore": [{"check": "redirect", "reason": ""}]}"#, false),
        (#"{"ignore": [{"check": "redirect", "reason": "r", "domian": "a.com"}]}"#, false),
        (#"{"ignore": [{"check": "redirect", "reason": "r", "pointer": "a"}]}"#, false),
        (#"{"ignore": [{"check": "redirect", "reason": "r", "domain": "https://a.com"}]}"#, false),
    ])
    func theConfigSchemaAgreesWithTheTool(_ text: String, _ valid: Bool) async throws {
        var validator = SchemaValidator()
        validator.validate(try JSONSerialization.jsonObject(with: Data(text.utf8)), Self.configSchema)
        #expect(validator.errors.isEmpty == valid, "\(validator.errors)")
        let config = try Binary.write(text, name: "config.json")
        let clean = try Binary.write(#"{"applinks": {"details": []}}"#)
        let result = try await Binary.run(["check", clean.path, "--config", config.path])
        #expect((result.status != 2) == valid, "\(result.stderr)")
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
