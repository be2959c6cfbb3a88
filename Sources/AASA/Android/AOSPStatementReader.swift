/// One statement as AOSP's open verifier reads it (Android 12+ `StatementService`, used where Google Play services
/// is not the verification agent).
///
/// `StatementParser.parseOneStatement` first turns the statement into a `JSONObject` with `JsonParser.parse`, which
/// throws on a number or `null` anywhere and on a boolean inside an array; then an `include` wins over everything
/// else; a missing `target` object or `relation` array skips the statement; then `AssetFactory.create` throws on a
/// missing or unknown namespace, an empty `package_name` or fingerprint list, and a `site` that is not an http(s)
/// URL of scheme, host and port only, and `Relation.create` throws on a malformed relation. A throw leaves
/// `parseStatementList`, so `DomainVerifier.verifyHost` records `FAILURE_UNKNOWN` for the host and every app.
/// - SeeAlso: aosp-mirror/platform_frameworks_base `packages/StatementService/src/com/android/statementservice/`:
///   `network/retriever/StatementParser.kt` and `retriever/JsonParser.java` (05f31ae6d9faad1581ff6f457e6faa84529d003a),
///   `retriever/AssetFactory.java` (391da039ef02f701f586e0493c4445f1270eaa0c), `retriever/WebAsset.java`
///   (1bb54921f33b1cd8e1665cd855702ee559e60139), `retriever/AndroidAppAsset.java`
///   (2aef2f4e304478215832d3f96ae097c60279888c), `retriever/Relation.java` (65eb01dfe83d587c2cd8c97accd67cd365ba6b20).
enum AOSPStatementReader {
    static func read(_ node: JSONNode) -> StatementReading {
        guard node.members != nil else {
            // JsonReader.beginObject throws IllegalStateException.
            return .failsHost(StatementProblem("the statement is \(node.typeName), not an object", at: node))
        }
        if let bad = unsupportedValue(in: node) {
            return .failsHost(
                StatementProblem(
                    "\(bad.typeName) value (AOSP's parser accepts only strings, objects, arrays and, outside "
                        + "arrays, booleans)", at: bad))
        }
        // optString: any non-empty value text is taken as the URL.
        if let include = node["include"], let url = javaString(include), !url.isEmpty {
            return .include(IncludeDirective(url: url, node: include))
        }
        guard let target = node["target"], target.members != nil else {
            return .skipped(StatementProblem("it has no \"target\" object", at: node["target"] ?? node))
        }
        guard let relation = node["relation"], let relations = relation.elements else {
            return .skipped(StatementProblem("it has no \"relation\" array", at: node["relation"] ?? node))
        }
        let asset: AssetTarget
        switch readTarget(target) {
        case .success(let a): asset = a
        case .failure(let p): return .failsHost(p)
        }
        var names: [String] = []
        for item in relations {
            let text = javaString(item) ?? ""
            if let problem = RelationString.problem(text) {
                return .failsHost(
                    StatementProblem("relation \(JSONNode.quote(text)) is malformed: \(problem)", at: item))
            }
            names.append(text)
        }
        return .statement(ReadStatement(relations: names, target: asset))
    }

    /// The first number or null anywhere, or boolean inside an array (JsonParser.parse and parseArray).
    static func unsupportedValue(in node: JSONNode, inArray: Bool = false) -> JSONNode? {
        switch node.value {
        case .number, .null: return node
        case .bool: return inArray ? node : nil
        case .string: return nil
        case .object(let members):
            for m in members { if let bad = unsupportedValue(in: m.value) { return bad } }
            return nil
        case .array(let items):
            for item in items { if let bad = unsupportedValue(in: item, inArray: true) { return bad } }
            return nil
        }
    }

    /// What org.json's `optString`/`getString` give for a value: strings as they are, anything else as its JSON text.
    static func javaString(_ node: JSONNode) -> String? {
        if let s = node.string { return s }
        if case .bool(let b) = node.value { return b ? "true" : "false" }
        return node.jsonText
    }

    static func readTarget(_ target: JSONNode) -> Result<AssetTarget, StatementProblem> {
        guard let namespaceNode = target["namespace"] else {
            return .failure(StatementProblem("the target has no \"namespace\"", at: target))
        }
        let namespace = javaString(namespaceNode) ?? ""
        switch namespace {
        case "android_app":
            let package = target["package_name"].flatMap(javaString) ?? ""
            if package.isEmpty {
                return .failure(
                    StatementProblem(
                        "the app's \"package_name\" is missing or empty", at: target["package_name"] ?? target))
            }
            guard let certs = target["sha256_cert_fingerprints"]?.elements, !certs.isEmpty else {
                return .failure(
                    StatementProblem(
                        "\"sha256_cert_fingerprints\" is missing, empty or not an array",
                        at: target["sha256_cert_fingerprints"] ?? target))
            }
            return .success(.app(package: package, fingerprints: certs.map { javaString($0) ?? "" }))
        case "web":
            let siteNode = target["site"]
            let site = siteNode.flatMap(javaString) ?? ""
            if site.isEmpty {
                return .failure(
                    StatementProblem("the web target's \"site\" is missing or empty", at: siteNode ?? target))
            }
            guard let url = SiteURL(site), case .some = url.portNumber else {
                return .failure(StatementProblem("site \(JSONNode.quote(site)) is not a URL", at: siteNode!))
            }
            guard url.isHTTP else {
                return .failure(StatementProblem("site \(JSONNode.quote(site)) is not http or https", at: siteNode!))
            }
            if url.userInfo != nil {
                return .failure(StatementProblem("site \(JSONNode.quote(site)) has user info", at: siteNode!))
            }
            if url.file != "" && url.file != "/" {
                return .failure(
                    StatementProblem(
                        "site \(JSONNode.quote(site)) has a path or query (only scheme, host and port are allowed)",
                        at: siteNode!))
            }
            return .success(.web(site: url.origin))
        default:
            return .failure(
                StatementProblem(
                    "namespace \(JSONNode.quote(namespace)) is neither \"android_app\" nor \"web\"", at: namespaceNode))
        }
    }
}
