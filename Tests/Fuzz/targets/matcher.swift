// Fuzz target: pattern × URL. The first line is a pattern, the second a second pattern, the rest a URL; the
// patterns go into a file with a query dictionary, a fragment and substitution variables, so compilation,
// matching, the anchor index and the unreachable-rule coverage analysis all run. Adversarial rules join them: a
// variable whose values are wildcards (and the second pattern) used 30 times in a row and between slashes, and the
// first pattern with a star after every character. An input that takes more than 100 ms of CPU fails: the matcher
// must stay linear whatever the rules.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let started = cpuSeconds()
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    // Patterns as long as a real rule's and a URL as long as the crawler keeps: the matcher's cost is the product of
    // the two, so longer inputs would measure only their size.
    func bytes(_ s: String, _ n: Int) -> String { String(decoding: s.utf8.prefix(n), as: UTF8.self) }
    let first = bytes(parts.first ?? "", 256)
    let second = parts.count > 1 ? bytes(parts[1], 256) : "*"
    let url = parts.count > 2 ? bytes(parts[2], 2048) : "https://e.com/"
    let starred = first.map { "\($0)*" }.joined()
    var rules = [
        ##"{"/": \##(JSONNode.quote(first)), "?": {"q": \##(JSONNode.quote(second))}}"##,
        ##"{"/": \##(JSONNode.quote(second)), "#": \##(JSONNode.quote(first)), "caseSensitive": false, "percentEncoded": false}"##,
        ##"{"/": \##(JSONNode.quote("/" + String(repeating: "$(w)", count: 30) + first))}"##,
        ##"{"/": \##(JSONNode.quote("/" + String(repeating: "$(w)/", count: 30) + first)), "caseSensitive": false}"##,
        ##"{"/": \##(JSONNode.quote("*" + starred)), "?": \##(JSONNode.quote(String(repeating: "$(w)", count: 30)))}"##,
    ]
    for i in 0..<30 { rules.append(#"{"/": "/p\#(i)/\#(i % 2 == 0 ? "$(v)" : "*")"}"#) }
    let wildcards = [second, "*", "?*", "*?", "**"].map(JSONNode.quote).joined(separator: ",")
    let json =
        #"{"applinks": {"substitutionVariables": {"v": [\#(JSONNode.quote(second)), "x*"], "w": [\#(wildcards)]}, "details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [\#(rules.joined(separator: ","))]}]}}"#
    let file = DecodedFile(bytes: Array(json.utf8))
    guard let document = file.document else { return 0 }
    _ = Catalogue.check(file)
    let matcher = Matcher(document)
    _ = matcher.verdicts(for: url)
    if let prepared = matcher.prepare(url) { matcher.forEachDecision(prepared) { _, _ in } }
    let elapsed = cpuSeconds() - started
    if elapsed > 0.1 { fatalError("one input took \(elapsed) s of CPU: the matcher must stay linear") }
    return 0
}

/// This thread's CPU time: wall time on a machine shared with other work would flag inputs that only waited.
func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
