/// Each certificate fingerprint must be 32 upper-case hex bytes joined by colons.
public enum AndroidFingerprintFormat: Check {
    public static let description = CheckDescription(
        id: "android-fingerprint-format", area: .android, severity: .error,
        summary: "Every sha256_cert_fingerprints entry is 32 upper-case colon-separated hex bytes",
        rationale: """
            The device computes its certificate's SHA-256 as upper-case hex bytes joined by colons (AOSP \
            StatementUtils.computeNormalizedSha256Fingerprint) and compares the file's strings with it exactly, so \
            lower case, missing colons or a SHA-1 never match; Google's DAL rejects such an entry as a malformed \
            certificate and skips the statement (compatibility tests 2310-2314).
            """,
        reference: AndroidDocs.dalCompatibilityTests)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(
            app: AndroidExample.app(fingerprints: "[\"\(AndroidExample.fingerprint.lowercased())\"]"),
            at: "/0/target/sha256_cert_fingerprints/0"),
        .failing(
            app: AndroidExample.app(
                fingerprints: "[\"\(AndroidExample.fingerprint.replacingOccurrences(of: ":", with: ""))\"]"),
            at: "/0/target/sha256_cert_fingerprints/0"),
        .failing(
            app: AndroidExample.app(
                fingerprints: #"["DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"]"#),
            at: "/0/target/sha256_cert_fingerprints/0"),
        .failing(app: AndroidExample.app(fingerprints: #"[{}]"#), at: "/0/target/sha256_cert_fingerprints/0"))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard statement.node["target"]?["namespace"]?.string == "android_app",
                let list = statement.node["target"]?["sha256_cert_fingerprints"]?.elements
            else { continue }
            for item in list {
                switch item.value {
                case .string(let text):
                    guard !CertificateFingerprint.isWellFormed(text) else { continue }
                    let (problem, fix) = diagnose(text)
                    findings.add(
                        description, at: item,
                        "Fingerprint \(JSONNode.quote(text)) \(problem): AOSP never matches it (the device compares "
                            + "upper-case colon hex exactly) and Google's DAL skips this statement.",
                        why: "The app is not verified with this certificate on either verifier.", fix: fix)
                case .object, .array:
                    findings.add(
                        description, at: item,
                        "A fingerprint is \(item.typeName), not a string: Google's DAL skips this statement and AOSP "
                            + "matches nothing with it.",
                        why: "The app is not verified with this entry on either verifier.",
                        fix: "Write each fingerprint as a string of 32 upper-case hex bytes joined by colons.")
                default:
                    continue  // numbers, null and booleans are android-host-failure's
                }
            }
        }
    }

    /// What is wrong with `text`, and the fix (the corrected string when there is one).
    static func diagnose(_ text: String) -> (String, String) {
        if let fixed = CertificateFingerprint.normalized(text) {
            let what =
                text.contains(where: \.isLowercase) ? "is in lower case" : "is not written as colon-separated bytes"
            return (what, "Write it as \(JSONNode.quote(fixed)).")
        }
        if CertificateFingerprint.byteCount(text) == 20 {
            return (
                "is a SHA-1 fingerprint (20 bytes)",
                "List the certificate's SHA-256 fingerprint instead: `keytool -list -v -keystore KEYSTORE` or Play "
                    + "Console (Test and release > App integrity) shows it."
            )
        }
        if let count = CertificateFingerprint.byteCount(text) {
            return ("has \(count) bytes, not 32", "Copy the full SHA-256 fingerprint (32 bytes).")
        }
        return ("is not hex bytes", "Copy the SHA-256 fingerprint: 32 upper-case hex bytes joined by colons.")
    }
}
