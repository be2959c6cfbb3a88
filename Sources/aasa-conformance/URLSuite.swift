import AASA
import Foundation

/// The url suite: every case of the WHATWG URL tests (`url/urltestdata.json`) through `WebURL.parse`, compared on
/// the URL API's getters (`href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`,
/// `search`, `hash`) or on the failure it expects. A base that fails to parse makes the case expect failure.
enum URLSuite {
    static func run(_ folder: URL) throws -> SuiteReport {
        guard let cases = try readJSON(folder, "url/urltestdata.json") as? [Any] else {
            throw ConformanceError("url/urltestdata.json is not a JSON array")
        }
        var report = SuiteReport("url")
        for (index, item) in cases.enumerated() {
            guard let test = item as? [String: Any], let input = test["input"] as? String else { continue }
            let id = caseID(index, input)
            let outcome = parse(input, base: test["base"] as? String)
            if test["failure"] as? Bool == true {
                if case .success(let url) = outcome {
                    report.record(id, agrees: false, "expected failure, got \(url.href)")
                } else {
                    report.record(id, agrees: true, "")
                }
                continue
            }
            switch outcome {
            case .failure(let failure):
                report.record(id, agrees: false, "expected \(test["href"] ?? "?"), failed: \(failure.reason)")
            case .success(let url):
                let got = getters(url)
                let differing = got.filter { key, value in (test[key] as? String) != value }.keys.sorted()
                report.record(
                    id, agrees: differing.isEmpty,
                    differing.map { "\($0) expected \(quoted(test[$0] as? String)), got \(quoted(got[$0]))" }
                        .joined(separator: "; "))
            }
        }
        return report
    }

    /// The base first, as a page's URL would be; a base that is no URL fails the case.
    static func parse(_ input: String, base: String?) -> Result<WebURL, WebURL.Failure> {
        guard let base else { return WebURL.parse(input) }
        switch WebURL.parse(base) {
        case .success(let baseURL): return WebURL.parse(input, base: baseURL)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// What the URL API's getters return for `url`.
    static func getters(_ url: WebURL) -> [String: String] {
        let port = url.port.map(String.init) ?? ""
        return [
            "href": url.href, "protocol": url.scheme + ":", "username": url.username, "password": url.password,
            "host": url.hostname + (port.isEmpty ? "" : ":" + port), "hostname": url.hostname, "port": port,
            "pathname": url.pathname, "search": url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "",
            "hash": url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "",
        ]
    }

    /// The case's index in the file and its input, with spaces, controls and non-ASCII written as `\u{…}` and cut at
    /// 40 characters: stable across runs, one word for the allow-list.
    static func caseID(_ index: Int, _ input: String) -> String {
        var short = ""
        for scalar in input.unicodeScalars.prefix(40) {
            if scalar.value > 0x20 && scalar.value < 0x7F && scalar != "\\" {
                short.unicodeScalars.append(scalar)
            } else {
                short += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        if input.unicodeScalars.count > 40 { short += "…" }
        return "\(index):\(short)"
    }

    static func quoted(_ text: String?) -> String {
        guard let text else { return "nothing" }
        return "\""
            + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : $0.escaped(asASCII: true) }
            .joined() + "\""
    }
}
