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
        close("]", indent, &out)
        try sink(Data(out))
    }

    static func row(_ url: URLReport, _ indent: Int, _ out: inout [UInt8]) {
        pad(indent, &out)
        out += "{\n".utf8
        key("foundOn", indent + 2, &out)
        optionalString(url.foundOn, &out)
        next("httpStatus", indent + 2, &out)
        out += (url.httpStatus.map(String.init) ?? "null").utf8
        next("note", indent + 2, &out)
        optionalString(url.note, &out)
        next("opensApp", indent + 2, &out)
        optionalString(url.opensApp, &out)
        next("url", indent + 2, &out)
        string(url.url, &out)
        next("verdicts", indent + 2, &out)
        out += "[\n".utf8
        for (position, verdict) in url.verdicts.enumerated() {
            if position > 0 { out += ",\n".utf8 }
            self.verdict(verdict, indent + 4, &out)
        }
        close("]", indent + 2, &out)
        close("}", indent, &out)
    }

    static func verdict(_ v: AppVerdict, _ indent: Int, _ out: inout [UInt8]) {
        pad(indent, &out)
        out += "{\n".utf8
        key("appID", indent + 2, &out)
        string(v.appID, &out)
        next("reason", indent + 2, &out)
        string(v.reason, &out)
        next("result", indent + 2, &out)
        string(v.result.rawValue, &out)
        next("rule", indent + 2, &out)
        if let rule = v.rule {
            out += "{\n".utf8
            key("column", indent + 4, &out)
            out += String(rule.column).utf8
            next("detailsIndex", indent + 4, &out)
            out += String(rule.detailsIndex).utf8
            next("format", indent + 4, &out)
            string(rule.format.rawValue, &out)
            next("line", indent + 4, &out)
            out += String(rule.line).utf8
            next("pointer", indent + 4, &out)
            string(rule.pointer, &out)
            next("rule", indent + 4, &out)
            string(rule.rule, &out)
            next("ruleIndex", indent + 4, &out)
            out += String(rule.ruleIndex).utf8
            close("}", indent + 2, &out)
        } else {
            out += "null".utf8
        }
        close("}", indent, &out)
    }

    /// Ends the member before and starts the next: `,` then the indented key.
    static func next(_ name: String, _ indent: Int, _ out: inout [UInt8]) {
        out += ",\n".utf8
        key(name, indent, &out)
    }

    /// A newline, then the closing bracket at the container's indentation (JSONEncoder's layout, empty or not).
    static func close(_ bracket: String, _ indent: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        pad(indent, &out)
        out += bracket.utf8
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
