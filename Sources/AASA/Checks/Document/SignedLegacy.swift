import Foundation

/// A CMS-signed file still works but has been unnecessary since iOS 9.
public enum SignedLegacy: Check {
    public static let description = CheckDescription(
        id: "signed-legacy", area: .document, severity: .warning,
        summary: "The file is plain JSON, not CMS-signed",
        rationale: """
            iOS 8 required a PKCS#7/CMS-signed file; iOS 9 and later accept plain JSON served over HTTPS. swcd still \
            unwraps signed files, but they are harder to edit and review, and a signature tied to a certificate \
            adds a second thing that can expire. The payload is checked like any other file.
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        severityChanges: [
            SeverityChange(.error, when: "the file looks CMS-signed but its envelope cannot be read")
        ])

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": []}}"#)],
        failing: [.failing(bytes: SignedLegacy.exampleEnvelope(#"{"applinks": {"details": []}}"#), at: ["1:1"])])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        let origin = SourcePosition(line: 1, column: 1, offset: 0)
        if let error = file.signedError {
            findings.add(
                description, at: origin, pointer: nil, severity: .error,
                "The file looks CMS-signed but its envelope cannot be read: \(error.message) (at byte \(error.offset)).",
                why:
                    "Devices cannot extract the JSON from a damaged envelope, so no link on this domain opens the app.",
                fix: "Serve the plain JSON file instead (signing has been unnecessary since iOS 9).")
            return
        }
        guard let envelope = file.signed else { return }
        var details = ""
        if let leaf = envelope.certificates.first {
            details = " Signed by \(leaf.subject.isEmpty ? "an unnamed certificate" : leaf.subject)"
            if let notAfter = leaf.notAfter {
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withFullDate]
                details +=
                    notAfter < Date()
                    ? ", whose certificate expired on \(formatter.string(from: notAfter))."
                    : ", valid until \(formatter.string(from: notAfter))."
            } else {
                details += "."
            }
        }
        findings.add(
            description, at: origin, pointer: nil,
            "The file is a CMS-signed envelope (\(envelope.wasPEM ? "PEM" : "DER"), \(envelope.payload.count) bytes of JSON inside).\(details)",
            why:
                "Signing was needed on iOS 8 only; iOS 9 and later read plain JSON, which is easier to review and cannot expire.",
            fix: "Serve the JSON payload itself (`openssl cms -verify -noverify -inform DER -in FILE` prints it).")
    }

    /// A minimal SignedData envelope around `json`, for the check's example (no real signature).
    static func exampleEnvelope(_ json: String) -> [UInt8] {
        func tlv(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            let length: [UInt8] =
                n < 128 ? [UInt8(n)] : n < 256 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
            return [tag] + length + body
        }
        let dataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let encap = tlv(0x30, tlv(0x06, dataOID) + tlv(0xA0, tlv(0x04, Array(json.utf8))))
        let signedData = tlv(0x30, tlv(0x02, [1]) + tlv(0x31, []) + encap + tlv(0x31, []))
        return tlv(0x30, tlv(0x06, CMSReader.signedDataOID) + tlv(0xA0, signedData))
    }
}
