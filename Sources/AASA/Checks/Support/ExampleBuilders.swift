/// Document examples written as JSON text, or as raw bytes for encoding-level checks; each is decoded once, here.
extension Example where Evidence == DecodedFile {
    public static func passing(_ json: String) -> Example { passing(bytes: Array(json.utf8)) }
    public static func failing(_ json: String, at pointers: [String]) -> Example {
        failing(bytes: Array(json.utf8), at: pointers)
    }
    public static func passing(bytes: [UInt8]) -> Example { Example(DecodedFile(bytes: bytes), locations: []) }
    public static func failing(bytes: [UInt8], at pointers: [String]) -> Example {
        Example(DecodedFile(bytes: bytes), locations: pointers)
    }
}

/// Entitlement examples written as the associated-domains lines, in order.
extension Example where Evidence == Entitlements {
    public static func passing(entitlements lines: [String]) -> Example {
        Example(Entitlements(exampleLines: lines), locations: [])
    }
    public static func failing(entitlements lines: [String], at pointers: [String]) -> Example {
        Example(Entitlements(exampleLines: lines), locations: pointers)
    }
}

extension Entitlements {
    /// An entitlements file `x` with these entries and no app ID.
    init(exampleLines lines: [String]) {
        self.init(file: "x", appID: nil, entries: lines.enumerated().map { EntitlementEntry(raw: $1, index: $0) })
    }
}
