import Crawling
import Foundation

/// The robots suite: every expectation of Google's `robots_test.cc` (as `robotstxt/robots_test.cases.json`) and of the
/// RFC 9309 compliance suite (`robotstxt/spec-test/**/*.textproto`) run through `Robots(parsing:productToken:)` with
/// the case's user agent, then `allows` on the path Google's matcher checks. A case's ID says whether RFC 9309 asks
/// for it (`rfc/…`) or only Google's parser does (`google/…`), and the run prints the two tallies apart.
enum RobotsSuite {
    struct Case {
        let id: String
        let googleOnly: Bool
        let robotstxt: [UInt8]
        let userAgent: [UInt8]
        let url: [UInt8]
        let allowed: Bool
    }

    static func run(_ folder: URL) throws -> SuiteReport {
        let root = folder.appendingPathComponent("robotstxt")
        let cases = try robotsTestCases(root) + specTestCases(root)
        var report = SuiteReport("robots")
        var tally: [Bool: (agree: Int, total: Int)] = [false: (0, 0), true: (0, 0)]
        for test in cases {
            let path = pathParamsQuery(test.url)
            let robots = Robots(
                parsing: test.robotstxt, productToken: String(decoding: test.userAgent, as: UTF8.self))
            let allowed = robots.allows(String(decoding: path, as: UTF8.self))
            let agrees = allowed == test.allowed
            tally[test.googleOnly, default: (0, 0)].total += 1
            if agrees { tally[test.googleOnly, default: (0, 0)].agree += 1 }
            report.record(test.id, agrees: agrees, detail(test, path: path, allowed: allowed))
        }
        let rfc = tally[false] ?? (0, 0)
        let google = tally[true] ?? (0, 0)
        print(
            "robots: RFC 9309 cases \(rfc.agree) of \(rfc.total) agree; "
                + "Google-specific cases \(google.agree) of \(google.total) agree")
        return report
    }

    static func detail(_ test: Case, path: [UInt8], allowed: Bool) -> String {
        func quoted(_ bytes: [UInt8], limit: Int = 300) -> String {
            let text = bytes.prefix(limit).map { byte -> String in
                switch byte {
                case 0x0A: return "\\n"
                case 0x0D: return "\\r"
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): return "\\" + String(Character(Unicode.Scalar(byte)))
                case 0x20..<0x7F: return String(Character(Unicode.Scalar(byte)))
                default: return "\\x" + String(format: "%02X", byte)
                }
            }
            return "\"" + text.joined() + (bytes.count > limit ? "…" : "") + "\""
        }
        let verdict = { (allowed: Bool) in allowed ? "allowed" : "disallowed" }
        return "expected \(verdict(test.allowed)), got \(verdict(allowed)) for user agent \(quoted(test.userAgent)), "
            + "URL \(quoted(test.url)) (path \(quoted(path))), robots.txt \(quoted(test.robotstxt))"
    }

    /// robots_test.cases.json: `{test, robotstxt, useragent, url, allowed, google_only}`, byte strings as latin-1
    /// code points (each character one byte). IDs: `rfc/robots_test#INDEX.TEST` (the case's place in the file).
    static func robotsTestCases(_ root: URL) throws -> [Case] {
        let file = "robots_test.cases.json"
        guard let object = try readJSON(root, file) as? [String: Any], let cases = object["cases"] as? [[String: Any]]
        else { throw ConformanceError("robotstxt/\(file) has no \"cases\" list") }
        return try cases.enumerated().map { index, entry in
            func bytes(_ key: String) throws -> [UInt8] {
                guard let text = entry[key] as? String else {
                    throw ConformanceError("robotstxt/\(file): case \(index) has no \"\(key)\" string")
                }
                return try text.unicodeScalars.map { scalar in
                    guard scalar.value < 256 else {
                        throw ConformanceError(
                            "robotstxt/\(file): case \(index) \(key) holds U+\(scalar.value), no byte")
                    }
                    return UInt8(scalar.value)
                }
            }
            guard let test = entry["test"] as? String, let allowed = entry["allowed"] as? Bool,
                let googleOnly = entry["google_only"] as? Bool
            else { throw ConformanceError("robotstxt/\(file): case \(index) lacks test, allowed or google_only") }
            return Case(
                id: "\(googleOnly ? "google" : "rfc")/robots_test#\(index).\(test)", googleOnly: googleOnly,
                robotstxt: try bytes("robotstxt"), userAgent: try bytes("useragent"), url: try bytes("url"),
                allowed: allowed)
        }
    }

    /// spec-test/{correctness,stress}/*.textproto, each `tests { robotstxt, test_expectations { testurl, useragent,
    /// expected_outcome, test_type } }`. IDs: `rfc/spec-test/FOLDER/NAME#TEST.EXPECTATION` (places in the file);
    /// `test_type: GOOGLE_SPECIFIC` makes it `google/…`.
    static func specTestCases(_ root: URL) throws -> [Case] {
        let base = root.appendingPathComponent("spec-test")
        var cases: [Case] = []
        for folder in ["correctness", "stress"] {
            let directory = base.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
                throw ConformanceError("\(directory.path) cannot be read: pass the folder laid out as the data is")
            }
            for name in names.filter({ $0.hasSuffix(".textproto") }).sorted() {
                let path = directory.appendingPathComponent(name).path
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ConformanceError("\(path) cannot be read")
                }
                let stem = "\(folder)/\(name.dropLast(".textproto".count))"
                cases += try specTestCases(RobotsTextProto.parse(Array(data), file: path), stem: stem, file: path)
            }
        }
        return cases
    }

    static func specTestCases(_ fields: [RobotsTextProto.Field], stem: String, file: String) throws -> [Case] {
        func string(_ fields: [RobotsTextProto.Field], _ name: String) -> [UInt8]? {
            for field in fields where field.name == name { if case .string(let bytes) = field.value { return bytes } }
            return nil
        }
        func scalar(_ fields: [RobotsTextProto.Field], _ name: String) -> String? {
            for field in fields where field.name == name { if case .scalar(let word) = field.value { return word } }
            return nil
        }
        var cases: [Case] = []
        let tests = fields.compactMap { field -> [RobotsTextProto.Field]? in
            guard field.name == "tests", case .message(let inner) = field.value else { return nil }
            return inner
        }
        for (testIndex, test) in tests.enumerated() {
            guard let robotstxt = string(test, "robotstxt") else {
                throw ConformanceError("\(file): test \(testIndex) has no robotstxt string")
            }
            let expectations = test.compactMap { field -> [RobotsTextProto.Field]? in
                guard field.name == "test_expectations", case .message(let inner) = field.value else { return nil }
                return inner
            }
            for (index, expectation) in expectations.enumerated() {
                guard let url = string(expectation, "testurl"), let agent = string(expectation, "useragent"),
                    let outcome = scalar(expectation, "expected_outcome"), ["ALLOWED", "DISALLOWED"].contains(outcome)
                else {
                    throw ConformanceError(
                        "\(file): test \(testIndex) expectation \(index) lacks testurl, useragent or an "
                            + "expected_outcome of ALLOWED or DISALLOWED")
                }
                let googleOnly = scalar(expectation, "test_type") == "GOOGLE_SPECIFIC"
                cases.append(
                    Case(
                        id: "\(googleOnly ? "google" : "rfc")/spec-test/\(stem)#\(testIndex).\(index)",
                        googleOnly: googleOnly, robotstxt: robotstxt, userAgent: agent, url: url,
                        allowed: outcome == "ALLOWED"))
            }
        }
        return cases
    }

    /// What Google's matcher checks of a URL (robots.cc `GetPathParamsQuery`): the path with its params and query,
    /// without scheme, authority or fragment, starting with "/" ("/" when there is none). The bytes as given: like
    /// Google, no percent-encoding happens here.
    static func pathParamsQuery(_ url: [UInt8]) -> [UInt8] {
        let pathStarts: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: ";")]
        // Two leading slashes start an authority, not a path.
        let searchStart = url.starts(with: "//".utf8) ? 2 : 0
        let earlyPath = url[searchStart...].firstIndex(where: pathStarts.contains)
        var protocolEnd = firstIndex(of: Array("://".utf8), in: url, from: searchStart)
        // A path, params or query before "://" means the "://" is not the scheme's.
        if let early = earlyPath, let end = protocolEnd, early < end { protocolEnd = nil }
        let afterProtocol = protocolEnd.map { $0 + 3 } ?? searchStart
        guard let pathStart = url[afterProtocol...].firstIndex(where: pathStarts.contains) else {
            return Array("/".utf8)
        }
        let hash = url[searchStart...].firstIndex(of: UInt8(ascii: "#"))
        if let hash, hash < pathStart { return Array("/".utf8) }
        let path = Array(url[pathStart..<(hash ?? url.endIndex)])
        return path.first == UInt8(ascii: "/") ? path : Array("/".utf8) + path
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
