import AASA
import Foundation
import Testing

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func agreesWithOpenSSLOnEveryPaddingLength() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for length in [55, 56, 63, 64, 65, 1000, 131_073] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = dir.appendingPathComponent("b\(length)")
            try Data(bytes).write(to: file)
            let out = String(decoding: try run(["openssl", "dgst", "-sha256", "-r", file.path]), as: UTF8.self)
            #expect(out.hasPrefix(SHA256.hex(bytes)), "length \(length)")
        }
    }
}
