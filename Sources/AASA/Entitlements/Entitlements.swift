import Foundation

/// One `com.apple.developer.associated-domains` entry, read as swcd would and kept as written.
public struct EntitlementEntry: Hashable, Sendable, Codable {
    /// The entry exactly as written, whitespace included.
    public var raw: String
    /// Its position in the list, for the finding's pointer.
    public var index: Int
    public var service: String
    /// The host part as written (lower-cased by swcd; not here, so the checks can see upper case).
    public var host: String
    public var mode: String?

    public var isWildcard: Bool { host.hasPrefix("*.") }
    /// Developer mode accepts any valid certificate, trusted or not.
    public var developerMode: Bool { mode?.split(separator: "+").contains("developer") ?? false }
    /// The host whose file serves the entry: a wildcard's apex.
    public var fileHost: String { (isWildcard ? String(host.dropFirst(2)) : host).lowercased() }
    public var pointer: String { "/com.apple.developer.associated-domains/\(index)" }

    public init(raw: String, index: Int) {
        self.raw = raw
        self.index = index
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            service = String(text[..<colon])
            var rest = String(text[text.index(after: colon)...])
            if let question = rest.firstIndex(of: "?") {
                let query = rest[rest.index(after: question)...]
                mode = query.hasPrefix("mode=") ? String(query.dropFirst(5)) : String(query)
                rest = String(rest[..<question])
            }
            host = rest
        } else {
            service = ""
            host = text
        }
    }
}

/// What an app's entitlements say about associated domains.
public struct Entitlements: Sendable, Codable {
    public var file: String
    /// `application-identifier` when the file states it literally (not an unexpanded `$(…)` build setting).
    public var appID: String?
    public var entries: [EntitlementEntry]

    public static let key = "com.apple.developer.associated-domains"

    public init(file: String, appID: String?, entries: [EntitlementEntry]) {
        self.file = file
        self.appID = appID
        self.entries = entries
    }

    /// The hosts of the applinks entries that name one domain (no wildcard), each once, in the file's order: the
    /// associated domains whose files a scheme link's Universal Link replacement is looked for in.
    public var applinksHosts: [String] {
        var seen = Set<String>()
        return entries.filter { $0.service == AppleService.applinks && !$0.isWildcard }.map(\.fileHost)
            .filter { seen.insert($0).inserted }
    }

    /// Why a file could not be read as entitlements.
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Entries read at most: Xcode's own lists hold a few dozen; more is not an app's entitlements file.
    public static let maximumEntries = 10_000
    /// The longest line of a text list: an entry is a host name and a service.
    public static let maximumLine = 65_536

    /// Reads an `.entitlements` / Info.plist-style property list (XML or binary) or a text list of entries.
    public static func read(_ data: Data, file: String) throws(ReadError) -> Entitlements {
        let looksPlist =
            data.starts(with: Array("bplist".utf8))
            || String(decoding: data.prefix(200), as: UTF8.self).contains("<plist")
            || String(decoding: data.prefix(200), as: UTF8.self).hasPrefix("<?xml")
        if looksPlist {
            let object: Any
            if BinaryPropertyList.looksBinary(data) {
                // Foundation's binary reader expands shared references without limit: read it with the rules enforced.
                do {
                    object = try BinaryPropertyList.read(Array(data))
                } catch {
                    throw ReadError(description: "\(file) is not a readable binary property list: \(error.description)")
                }
            } else {
                do {
                    object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                } catch {
                    throw ReadError(
                        description: "\(file) is not a readable property list: \(error.localizedDescription)")
                }
            }
            guard let dictionary = object as? [String: Any] else {
                throw ReadError(description: "\(file): the property list's top level is not a dictionary")
            }
            guard let list = dictionary[key] else {
                throw ReadError(description: "\(file) has no \(key) key")
            }
            guard let strings = list as? [Any] else {
                throw ReadError(description: "\(file): \(key) is not an array")
            }
            guard strings.count <= maximumEntries else { throw tooMany(file) }
            let entries = strings.enumerated().map {
                EntitlementEntry(raw: ($0.element as? String) ?? "\($0.element)", index: $0.offset)
            }
            var appID =
                (dictionary["application-identifier"] ?? dictionary["com.apple.application-identifier"]) as? String
            if appID?.contains("$(") == true { appID = nil }
            return Entitlements(file: file, appID: appID, entries: entries)
        }
        // Only LF and CRLF end a line, as in every input list (VT, FF, NEL and U+2028 are characters of the entry).
        var lines: [String] = []
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[start..<end]
            start = end + 1
            if line.last == 0x0D { line = line.dropLast() }
            guard line.count <= maximumLine else {
                throw ReadError(
                    description: "\(file) has a line longer than \(maximumLine) bytes: not a list of entries")
            }
            let text = String(decoding: line, as: UTF8.self)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard lines.count < maximumEntries else { throw tooMany(file) }
            lines.append(text)
        }
        guard !lines.isEmpty else { throw ReadError(description: "\(file) lists no associated domains") }
        return Entitlements(
            file: file, appID: nil,
            entries: lines.enumerated().map { EntitlementEntry(raw: $0.element, index: $0.offset) })
    }
}

extension Entitlements {
    static func tooMany(_ file: String) -> ReadError {
        ReadError(description: "\(file) lists more than \(maximumEntries) associated-domains entries: not read")
    }
}

/// What a two-way check needs: the app, the entitlement entries naming one domain, and what that domain served.
public struct Association: Sendable {
    public var appID: String
    public var entries: [EntitlementEntry]
    /// What the domain served, its file decoded once by the probe.
    public var probe: DomainProbe

    public init(appID: String, entries: [EntitlementEntry], probe: DomainProbe) {
        self.appID = appID
        self.entries = entries
        self.probe = probe
    }
}
