import AASA
import Foundation
import Testing

/// Runs a command and returns its stdout; fails the test when it exits non-zero.
func run(_ arguments: [String], in directory: URL? = nil) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
    return data
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The three real signed files shipped beside the repository (../shared/aasa-signed), when present.
let sharedSigned = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../../shared/aasa-signed"
)
.standardizedFileURL
let realSignedFiles = ["pinterest.com.p7s", "promo.roadie.com.p7s", "yelp.com.p7s"]

@Suite struct SignedFileTests {
    static let json =
        #"{"applinks": {"apps": [], "details": [{"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["/shop/*"]}]}}"#

    /// Signs `json` with a throwaway key and certificate made by the openssl CLI.
    static func sign(_ extra: [String]) throws -> [UInt8] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(json.utf8).write(to: dir.appendingPathComponent("aasa.json"))
        _ = try run(
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                "key.pem",
                "-out", "cert.pem", "-days", "30", "-subj", "/O=Acme Test/CN=signer.acme.test",
            ], in: dir)
        _ = try run(
            [
                "openssl", "cms", "-sign", "-in", "aasa.json", "-signer", "cert.pem", "-inkey", "key.pem", "-nodetach",
                "-binary", "-out", "signed",
            ]
                + extra, in: dir)
        return Array(try Data(contentsOf: dir.appendingPathComponent("signed")))
    }

    @Test(arguments: [["-outform", "DER"], ["-outform", "PEM"], ["-outform", "DER", "-stream"]])
    func opensslSignedFilesAreUnwrappedAndChecked(_ format: [String]) throws {
        let file = DecodedFile(bytes: try Self.sign(format))
        let envelope = try #require(file.signed, "\(file.signedError?.message ?? "")")
        #expect(String(decoding: envelope.payload, as: UTF8.self) == Self.json)
        #expect(envelope.wasPEM == (format[1] == "PEM"))
        #expect(envelope.certificates.first?.subject == "O=Acme Test, CN=signer.acme.test")
        #expect(envelope.signerCount == 1)
        let notAfter = try #require(envelope.certificates.first?.notAfter)
        #expect(abs(notAfter.timeIntervalSinceNow - 30 * 86_400) < 86_400)
        let findings = Catalogue.check(file)
        #expect(findings.map(\.id).sorted() == ["paths-legacy", "signed-legacy"])
        #expect(findings.first { $0.id == "signed-legacy" }?.message.contains("CN=signer.acme.test") == true)
        // The payload is matched like any other file.
        let matcher = Matcher(try #require(file.document))
        #expect(matcher.verdicts(for: "https://acme.test/shop/1").opensApp == "9JA89QQLNQ.com.acme.shop")
    }

    @Test func aDamagedEnvelopeIsAnErrorNotACrash() throws {
        let whole = try Self.sign(["-outform", "DER"])
        let bytes = Array(whole.prefix(whole.count / 2))
        let file = DecodedFile(bytes: bytes)
        #expect(file.signed == nil && file.signedError != nil)
        let finding = try #require(Catalogue.check(file).first)
        #expect(finding.id == "signed-legacy" && finding.severity == .error)
        for cut in 1..<whole.count {
            _ = Catalogue.check(DecodedFile(bytes: Array(whole.prefix(cut))))
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: sharedSigned.path),
            "../shared/aasa-signed is not beside the repository"), arguments: realSignedFiles)
    func realSignedFilesFromTheWildDecodeLikeOpenSSLSays(_ name: String) throws {
        let url = sharedSigned.appendingPathComponent(name)
        let file = DecodedFile(bytes: Array(try Data(contentsOf: url)))
        let envelope = try #require(file.signed, "\(file.signedError?.message ?? "")")
        let expected = try run(["openssl", "cms", "-verify", "-noverify", "-inform", "DER", "-in", url.path])
        #expect(envelope.payload == Array(expected))
        #expect(!envelope.certificates.isEmpty)
        #expect(file.document?.applinks != nil)
        #expect(Catalogue.check(file).contains { $0.id == "signed-legacy" })
    }
}

@Suite struct CertificateDateTests {
    @Test func datesAreComputedByArithmetic() throws {
        let date = try #require(utcDate(year: 2029, month: 2, day: 23, hour: 22, minute: 17, second: 48))
        #expect(date.timeIntervalSince1970 == 1_866_579_468)  // date -u -d "2029-02-23 22:17:48" +%s
        #expect(utcDate(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0)?.timeIntervalSince1970 == 0)
        #expect(
            utcDate(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0)?.timeIntervalSince1970 == 951_782_400)
        #expect(utcDate(year: 2021, month: 13, day: 1, hour: 0, minute: 0, second: 0) == nil)
        #expect(utcDate(year: 2021, month: 1, day: 1, hour: 25, minute: 0, second: 0) == nil)
    }
}
