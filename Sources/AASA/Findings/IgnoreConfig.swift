/// `.aasa-audit.json` (or `--config FILE`) and `--ignore ID[@DOMAIN]`, read into `IgnoreRule`s.
///
/// The file is read as strictly as an AASA file (the project's own parser, UTF-8 only) and every mistake is
/// refused with its line and column: a misspelt key or check ID would otherwise silence nothing, and a run that
/// should be green stays red for a reason nobody sees. Unknown keys are errors, not the warnings SwiftLint gives,
/// for the same reason. `Schemas/config.schema.json` describes the same shape.
public enum IgnoreConfig {
    /// The file read from the working folder when neither `--config` nor `--no-config` is given.
    public static let defaultName = ".aasa-audit.json"

    /// Bytes read at most: a config file of thousands of entries is a few hundred KiB.
    public static let sizeLimit = 1 << 20

    /// What `--ignore` entries give as their reason.
    public static let commandLineReason = "command line"

    /// A refused config file or `--ignore` value, as one line: "FILE:LINE:COLUMN: what is wrong".
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The entries of a config file's bytes; `file` names it in errors and in each entry's source.
    public static func read(_ bytes: [UInt8], file: String) throws(Problem) -> [IgnoreRule] {
        func problem(_ message: String, at position: SourcePosition) -> Problem {
            Problem(description: "\(file):\(position.line):\(position.column): \(message)")
        }
        let origin = SourcePosition(line: 1, column: 1, offset: 0)
        // A UTF-8 byte order mark is skipped, as ESLint does with its JSON configs; any other encoding is refused.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let bad = DecodedFile.encodingProblem(in: bytes, from: start) {
            let what =
                bad.position.offset < bytes.count && bad.position != origin
                ? "byte 0x\(String(bytes[bad.position.offset], radix: 16, uppercase: true)) is not valid UTF-8"
                : "the file is not UTF-8 (it looks UTF-16 or UTF-32)"
            throw problem("\(what): save it as UTF-8", at: bad.position)
        }
        guard bytes[start...].contains(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw problem(#"the file is empty: write {"ignore": [...]}"#, at: origin)
        }
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes, start: start)
        } catch {
            var message = error.message
            if message.hasSuffix(".") { message.removeLast() }
            throw problem(message.prefix(1).lowercased() + message.dropFirst(), at: error.position)
        }
        guard let members = root.members else {
            throw problem(
                #"the top level is \#(root.typeName), not an object like {"ignore": [...]}"#, at: root.position)
        }
        try refuseDuplicates(members, problem)
        var rules: [IgnoreRule] = []
        for member in members {
            switch member.key {
            case "$schema":
                guard member.value.string != nil else {
                    throw problem("\"$schema\" must be a string (the schema's URL)", at: member.value.position)
                }
            case "ignore":
                guard let entries = member.value.elements else {
                    throw problem(
                        "\"ignore\" must be an array of entries, not \(member.value.typeName)",
                        at: member.value.position)
                }
                for entry in entries { rules.append(try rule(entry, file: file, problem)) }
            default:
                throw problem(
                    unknownKey(member.key, among: ["ignore", "$schema"], in: "the top level"), at: member.keyPosition)
            }
        }
        return rules
    }

    /// The keys an entry may have.
    static let entryKeys = ["check", "domain", "pointer", "reason"]

    static func rule(
        _ entry: JSONNode, file: String, _ problem: (String, SourcePosition) -> Problem
    ) throws(Problem) -> IgnoreRule {
        guard let members = entry.members else {
            throw problem(
                #"an ignore entry must be an object like {"check": "ID", "reason": "why"}, not \#(entry.typeName)"#,
                entry.position)
        }
        try refuseDuplicates(members, problem)
        var values: [String: (text: String, at: SourcePosition)] = [:]
        for member in members {
            guard entryKeys.contains(member.key) else {
                throw problem(unknownKey(member.key, among: entryKeys, in: "an ignore entry"), member.keyPosition)
            }
            guard let text = member.value.string else {
                throw problem("\"\(member.key)\" must be a string, not \(member.value.typeName)", member.value.position)
            }
            values[member.key] = (text, member.value.position)
        }
        guard let check = values["check"] else {
            throw problem("this ignore entry has no \"check\": name the check ID it silences", entry.position)
        }
        if let wrong = unknownCheck(check.text) { throw problem(wrong, check.at) }
        guard let reason = values["reason"] else {
            throw problem("this ignore entry has no \"reason\": say why the finding does not apply", entry.position)
        }
        guard reason.text.contains(where: { !$0.isWhitespace }) else {
            throw problem("\"reason\" is empty: say why the finding does not apply", reason.at)
        }
        if let domain = values["domain"], let wrong = domainProblem(domain.text) { throw problem(wrong, domain.at) }
        if let pointer = values["pointer"], let wrong = pointerProblem(pointer.text) {
            throw problem(wrong, pointer.at)
        }
        return IgnoreRule(
            check: check.text, domain: values["domain"]?.text.lowercased(), pointer: values["pointer"]?.text,
            reason: reason.text, source: "\(file):\(entry.position.line)")
    }

    /// One `--ignore ID[@DOMAIN]` value.
    public static func commandLine(_ value: String) throws(Problem) -> IgnoreRule {
        let parts = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if let wrong = unknownCheck(parts[0]) { throw Problem(description: "--ignore \(value): \(wrong)") }
        var domain: String?
        if parts.count == 2 {
            if let wrong = domainProblem(parts[1]) { throw Problem(description: "--ignore \(value): \(wrong)") }
            domain = parts[1].lowercased()
        }
        return IgnoreRule(
            check: parts[0], domain: domain, reason: commandLineReason, source: commandLineReason)
    }

    /// Why `id` names no check, with a did-you-mean; nil when it is a check's ID.
    static func unknownCheck(_ id: String) -> String? {
        let ids = Catalogue.descriptions.map(\.id)
        if ids.contains(id) { return nil }
        if id.isEmpty { return "the check ID is empty (aasa-audit rules lists them)" }
        let hint = suggestion(for: id, among: ids).map { " (did you mean \($0)?)" } ?? " (aasa-audit rules lists them)"
        return "no check is called \"\(id)\"\(hint)"
    }

    /// Why `pattern` is no domain pattern; nil when it is one. A URL, a port or a path is the usual slip.
    static func domainProblem(_ pattern: String) -> String? {
        if pattern.isEmpty { return "the domain is empty (leave it out to match every domain)" }
        if pattern.contains("://") || pattern.contains("/") || pattern.contains(":") {
            return "\"\(pattern)\" is not a domain: give a host name such as *.acme.com, without a scheme, port or path"
        }
        if pattern.contains(where: { $0.isWhitespace || $0 == "@" }) {
            return "\"\(pattern)\" is not a domain: a host name has no spaces or @"
        }
        return nil
    }

    /// Why `pointer` is no RFC 6901 JSON Pointer; nil when it is one.
    static func pointerProblem(_ pointer: String) -> String? {
        if !pointer.isEmpty && !pointer.hasPrefix("/") {
            return "\"\(pointer)\" is not a JSON Pointer: it must start with / (such as /applinks/details/0)"
        }
        let scalars = Array(pointer.unicodeScalars)
        for (i, c) in scalars.enumerated() where c == "~" {
            if i + 1 >= scalars.count || (scalars[i + 1] != "0" && scalars[i + 1] != "1") {
                return "\"\(pointer)\" is not a JSON Pointer: ~ must be followed by 0 (for ~) or 1 (for /)"
            }
        }
        return nil
    }

    static func unknownKey(_ key: String, among keys: [String], in place: String) -> String {
        let hint = suggestion(for: key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
        let known = keys.filter { $0 != "$schema" }.map { "\"\($0)\"" }.joined(separator: ", ")
        return "unknown key \"\(key)\" in \(place)\(hint): it takes \(known)"
    }

    static func refuseDuplicates(
        _ members: [JSONMember], _ problem: (String, SourcePosition) -> Problem
    ) throws(Problem) {
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            throw problem("\"\(member.key)\" appears twice in this object", member.keyPosition)
        }
    }
}
