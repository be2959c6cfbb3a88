import AASA
import Foundation

/// The DAL suite: Google's Digital Asset Links compatibility tests (`android/dal-compat.json`, the web statement
/// list parsing groups 2000-2314 and the include groups 5001-5011) run through `AssetLinksFile`, with included files
/// fed from each group's `web_content`. Google's verdicts must agree; AOSP's verifier is read on the same files and
/// where it answers otherwise by design (it fails the whole host where DAL skips a statement, and it reads a site
/// with a "/" path or a fragment, and malformed fingerprints, that DAL skips) the case is counted apart, with why.
enum DALSuite {
    static func run(_ folder: URL) throws -> SuiteReport {
        guard let data = try readJSON(folder, "android/dal-compat.json") as? [String: Any],
            let groups = data["groups"] as? [[String: Any]]
        else { throw ConformanceError("android/dal-compat.json: no groups") }
        var report = SuiteReport("dal")
        var aospAgree = 0
        var aospDiffers: [String] = []
        for group in groups {
            let name = group["name"] as? String ?? "?"
            let id = String(name.prefix { $0 != ":" })
            let file = group["file"] as? String ?? ""
            guard file.hasPrefix("2000-") || file.hasPrefix("5000-") else { continue }
            let web = (group["web_content"] as? [[String: Any]]) ?? []
            var bodies: [String: [UInt8]] = [:]
            for item in web {
                if let url = item["url"] as? String, let body = item["body"] as? String {
                    bodies[url] = Array(body.utf8)
                }
            }
            let tests =
                ((group["check_statements_tests"] as? [[String: Any]]) ?? []).map { ("check", $0) }
                + ((group["list_statements_tests"] as? [[String: Any]]) ?? []).map { ("list", $0) }
            for (index, (kind, test)) in tests.enumerated() {
                let caseID = "\(id)/\(kind)-\(index)"
                guard group["stub_environment_only"] as? Bool != true,
                    let request = test["request"] as? [String: Any],
                    let site = ((request["source"] as? [String: Any])?["web"] as? [String: Any])?["site"] as? String,
                    let body = bodies[site + AssetLinks.wellKnownPath]
                else {
                    report.notApplicable += 1
                    continue
                }
                let resolve: AssetLinksFile.IncludeResolver = { [bodies] url in bodies[url] }
                let assetLinks = AssetLinksFile(bytes: body)
                let secure = site.lowercased().hasPrefix("https:")
                let google = assetLinks.read(by: .google, secure: secure, resolve: resolve)
                let aosp = assetLinks.read(by: .aosp, resolve: resolve)
                let expectError = (test["outcome"] as? String) == "FETCH_ERROR"
                let expected: String
                let googleSays: String
                let aospSays: String
                if kind == "check" {
                    let relation = request["relation"] as? String ?? ""
                    let target = request["target"] as? [String: Any] ?? [:]
                    expected = "\(((test["response"] as? [Bool])?.first) ?? false)"
                    googleSays = "\(linked(google, relation, target))"
                    aospSays = aosp.hostFailure != nil ? "false" : "\(linked(aosp, relation, target))"
                } else {
                    let relation = request["relation"] as? String
                    expected = expectedList(test["response"]).joined(separator: " ")
                    googleSays = listed(google, relation).joined(separator: " ")
                    aospSays = aosp.hostFailure != nil ? "" : listed(aosp, relation).joined(separator: " ")
                }
                let errorsAgree = google.problems.isEmpty != expectError
                report.record(
                    caseID, agrees: googleSays == expected && errorsAgree,
                    "\(name): expected [\(expected)]\(expectError ? " with an error" : ""), Google reading gives "
                        + "[\(googleSays)] with problems \(google.problems)")
                if aospSays == expected {
                    aospAgree += 1
                } else {
                    aospDiffers.append(
                        "\(caseID): DAL [\(expected)], AOSP [\(aospSays)]: "
                            + (aosp.hostFailure.map { "AOSP fails the whole host: \($0)" }
                                ?? "AOSP reads what DAL skips"))
                }
            }
        }
        print(
            "dal: AOSP's verifier agrees with DAL on \(aospAgree) cases and differs by design on \(aospDiffers.count):")
        for line in aospDiffers { print("  aosp-differs \(line)") }
        return report
    }

    /// Whether `list` links `relation` to the request's target, as DAL's check API answers.
    static func linked(_ list: StatementList, _ relation: String, _ target: [String: Any]) -> Bool {
        let wanted = expectedTargets(target)
        return list.statements.contains { s in
            s.relations.contains(relation) && !wanted.isDisjoint(with: targets(s.target))
        }
    }

    /// Each statement × relation × certificate as `relation|target`, the way DAL's list API answers.
    static func listed(_ list: StatementList, _ relation: String?) -> [String] {
        list.statements.flatMap { s in
            s.relations.filter { relation == nil || $0 == relation }.flatMap { r in
                targets(s.target).map { "\(r)|\($0)" }
            }
        }.sorted()
    }

    static func targets(_ target: AssetTarget) -> Set<String> {
        switch target {
        case .web(let site): ["web:" + site]
        case .app(let package, let fingerprints): Set(fingerprints.map { "app:\(package):\($0)" })
        }
    }

    static func expectedTargets(_ target: [String: Any]) -> Set<String> {
        if let web = target["web"] as? [String: Any], let site = web["site"] as? String {
            var s = site
            if s.hasSuffix(".") { s.removeLast() }
            return ["web:" + s.lowercased()]
        }
        if let app = target["android_app"] as? [String: Any], let package = app["package_name"] as? String,
            let fp = (app["certificate"] as? [String: Any])?["sha256_fingerprint"] as? String
        {
            return ["app:\(package):\(fp)"]
        }
        return []
    }

    static func expectedList(_ response: Any?) -> [String] {
        guard let items = response as? [[String: Any]] else { return [] }
        return items.flatMap { item -> [String] in
            let relation = item["relation"] as? String ?? ""
            return expectedTargets(item["target"] as? [String: Any] ?? [:]).map { "\(relation)|\($0)" }
        }.sorted()
    }
}
