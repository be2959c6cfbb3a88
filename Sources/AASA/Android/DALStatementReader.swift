/// One statement as Google's Digital Asset Links reads it (the DAL API, and by its documentation Play services'
/// verifier on Android 12+ devices with Google Play).
///
/// An invalid statement is skipped and the rest of the list still counts (compatibility test 2003); values of
/// fields DAL does not know are ignored (2005). Certificate fingerprints must be 32 upper-case colon-hex bytes
/// (2310-2314), a site only scheme, host and port, without even a `/` (2210-2215), and an `include` may not sit
/// beside `target` or `relation` (2004).
/// - SeeAlso: github.com/google/digitalassetlinks `well-known/details.md` and
///   `compatibility-tests/v1/2000-web-statement-list-parsing` (commit `d893749ee3c84b31f72b552a7ed333789c3235d3`).
enum DALStatementReader {
    static func read(_ node: JSONNode) -> StatementReading {
        guard node.members != nil else {
            return .skipped(StatementProblem("the statement is \(node.typeName), not an object", at: node))
        }
        if let include = node["include"] {
            if node["target"] != nil || node["relation"] != nil {
                return .skipped(
                    StatementProblem(
                        "an \"include\" statement may not also have \"target\" or \"relation\"", at: include))
            }
            guard let url = include.string else {
                return .skipped(StatementProblem("\"include\" is \(include.typeName), not a URL string", at: include))
            }
            return .include(IncludeDirective(url: url, node: include))
        }
        guard let target = node["target"] else {
            return .skipped(StatementProblem("it has no \"target\"", at: node))
        }
        guard target.members != nil else {
            return .skipped(StatementProblem("\"target\" is \(target.typeName), not an object", at: target))
        }
        guard let relation = node["relation"] else {
            return .skipped(StatementProblem("it has no \"relation\" array", at: node))
        }
        guard let relations = relation.elements else {
            return .skipped(StatementProblem("\"relation\" is \(relation.typeName), not an array", at: relation))
        }
        let asset: AssetTarget
        switch readTarget(target) {
        case .success(let a): asset = a
        case .failure(let p): return .skipped(p)
        }
        var names: [String] = []
        for item in relations {
            guard let text = item.string else {
                return .skipped(StatementProblem("a relation is \(item.typeName), not a string", at: item))
            }
            if let problem = RelationString.problem(text) {
                return .skipped(StatementProblem("relation \(JSONNode.quote(text)) is malformed: \(problem)", at: item))
            }
            names.append(text)
        }
        return .statement(ReadStatement(relations: names, target: asset))
    }

    static func readTarget(_ target: JSONNode) -> Result<AssetTarget, StatementProblem> {
        guard let namespaceNode = target["namespace"], let namespace = namespaceNode.string else {
            return .failure(
                StatementProblem("the target has no \"namespace\" string", at: target["namespace"] ?? target))
        }
        switch namespace {
        case "android_app":
            guard let packageNode = target["package_name"], let package = packageNode.string else {
                return .failure(
                    StatementProblem("the app has no \"package_name\" string", at: target["package_name"] ?? target))
            }
            if let problem = PackageName.problem(package), !problem.hasPrefix("it has no dot") {
                return .failure(
                    StatementProblem("package name \(JSONNode.quote(package)) is invalid: \(problem)", at: packageNode))
            }
            guard let certsNode = target["sha256_cert_fingerprints"] else {
                return .failure(StatementProblem("the app has no \"sha256_cert_fingerprints\"", at: target))
            }
            guard let certs = certsNode.elements else {
                return .failure(
                    StatementProblem(
                        "\"sha256_cert_fingerprints\" is \(certsNode.typeName), not an array", at: certsNode))
            }
            if certs.isEmpty {
                return .failure(
                    StatementProblem("\"sha256_cert_fingerprints\" must list at least one certificate", at: certsNode))
            }
            var fingerprints: [String] = []
            for cert in certs {
                guard let text = cert.string, CertificateFingerprint.isWellFormed(text) else {
                    return .failure(
                        StatementProblem(
                            "fingerprint \(cert.jsonText) is malformed (32 upper-case hex bytes joined by colons)",
                            at: cert))
                }
                fingerprints.append(text)
            }
            return .success(.app(package: package, fingerprints: fingerprints))
        case "web":
            guard let siteNode = target["site"], let site = siteNode.string else {
                return .failure(StatementProblem("the web target has no \"site\" string", at: target["site"] ?? target))
            }
            if let problem = siteProblem(site) {
                return .failure(StatementProblem("site \(JSONNode.quote(site)) \(problem)", at: siteNode))
            }
            return .success(.web(site: SiteURL(site)!.origin))
        default:
            return .failure(
                StatementProblem(
                    "namespace \(JSONNode.quote(namespace)) is neither \"android_app\" nor \"web\"", at: namespaceNode))
        }
    }

    /// Why DAL rejects `site` (compatibility tests 2206-2216), or nil.
    static func siteProblem(_ site: String) -> String? {
        guard let url = SiteURL(site), !url.host.isEmpty else { return "is not a URL" }
        guard case .some = url.portNumber else { return "has an invalid port" }
        if !url.isHTTP { return "is not http or https" }
        if url.userInfo != nil { return "has login information" }
        if url.query != nil { return "has query parameters" }
        if url.fragment != nil { return "has a fragment identifier" }
        if !url.path.isEmpty { return "has a path (even \"/\"): only scheme, host and port are allowed" }
        return nil
    }
}
