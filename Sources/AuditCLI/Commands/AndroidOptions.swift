import AASA

/// The Android app options, declared once: `check` and `match` take them, and `audit` can take the same declarations.
enum AndroidOptions {
    static let android = OptionSpec.flag(
        "--android",
        help: "read FILE as an Android assetlinks.json (a file whose top level is an array is read so anyway)")
    static let package = OptionSpec(
        "--android-package", .string, placeholder: "NAME",
        help: "the Android app's package name (match reads it from the manifest when it names one)")
    static let fingerprint = OptionSpec(
        "--android-fingerprint", .string, repeatable: true, placeholder: "SHA256",
        help: "the SHA-256 of a certificate the app is signed with (colons optional, any case): the host verifies "
            + "the app when its assetlinks.json lists any one given")

    /// A package name no app can have is refused, naming the option.
    static func validate(package name: String, command: String) throws(UsageError) {
        if let problem = PackageName.problem(name) {
            throw UsageError(
                "--android-package \(Terminal.safe(name)) is not an Android package name: \(problem)", command: command)
        }
    }

    /// The app the two options name, or nil when neither is given (`check`: both are needed).
    static func app(from options: ParsedOptions, command: String) throws(UsageError) -> AndroidApp? {
        let name = options.string(package)
        let fingerprints = try fingerprints(from: options, command: command)
        guard name != nil || !fingerprints.isEmpty else { return nil }
        guard let name else {
            throw UsageError("--android-fingerprint requires --android-package NAME", command: command)
        }
        try validate(package: name, command: command)
        guard !fingerprints.isEmpty else {
            throw UsageError(
                "--android-package requires --android-fingerprint SHA256 (the app's signing certificate; "
                    + "`keytool -list -v` or Play Console > App integrity shows it)", command: command)
        }
        return AndroidApp(package: name, fingerprints: fingerprints)
    }

    /// Each `--android-fingerprint` as the device compares it (upper-case colon hex), once each; a value that is not
    /// a SHA-256 is refused with why (a SHA-1 is the usual slip).
    static func fingerprints(from options: ParsedOptions, command: String) throws(UsageError) -> [String] {
        var fingerprints: [String] = []
        for text in options.strings(fingerprint) {
            guard let normalized = CertificateFingerprint.normalized(text) else {
                let count = CertificateFingerprint.byteCount(text)
                let reason =
                    count == 20
                    ? "it is a SHA-1 (20 bytes); give the SHA-256"
                    : count.map { "it has \($0) bytes, not 32" }
                        ?? "it is not hex bytes"
                throw UsageError(
                    "--android-fingerprint \(Terminal.safe(text)) is not a SHA-256 fingerprint: \(reason)",
                    command: command)
            }
            if !fingerprints.contains(normalized) { fingerprints.append(normalized) }
        }
        return fingerprints
    }
}
