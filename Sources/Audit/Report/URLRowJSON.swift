import AASA

/// A value whose JSON the streamed writer writes byte by byte instead of asking JSONEncoder: a crawl has a
/// hundred thousand URL rows or more, and JSONEncoder builds each as a tree of values whose text must then be
/// re-indented (about 2.4 s of CPU for a 100,000-page crawl's rows, against 0.3 s by hand). The Codable
/// conformance stays the definition of the JSON, and reading uses it; this writes exactly the bytes
/// `JSONOutput.encoder()` writes for it, which a differential test compares.
protocol HandWrittenJSON: Encodable {
    /// Appends the value's JSON in `layout`: pretty, its lines after the first indented `layout.depth` levels (the
    /// caller has written the first line's indentation), as JSONEncoder would write it at that depth; or compact.
    func appendJSON(to out: inout [UInt8], layout: JSONBytes.Layout)
}

/// A URL row of report.json, in `encode(to:)`'s members, sorted.
extension URLReport: HandWrittenJSON {
    func appendJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        var object = JSONBytes.Object(layout, out: &out)
        let rule = decidingRule
        object.member("anchorText", string: anchorText, &out)
        if let android {
            object.member("androidPackage", string: android.package, &out)
            object.member("androidRule", string: android.rule, &out)
            object.member("androidUnknownReason", string: android.unknownReason, &out)
        }
        object.member("apps", strings: apps, &out)
        object.member("depth", int: depth, &out)
        object.member("foundOn", string: foundOn, &out)
        object.member("href", string: href, &out)
        object.member("httpStatus", int: httpStatus, &out)
        object.member("inlinks", int: inlinks, &out)
        object.member("note", string: note, &out)
        if unknown {
            object.member("opens", string: nil, &out)
        } else {
            object.member("opens", bool: opens, &out)
        }
        if let android { object.member("opensAndroid", bool: android.opens, &out) }
        object.member("opensApp", string: opensApp, &out)
        object.member("redirectTo", string: redirectTo, &out)
        object.member("rule", string: rule?.rule, &out)
        object.member("ruleLocation", string: rule?.pointer, &out)
        object.member("unknownReason", string: unknownReason, &out)
        object.member("url", string: url, &out)
        object.key("verdicts", &out)
        let list = layout.nested
        list.open("[", &out)
        for (position, verdict) in verdicts.enumerated() {
            list.element(first: position == 0, &out)
            verdict.appendJSON(to: &out, layout: list.nested)
        }
        list.close("]", &out)
        object.close(&out)
    }
}

extension AppVerdict: HandWrittenJSON {
    func appendJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        var object = JSONBytes.Object(layout, out: &out)
        object.member("appID", string: appID, &out)
        object.member("reason", string: reason, &out)
        object.member("result", string: result.rawValue, &out)
        object.key("rule", &out)
        if let rule { rule.appendJSON(to: &out, layout: layout.nested) } else { out += "null".utf8 }
        object.close(&out)
    }
}

extension RuleReference: HandWrittenJSON {
    func appendJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        var object = JSONBytes.Object(layout, out: &out)
        object.member("column", int: column, &out)
        object.member("detailsIndex", int: detailsIndex, &out)
        object.member("format", string: format.rawValue, &out)
        object.member("line", int: line, &out)
        object.member("pointer", string: pointer, &out)
        object.member("rule", string: rule, &out)
        object.member("ruleIndex", int: ruleIndex, &out)
        object.close(&out)
    }
}

/// The pieces of `JSONOutput.encoder()`'s layout: two spaces a level, `"key" : value`, a newline before a
/// closing bracket (so an empty container is an opening line, a blank line and the bracket), slashes and
/// non-ASCII as they are; or of `JSONOutput.compactEncoder()`'s, the same without the spaces and line breaks.
enum JSONBytes {
    /// Pretty at `depth` levels of nesting, or compact (one line, no spaces).
    struct Layout {
        var compact: Bool
        var depth: Int

        static let compact = Layout(compact: true, depth: 0)
        static func pretty(_ depth: Int) -> Layout { Layout(compact: false, depth: depth) }

        /// One level further in.
        var nested: Layout { Layout(compact: compact, depth: depth + 1) }

        /// A container's opening bracket (and, pretty, the line break after it).
        func open(_ bracket: StaticString, _ out: inout [UInt8]) {
            bracket.withUTF8Buffer { out += $0 }
            if !compact { out.append(UInt8(ascii: "\n")) }
        }

        /// Before an element of a container at this level: the separator unless `first`, then, pretty, the
        /// indentation of the level inside.
        func element(first: Bool, _ out: inout [UInt8]) {
            if !first { out += compact ? ",".utf8 : ",\n".utf8 }
            if !compact { JSONBytes.pad(depth + 1, &out) }
        }

        /// Between a member's name and its value.
        func colon(_ out: inout [UInt8]) {
            out += compact ? ":".utf8 : " : ".utf8
        }

        /// Pretty: a newline, then the bracket at the container's own indentation; compact: the bracket.
        func close(_ bracket: StaticString, _ out: inout [UInt8]) {
            if !compact {
                out.append(UInt8(ascii: "\n"))
                JSONBytes.pad(depth, &out)
            }
            bracket.withUTF8Buffer { out += $0 }
        }
    }

    /// An object being written: `{`, then members separated by `,` (and, pretty, a newline, each on its own
    /// indented line).
    struct Object {
        let layout: Layout
        private var empty = true

        init(_ layout: Layout, out: inout [UInt8]) {
            self.layout = layout
            layout.open("{", &out)
        }

        /// Starts a member: the separator, the indentation and `"name" : `. `name` needs no escaping.
        mutating func key(_ name: StaticString, _ out: inout [UInt8]) {
            layout.element(first: empty, &out)
            empty = false
            out.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { out += $0 }
            out.append(UInt8(ascii: "\""))
            layout.colon(&out)
        }

        mutating func member(_ name: StaticString, string value: String?, _ out: inout [UInt8]) {
            key(name, &out)
            if let value { JSONBytes.string(value, &out) } else { out += "null".utf8 }
        }

        mutating func member(_ name: StaticString, int value: Int?, _ out: inout [UInt8]) {
            key(name, &out)
            if let value { JSONBytes.int(value, &out) } else { out += "null".utf8 }
        }

        mutating func member(_ name: StaticString, bool value: Bool, _ out: inout [UInt8]) {
            key(name, &out)
            out += (value ? "true" : "false").utf8
        }

        mutating func member(_ name: StaticString, bool value: Bool?, _ out: inout [UInt8]) {
            key(name, &out)
            out += (value.map { $0 ? "true" : "false" } ?? "null").utf8
        }

        /// An array of strings, one element a line.
        mutating func member(_ name: StaticString, strings values: [String], _ out: inout [UInt8]) {
            key(name, &out)
            let list = layout.nested
            list.open("[", &out)
            for (position, value) in values.enumerated() {
                list.element(first: position == 0, &out)
                JSONBytes.string(value, &out)
            }
            list.close("]", &out)
        }

        func close(_ out: inout [UInt8]) {
            layout.close("}", &out)
        }
    }

    static func pad(_ depth: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Decimal digits, as JSONEncoder writes an integer.
    static func int(_ value: Int, _ out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            out += String(value).utf8
        }
    }

    /// JSONEncoder's escaping: `"` and `\` with a backslash, \b \f \n \r \t by name, the other control
    /// characters below U+0020 as `\u00XX` in lower-case hex; everything else (DEL, `/`, non-ASCII) as it is.
    static func string(_ text: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out += UnsafeBufferPointer(rebasing: bytes[start..<index])
                escape(byte, &out)
                start = index + 1
            }
            out += UnsafeBufferPointer(rebasing: bytes[start...])
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            hex.withUTF8Buffer { hex in
                out += [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ]
            }
        }
    }
}
