/// assetlinks.json examples written as JSON text, or as raw bytes for encoding-level checks.
extension Example where Evidence == AssetLinksFile {
    public static func passing(_ json: String) -> Example {
        Example(AssetLinksFile(bytes: Array(json.utf8)), locations: [])
    }
    public static func failing(_ json: String, at locations: [String]) -> Example {
        Example(AssetLinksFile(bytes: Array(json.utf8)), locations: locations)
    }
    public static func failing(bytes: [UInt8], at locations: [String]) -> Example {
        Example(AssetLinksFile(bytes: bytes), locations: locations)
    }

    /// The list of one app statement (written by `AndroidExample.app`), its finding at `pointer`.
    static func failing(app statement: String, at pointer: String) -> Example {
        failing("[" + statement + "]", at: [pointer])
    }
}

/// assetlinks.json examples: the valid list passes, the failing files are given.
extension Examples where Evidence == AssetLinksFile {
    static func validPassing(_ failing: Example<AssetLinksFile>...) -> Examples {
        Examples(passing: [.passing(AndroidExample.valid)], failing: failing)
    }
}

/// Statements for the examples: a valid app statement, and one with a part replaced.
enum AndroidExample {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// `{"relation": [relation], "target": {android_app …}}` with the given raw JSON parts.
    static func app(
        relation: String = #"["delegate_permission/common.handle_all_urls"]"#,
        package: String = #""com.example.app""#, fingerprints: String? = nil, extra: String = ""
    ) -> String {
        #"{"relation": \#(relation), "target": {"namespace": "android_app", "package_name": \#(package), "#
            + #""sha256_cert_fingerprints": \#(fingerprints ?? "[\"\(fingerprint)\"]")\#(extra)}}"#
    }

    /// The list `[app()]`: a file both verifiers verify com.example.app with.
    static let valid = "[" + app() + "]"
}
