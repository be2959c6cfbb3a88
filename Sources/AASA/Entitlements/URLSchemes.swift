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
        for type in dictionary["CFBundleURLTypes"] as? [Any] ?? [] {
            for case let scheme as String in (type as? [String: Any])?["CFBundleURLSchemes"] as? [Any] ?? [] {
                if scheme.contains("$(") || scheme.contains("${") {
                    unresolved.append(scheme)
                } else if !schemes.contains(scheme.lowercased()) {
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
        guard let colon = link.firstIndex(of: ":") else { return nil }
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
