import AASA
import Foundation
import TestSupport
import Testing

/// The IDNA cases of the WHATWG URL tests (`url/urltestdata.json` in `conformanceFolder`): every
/// case whose host, once percent-decoded, has a non-ASCII character or a label starting `xn--`. The host is cut from
/// the input as the URL Standard's state machine does for special schemes, and `domainToASCII` of it is compared with
/// the expected `hostname` (or failure). A failure the URL parser adds after IDNA (a forbidden domain code point, the
/// IPv4 parser, a bad port) is not IDNA's: those cases are listed, not compared.
@Suite(
    .enabled(
        if: conformanceFolder != nil,
        "set AASA_CONFORMANCE_DIR to the conformance data folder to run the WHATWG URL tests' IDNA cases"))
struct IDNAURLTestDataTests {
    enum Outcome: Equatable {
        case agree
        case disagree(String)
        case parserFailure(String)
    }

    struct Case {
        var index: Int
        var input: String
        var base: String?
        var hostname: String?
        var host: Host
    }

    /// The host text as the host parser receives it, before percent-decoding, and what follows it.
    struct Host {
        var text: Substring
        var port: Substring?
        var isFile: Bool
    }

    static let special: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    @Test func theIDNACasesAgree() throws {
        let folder = try #require(conformanceFolder?.path)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("url/urltestdata.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        var agree = 0
        var disagreements: [String] = []
        var parserFailures: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let object = entry as? [String: Any], let input = object["input"] as? String else { continue }
            let base = object["base"] as? String
            guard let host = Self.host(of: input, base: base), Self.isIDNACase(Self.domain(host.text)) else { continue }
            let testCase = Case(
                index: index, input: input, base: base,
                hostname: object["failure"] as? Bool == true ? nil : object["hostname"] as? String, host: host)
            let id = "#\(index) \(input.debugDescription)"
            switch Self.judge(testCase) {
            case .agree: agree += 1
            case .disagree(let why): disagreements.append("\(id): \(why)")
            case .parserFailure(let why): parserFailures.append("\(id): \(why)")
            }
        }
        print(
            "urltestdata.json IDNA cases: \(agree) agree, \(disagreements.count) disagree, \(parserFailures.count) "
                + "left to the URL parser after IDNA (not compared):")
        for line in parserFailures { print("  \(line)") }
        #expect(agree > 0)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    static func judge(_ testCase: Case) -> Outcome {
        let result = IDNA.domainToASCII(domain(testCase.host.text))
        switch (result, testCase.hostname) {
        case (.failure, nil): return .agree
        case (.failure(let failure), .some(let expected)):
            return .disagree("expected \(expected.debugDescription), got the failure \"\(failure.reason)\"")
        case (.success(let ascii), .some(let expected)):
            if ascii == expected || (testCase.host.isFile && ascii == "localhost" && expected.isEmpty) { return .agree }
            if endsInANumber(ascii) { return .parserFailure("\(ascii.debugDescription) goes to the IPv4 parser") }
            return .disagree("expected \(expected.debugDescription), got \(ascii.debugDescription)")
        case (.success(let ascii), nil):
            if let bad = ascii.unicodeScalars.first(where: isForbiddenDomainCodePoint) {
                let code = String(bad.value, radix: 16, uppercase: true)
                return .parserFailure("\(ascii.debugDescription) has the forbidden domain code point U+\(code)")
            }
            if endsInANumber(ascii) { return .parserFailure("\(ascii.debugDescription) goes to the IPv4 parser") }
            if let port = testCase.host.port, !port.isEmpty,
                !(port.allSatisfy(\.isASCIIDigit) && UInt64(port) ?? .max <= 65535)
            {
                return .parserFailure("the port \(port.debugDescription) is invalid")
            }
            return .disagree("expected a failure, got \(ascii.debugDescription)")
        }
    }

    /// The percent-decoded host, UTF-8 decoded with U+FFFD for bad sequences ("UTF-8 decode without BOM").
    static func domain(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let byte = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isIDNACase(_ domain: String) -> Bool {
        !domain.unicodeScalars.allSatisfy(\.isASCII)
            || domain.split(separator: ".").contains { $0.lowercased().hasPrefix("xn--") }
    }

    /// The URL Standard's basic URL parser up to the host state, for special URLs only (other schemes have opaque
    /// hosts, which IDNA never sees); nil when the input has no host of its own.
    static func host(of input: String, base: String?) -> Host? {
        let trimmed = trim(input)
        let isSlash: (Character?) -> Bool = { $0 == "/" || $0 == "\\" }
        var rest: Substring
        if let (scheme, afterColon) = splitScheme(trimmed) {
            guard special.contains(scheme) else { return nil }
            if scheme == "file" {
                guard isSlash(afterColon.first), isSlash(afterColon.dropFirst().first) else { return nil }
                return fileHost(afterColon.dropFirst(2))
            }
            if let base, splitScheme(Substring(base))?.scheme == scheme, !afterColon.hasPrefix("//") {
                // The relative state: a host only after two slashes of either kind.
                guard isSlash(afterColon.first), isSlash(afterColon.dropFirst().first) else { return nil }
            }
            rest = afterColon
        } else {
            guard let base, let baseScheme = splitScheme(Substring(base))?.scheme, special.contains(baseScheme),
                isSlash(trimmed.first), isSlash(trimmed.dropFirst().first)
            else { return nil }
            if baseScheme == "file" { return fileHost(trimmed.dropFirst(2)) }
            rest = trimmed
        }
        rest = rest.drop(while: { isSlash($0) })
        let authority = rest.prefix { !"/\\?#".contains($0) }
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        var inBrackets = false
        var end = hostAndPort.endIndex
        for index in hostAndPort.indices {
            let c = hostAndPort[index]
            if c == "[" { inBrackets = true }
            if c == "]" { inBrackets = false }
            if c == ":" && !inBrackets {
                end = index
                break
            }
        }
        let text = hostAndPort[..<end]
        guard !text.isEmpty, !text.hasPrefix("[") else { return nil }
        let port = end < hostAndPort.endIndex ? hostAndPort[hostAndPort.index(after: end)...] : nil
        return Host(text: text, port: port, isFile: false)
    }

    static func fileHost(_ rest: Substring) -> Host? {
        let text = rest.prefix { !"/\\?#".contains($0) }
        guard !text.isEmpty, !text.hasPrefix("[") else { return nil }
        return Host(text: text, port: nil, isFile: true)
    }

    /// Leading and trailing C0 controls and spaces removed, tabs and newlines removed everywhere.
    static func trim(_ input: String) -> Substring {
        var scalars = input.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text[...]
    }

    static func splitScheme(_ text: Substring) -> (scheme: String, rest: Substring)? {
        guard let first = text.first, first.isASCII, first.isLetter, let colon = text.firstIndex(of: ":") else {
            return nil
        }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return nil
        }
        return (scheme.lowercased(), text[text.index(after: colon)...])
    }

    static func isForbiddenDomainCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value == 0x7F || "#%/:<>?@[\\]^|".unicodeScalars.contains(scalar)
    }

    /// The URL Standard's "ends in a number": the last label (after a trailing dot, the one before) is digits, or
    /// `0x` and hex digits.
    static func endsInANumber(_ domain: String) -> Bool {
        var labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last?.isEmpty == true && labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.allSatisfy(\.isASCIIDigit) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
