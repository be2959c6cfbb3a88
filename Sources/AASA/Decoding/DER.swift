import Foundation

/// One BER/DER element: its identifier octet and where its contents lie in the buffer.
struct DERElement {
    var tag: UInt8
    var contents: Range<Int>
    /// The contents end with an end-of-contents marker (BER indefinite length).
    var indefinite: Bool

    var constructed: Bool { tag & 0x20 != 0 }
}

/// Why a signed file could not be read.
public struct DERError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
}

/// A bounded BER/DER reader: enough ASN.1 to unwrap a CMS SignedData and summarise its certificates.
///
/// Hand-written so the core needs no OpenSSL; it never trusts a length beyond the buffer and never
/// recurses deeper than `maximumDepth`.
struct DERReader {
    static let maximumDepth = 32
    let bytes: [UInt8]

    /// Reads the element starting at `offset` within `limit`.
    func element(at offset: Int, limit: Int, depth: Int = 0) throws(DERError) -> (DERElement, next: Int) {
        guard depth <= DERReader.maximumDepth else {
            throw DERError(message: "ASN.1 nested too deeply", offset: offset)
        }
        guard offset < limit else { throw DERError(message: "truncated ASN.1 element", offset: offset) }
        let tag = bytes[offset]
        var cursor = offset + 1
        if tag & 0x1F == 0x1F {
            // High tag numbers never appear in CMS; skip them safely.
            while cursor < limit, bytes[cursor] & 0x80 != 0 { cursor += 1 }
            cursor += 1
        }
        guard cursor < limit else { throw DERError(message: "truncated ASN.1 length", offset: offset) }
        let first = bytes[cursor]
        cursor += 1
        if first == 0x80 {
            guard tag & 0x20 != 0 else {
                throw DERError(message: "indefinite length on a primitive element", offset: offset)
            }
            // Indefinite length: walk children until the end-of-contents marker.
            var inner = cursor
            while true {
                guard inner + 1 < limit else { throw DERError(message: "missing end-of-contents", offset: offset) }
                if bytes[inner] == 0, bytes[inner + 1] == 0 {
                    return (DERElement(tag: tag, contents: cursor..<inner, indefinite: true), inner + 2)
                }
                inner = try element(at: inner, limit: limit, depth: depth + 1).next
            }
        }
        var length = 0
        if first & 0x80 == 0 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, cursor + count <= limit else {
                throw DERError(message: "unsupported or truncated ASN.1 length", offset: offset)
            }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[cursor])
                cursor += 1
            }
        }
        guard length <= limit - cursor else {
            throw DERError(message: "ASN.1 length \(length) runs past the end of the data", offset: offset)
        }
        return (DERElement(tag: tag, contents: cursor..<(cursor + length), indefinite: false), cursor + length)
    }

    /// The children of a constructed element.
    func children(of parent: DERElement, depth: Int = 0) throws(DERError) -> [DERElement] {
        var result: [DERElement] = []
        var cursor = parent.contents.lowerBound
        while cursor < parent.contents.upperBound {
            let (child, next) = try element(at: cursor, limit: parent.contents.upperBound, depth: depth + 1)
            result.append(child)
            cursor = next
        }
        return result
    }

    /// The bytes of an OCTET STRING, joining the segments of a constructed (BER) one.
    func octets(of element: DERElement, depth: Int = 0) throws(DERError) -> [UInt8] {
        if !element.constructed { return Array(bytes[element.contents]) }
        var out: [UInt8] = []
        for child in try children(of: element, depth: depth) {
            guard child.tag & 0x1F == 0x04 else {
                throw DERError(
                    message: "unexpected element inside a segmented OCTET STRING", offset: child.contents.lowerBound)
            }
            out += try octets(of: child, depth: depth + 1)
        }
        return out
    }
}

/// One certificate carried in a signed file, summarised for the report.
public struct SignedCertificate: Hashable, Sendable, Codable {
    public var subject: String
    public var issuer: String
    public var notAfter: Date?
}

/// What a CMS (PKCS#7) SignedData envelope carried.
public struct SignedEnvelope: Hashable, Sendable {
    public var payload: [UInt8]
    public var wasPEM: Bool
    public var certificates: [SignedCertificate]
    public var signerCount: Int
}

/// Unwraps CMS SignedData (DER, BER or PEM) without verifying the signature: iOS 9+ no longer requires it.
public enum CMSReader {
    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// True when the bytes look like a signed file rather than JSON (DER SEQUENCE or a PEM armour).
    public static func looksSigned(_ bytes: [UInt8]) -> Bool {
        if bytes.first == 0x30, bytes.count > 16 { return true }
        let prefix = String(decoding: bytes.prefix(64), as: UTF8.self)
        return prefix.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("-----BEGIN")
    }

    public static func read(_ input: [UInt8]) throws(DERError) -> SignedEnvelope {
        var der = input
        var wasPEM = false
        if input.first != 0x30 {
            der = try pemBody(input)
            wasPEM = true
        }
        let reader = DERReader(bytes: der)
        let (contentInfo, _) = try reader.element(at: 0, limit: der.count)
        let top = try reader.children(of: contentInfo)
        guard top.count >= 2, top[0].tag == 0x06 else {
            throw DERError(message: "not a CMS ContentInfo", offset: 0)
        }
        guard Array(der[top[0].contents]) == signedDataOID else {
            throw DERError(message: "CMS content is not SignedData", offset: top[0].contents.lowerBound)
        }
        guard top[1].tag == 0xA0, let signedData = try reader.children(of: top[1]).first else {
            throw DERError(message: "missing SignedData", offset: top[1].contents.lowerBound)
        }
        let fields = try reader.children(of: signedData)
        guard fields.count >= 4, fields[0].tag == 0x02, fields[1].tag == 0x31, fields[2].tag == 0x30 else {
            throw DERError(message: "malformed SignedData", offset: signedData.contents.lowerBound)
        }
        let encap = try reader.children(of: fields[2])
        guard encap.count == 2, encap[1].tag == 0xA0, let content = try reader.children(of: encap[1]).first,
            content.tag & 0x1F == 0x04
        else {
            throw DERError(
                message: "the signature is detached: the file carries no signed content",
                offset: fields[2].contents.lowerBound)
        }
        let payload = try reader.octets(of: content)
        var certificates: [SignedCertificate] = []
        var signers = 0
        for field in fields.dropFirst(3) {
            if field.tag == 0xA0 {
                for cert in try reader.children(of: field) where cert.tag == 0x30 {
                    if let summary = try? summarise(certificate: cert, reader: reader) { certificates.append(summary) }
                }
            } else if field.tag == 0x31 {
                signers = try reader.children(of: field).count
            }
        }
        return SignedEnvelope(payload: payload, wasPEM: wasPEM, certificates: certificates, signerCount: signers)
    }

    static func pemBody(_ input: [UInt8]) throws(DERError) -> [UInt8] {
        let text = String(decoding: input, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN") }),
            let end = lines[begin...].firstIndex(where: { $0.hasPrefix("-----END") })
        else { throw DERError(message: "PEM armour without an END line", offset: 0) }
        let body = lines[(begin + 1)..<end].filter { !$0.contains(":") }.joined()
        guard let data = Data(base64Encoded: body) else {
            throw DERError(message: "PEM body is not valid base64", offset: 0)
        }
        return Array(data)
    }

    static func summarise(certificate: DERElement, reader: DERReader) throws(DERError) -> SignedCertificate {
        guard let tbs = try reader.children(of: certificate).first else {
            throw DERError(message: "empty certificate", offset: certificate.contents.lowerBound)
        }
        var fields = try reader.children(of: tbs)
        if fields.first?.tag == 0xA0 { fields.removeFirst() }
        guard fields.count >= 5 else { throw DERError(message: "short certificate", offset: tbs.contents.lowerBound) }
        let issuer = try name(fields[2], reader: reader)
        let validity = try reader.children(of: fields[3])
        let subject = try name(fields[4], reader: reader)
        let notAfter = validity.count == 2 ? time(validity[1], reader: reader) : nil
        return SignedCertificate(subject: subject, issuer: issuer, notAfter: notAfter)
    }

    /// An X.500 name as "CN=…, O=…" for the attributes people recognise.
    static func name(_ element: DERElement, reader: DERReader) throws(DERError) -> String {
        let known: [[UInt8]: String] = [
            [0x55, 0x04, 0x03]: "CN", [0x55, 0x04, 0x0A]: "O", [0x55, 0x04, 0x0B]: "OU", [0x55, 0x04, 0x06]: "C",
        ]
        var parts: [String] = []
        for rdn in try reader.children(of: element) {
            for attribute in try reader.children(of: rdn) {
                let pair = try reader.children(of: attribute)
                guard pair.count == 2, let label = known[Array(reader.bytes[pair[0].contents])] else { continue }
                parts.append("\(label)=\(String(decoding: reader.bytes[pair[1].contents], as: UTF8.self))")
            }
        }
        return parts.joined(separator: ", ")
    }

    static func time(_ element: DERElement, reader: DERReader) -> Date? {
        let digits = Array(reader.bytes[element.contents])
        // UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ (RFC 5280 §4.1.2.5).
        let long = element.tag == 0x18
        guard digits.count == (long ? 15 : 13), digits.last == UInt8(ascii: "Z") else { return nil }
        var fields: [Int] = []
        var i = 0
        for width in (long ? [4, 2, 2, 2, 2, 2] : [2, 2, 2, 2, 2, 2]) {
            var value = 0
            for _ in 0..<width {
                let d = digits[i]
                guard d >= 48 && d <= 57 else { return nil }
                value = value * 10 + Int(d - 48)
                i += 1
            }
            fields.append(value)
        }
        if !long { fields[0] += fields[0] >= 50 ? 1900 : 2000 }
        return utcDate(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
    }
}
