import Foundation

/// What an app ID must look like, shared by the app ID checks.
enum AppIDRules {
    /// A placeholder left from a template or documentation, with the reason; nil for a real-looking ID.
    static func placeholder(_ id: String) -> String? {
        let upper = id.uppercased()
        for marker in ["$(", "${", "<", ">", "[", "]", "{", "}", "%"] where id.contains(marker) {
            return "it contains the template marker '\(marker)'"
        }
        for word in [
            "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", "TEAMID", "TEAM_ID", "TEAM-ID", "YOUR", "BUNDLEID",
            "BUNDLE_ID", "APP_ID", "APPID", "PREFIX",
        ]
        where upper.contains(word) {
            return "it contains the placeholder word \(word)"
        }
        let prefix =
            id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? id
        if [
            "ABCDE12345", "ABCDEFGHIJ", String(repeating: "X", count: 10), String(repeating: "A", count: 10),
            "0123456789", "1234567890", "ABC123DEF4",
        ].contains(
            prefix.uppercased())
        {
            return "\(prefix) is the example prefix from documentation"
        }
        if prefix.count >= 6, prefix.allSatisfy(\.isASCIIDigit) {
            return
                "the prefix \(prefix) is all digits, which looks like an App Store ID (Team IDs mix letters and digits)"
        }
        return nil
    }

    /// Why the ID does not have the form `<10-character Team ID>.<bundle ID>`, or nil when it does.
    static func formatProblem(_ id: String) -> String? {
        if id != id.trimmingCharacters(in: .whitespacesAndNewlines) { return "it has leading or trailing whitespace" }
        guard let dot = id.firstIndex(of: ".") else {
            return id.count == 10
                ? "it has no bundle ID after the Team ID"
                : "it has no '.': it needs a Team ID prefix, a dot and a bundle ID"
        }
        let prefix = id[..<dot]
        let bundle = id[id.index(after: dot)...]
        if prefix.isEmpty { return "it has no Team ID before the first '.'" }
        if bundle.isEmpty { return "it has no bundle ID after the '.'" }
        if prefix.contains(where: { !($0.isASCIIDigit || ($0.isASCII && $0.isLetter)) }) {
            return "the prefix \(prefix) contains characters other than letters and digits"
        }
        if prefix.count != 10 {
            return prefix.count > 10 || !prefix.contains(where: \.isLowercase)
                ? "the prefix \(prefix) has \(prefix.count) characters; Team IDs have 10"
                : "the prefix \(prefix) has \(prefix.count) characters; Team IDs have 10 (is the Team ID missing, and this is the bundle ID?)"
        }
        if prefix.contains(where: \.isLowercase) {
            return "the prefix \(prefix) has lower-case letters; Team IDs are upper case"
        }
        if let bad = bundle.first(where: { !($0.isASCIIDigit || ($0.isASCII && $0.isLetter) || $0 == "-" || $0 == ".") }
        ) {
            return bad == "*"
                ? "the bundle ID is a wildcard; an app ID names one concrete app"
                : "the bundle ID contains '\(bad)'; bundle IDs allow only letters, digits, hyphens and periods"
        }
        if bundle.hasPrefix(".") || bundle.hasSuffix(".") || bundle.contains("..") {
            return "the bundle ID has an empty component"
        }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
