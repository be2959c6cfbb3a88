import AASA
import Foundation

/// report.json's `urls` arrays written by hand in exactly JSONEncoder's pretty, sorted-key form (a test compares
/// the two byte for byte): the encoder would build every row as a tree of values first.
enum ReportJSON {
    static func write(_ urls: URLTable, indent: Int, into sink: (Data) throws -> Void) throws {
        var out: [UInt8] = []
        out.reserveCapacity(80_000)
        out += "[\n".utf8
        for (position, url) in urls.enumerated() {
            if position > 0 { out += ",\n".utf8 }
            row(url, indent + 2, &out)
            if out.count >= 65_536 {
                try sink(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        out.append(UInt8(ascii: "\n"))
        pad(indent, &out)
        out.append(UInt8(ascii: "]"))
        try sink(Data(out))
    }

    static func row(_ url: URLReport, _ indent: Int, _ out: inout [UInt8]) {
        pad(indent, &out)
        out += "{\n".utf8
        key("foundOn", indent + 2, &out)
        optionalString(url.foundOn, &out)
        out += ",\n".utf8
        key("httpStatus", indent + 2, &out)
        out += (url.httpStatus.map(String.init) ?? "null").utf8
        out += ",\n".utf8
        key("note", indent + 2, &out)
        optionalString(url.note, &out)
        out += ",\n".utf8
        key("opensApp", indent + 2, &out)
        optionalString(url.opensApp, &out)
        out += ",\n".utf8
        key("url", indent + 2, &out)
        string(url.url, &out)
        out += ",\n".utf8
        key("verdicts", indent + 2, &out)
        out += "[\n".utf8
        for (position, verdict) in url.verdicts.enumerated() {
            if position > 0 { out += ",\n".utf8 }
            self.verdict(verdict, indent + 4, &out)
        }
        out.append(UInt8(ascii: "\n"))
        pad(indent + 2, &out)
        out += "]\n".utf8
        pad(indent, &out)
        out.append(UInt8(ascii: "}"))
    }

    static func verdict(_ v: AppVerdict, _ indent: Int, _ out: inout [UInt8]) {
        pad(indent, &out)
        out += "{\n".utf8
        key("appID", indent + 2, &out)
        string(v.appID, &out)
        out += ",\n".utf8
        key("reason", indent + 2, &out)
        string(v.reason, &out)
        out += ",\n".utf8
        key("result", indent + 2, &out)
        string(v.result.rawValue, &out)
        out += ",\n".utf8
        key("rule", indent + 2, &out)
        if let rule = v.rule {
            out += "{\n".utf8
            let fields: [(String, (inout [UInt8]) -> Void)] = [
                ("column", { $0 += String(rule.column).utf8 }),
                ("detailsIndex", { $0 += String(rule.detailsIndex).utf8 }),
                ("format", { string(rule.format.rawValue, &$0) }),
                ("line", { $0 += String(rule.line).utf8 }),
                ("pointer", { string(rule.pointer, &$0) }),
                ("rule", { string(rule.rule, &$0) }),
                ("ruleIndex", { $0 += String(rule.ruleIndex).utf8 }),
            ]
            for (position, (name, value)) in fields.enumerated() {
                if position > 0 { out += ",\n".utf8 }
                key(name, indent + 4, &out)
                value(&out)
            }
            out.append(UInt8(ascii: "\n"))
            pad(indent + 2, &out)
            out.append(UInt8(ascii: "}"))
        } else {
            out += "null".utf8
        }
        out.append(UInt8(ascii: "\n"))
        pad(indent, &out)
        out.append(UInt8(ascii: "}"))
    }

    static func pad(_ count: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    static func key(_ name: String, _ indent: Int, _ out: inout [UInt8]) {
        pad(indent, &out)
        string(name, &out)
        out += " : ".utf8
    }

    static func optionalString(_ text: String?, _ out: inout [UInt8]) {
        if let text { string(text, &out) } else { out += "null".utf8 }
    }

    /// JSONEncoder's escaping: quote, backslash and control characters; slashes and non-ASCII as they are.
    static func string(_ text: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: utf8)
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0..<0x20:
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
    }
}
