import Foundation

/// The custom URL schemes an app declares: Info.plist's `CFBundleURLTypes[].CFBundleURLSchemes`. Any app may
/// declare the same scheme, so a scheme link is never verified; Universal Links are.
public struct URLSchemes: Sendable, Codable, Equatable {
    public var file: String
    /// Declared schemes, lower-cased (schemes compare case-insensitively).
    public var schemes: [String]
    /// Entries set by a build setting (`$(…)`): their value is unknown here.
    public var unresolved: [String]

    public init(file: String, schemes: [String], unresolved: [String]) {
        self.file = file
        self.schemes = schemes
        self.unresolved = unresolved
    }

    public enum Declared: String, Sendable {
        case declared, notDeclared = "not declared", notCheckable = "not checkable"
    }

    /// Whether the app declares `scheme`; "not checkable" when it does not but some entry is a build setting.
    public func declares(_ scheme: String) -> Declared {
        if schemes.contains(scheme.lowercased()) { return .declared }
        return unresolved.isEmpty ? .notDeclared : .notCheckable
    }

    /// Schemes and build-setting entries kept at most, and characters of a build-setting entry kept.
    static let entryLimit = 1_000
    static let lengthLimit = 256

    /// RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` and `.`. Anything else (`myapp://`, a space) is no
    /// scheme iOS could open, so it is not counted as declared.
    static func isScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let isLetter = { (b: UInt8) in ASCII.lower(b) >= UInt8(ascii: "a") && ASCII.lower(b) <= UInt8(ascii: "z") }
        guard let first = bytes.first, bytes.count <= lengthLimit, isLetter(first) else { return false }
        return bytes.allSatisfy {
            isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// Reads an Info.plist (XML or binary property list).
    public static func read(_ data: Data, file: String) throws(Entitlements.ReadError) -> URLSchemes {
        let object: Any
        if BinaryPropertyList.looksBinary(data) {
            do {
                object = try BinaryPropertyList.read(Array(data))
            } catch {
                throw Entitlements.ReadError(
                    description: "\(file) is not a readable binary property list: \(error.description)")
            }
        } else {
            do {
                object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                throw Entitlements.ReadError(description: "\(file) is not a readable property list")
            }
        }
        guard let dictionary = object as? [String: Any] else {
            throw Entitlements.ReadError(description: "\(file): the property list's top level is not a dictionary")
        }
        var schemes: [String] = []
        var unresolved: [String] = []
        let types = dictionary["CFBundleURLTypes"] as? [Any] ?? []
        for type in types.prefix(entryLimit) {
            let value = (type as? [String: Any])?["CFBundleURLSchemes"]
            // Xcode writes an array; a lone string is read as one scheme rather than dropped.
            let entries = value as? [Any] ?? (value as? String).map { [$0] } ?? []
            for case let entry as String in entries.prefix(entryLimit) {
                let scheme = entry.trimmingCharacters(in: .whitespacesAndNewlines)
                if scheme.contains("$(") || scheme.contains("${") {
                    let shown = String(scheme.prefix(lengthLimit))
                    if unresolved.count < entryLimit, !unresolved.contains(shown) { unresolved.append(shown) }
                } else if isScheme(scheme), schemes.count < entryLimit, !schemes.contains(scheme.lowercased()) {
                    schemes.append(scheme.lowercased())
                }
            }
        }
        return URLSchemes(file: file, schemes: schemes, unresolved: unresolved)
    }
}

/// The Universal Link that would replace a scheme link: for `scheme://HOST/PATH`, the first associated domain
/// whose file matches `https://DOMAIN/HOST/PATH`.
public enum SchemeReplacement {
    public struct Replacement: Sendable, Equatable, Codable {
        public var domain: String
        public var url: String
        public var appID: String
    }

    /// `domains` in the entitlements' order, each with the matcher of the file that decides for it (nil: none).
    public static func find(for link: String, domains: [(domain: String, matcher: Matcher?)]) -> Replacement? {
        // A link longer than any real one is site text, not an app link: it is not matched.
        guard link.utf8.count <= 8_192, let colon = link.firstIndex(of: ":") else { return nil }
        var rest = link[link.index(after: colon)...]
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let tail = rest.hasPrefix("/") ? String(rest) : "/" + rest
        for (domain, matcher) in domains {
            guard let matcher else { continue }
            let candidate = "https://\(domain)\(tail)"
            if let app = matcher.verdicts(for: candidate).opensApp {
                return Replacement(domain: domain, url: candidate, appID: app)
            }
        }
        return nil
    }
}
