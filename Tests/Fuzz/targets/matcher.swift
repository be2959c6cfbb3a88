// Fuzz target: pattern × URL. The first line is a pattern, the second a second pattern, the rest a URL; the
// patterns go into a file with a query dictionary, a fragment and substitution variables, so compilation,
// matching, the anchor index and the unreachable-rule coverage analysis all run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let first = parts.first ?? ""
    let second = parts.count > 1 ? parts[1] : "*"
    let url = parts.count > 2 ? parts[2] : "https://e.com/"
    var rules = [
        ##"{"/": \##(JSONNode.quote(first)), "?": {"q": \##(JSONNode.quote(second))}}"##,
        ##"{"/": \##(JSONNode.quote(second)), "#": \##(JSONNode.quote(first)), "caseSensitive": false, "percentEncoded": false}"##,
    ]
    for i in 0..<30 { rules.append(#"{"/": "/p\#(i)/\#(i % 2 == 0 ? "$(v)" : "*")"}"#) }
    let json =
        #"{"applinks": {"substitutionVariables": {"v": [\#(JSONNode.quote(second)), "x*"]}, "details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [\#(rules.joined(separator: ","))]}]}}"#
    let file = DecodedFile(bytes: Array(json.utf8))
    guard let document = file.document else { return 0 }
    _ = Catalogue.check(file)
    let matcher = Matcher(document)
    _ = matcher.verdicts(for: url)
    if let prepared = matcher.prepare(url) { matcher.forEachDecision(prepared) { _, _ in } }
    return 0
}
