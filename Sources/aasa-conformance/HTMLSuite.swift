import Crawling
import Foundation

/// The html suite: html5lib's tokenizer tests, each run through the real link scanner (`LinkScanner.scan` on a
/// generated page) as an `<a href>`. Two kinds of case apply:
/// - a start tag whose expected output is a single `StartTag` with one attribute with a non-empty value: the tag and
///   the attribute are renamed `a` and `href` and the rest of the input is kept as written (`<h a='b'>` becomes
///   `<a href='b'>`), so the href must be the attribute's expected value. A case whose value is empty tests how an
///   attribute's name is read, which a link scanner never reports (an empty href is no link either way): not
///   applicable.
/// - every named and numeric character reference of namedEntities.test and numericEntities.test, written at the
///   end of an href (`<a href="x&AElig">`): the reference is just before the closing quote, so the Standard's
///   attribute-value rule (a legacy reference without `;` followed by `=` or an alphanumeric stays as written)
///   never applies to it and the expected value is "x" followed by the Data state's expected characters. Should a
///   case carry text after its reference, that text is in the href too, and when the reference is a legacy one
///   (the case reports a missing semicolon, and the text starts with `=` or an alphanumeric) the expected value is
///   the input as written.
/// Only the Data state applies (a case for other initial states only is not applicable); `doubleEscaped` cases are
/// unescaped first, and one that needs a lone surrogate cannot be written in a page's bytes: not applicable.
enum HTMLSuite {
    static func run(_ folder: URL) throws -> SuiteReport {
        var report = SuiteReport("html")
        let directory = folder.appendingPathComponent("html5lib-tokenizer")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".test")
        }
        guard !files.isEmpty else {
            throw ConformanceError(
                "\(directory.path) has no .test files: pass the folder laid out as the conformance data is")
        }
        for file in files.sorted() {
            let root = try readJSON(folder, "html5lib-tokenizer/\(file)") as? [String: Any]
            let tests = root?["tests"] as? [[String: Any]] ?? []
            let references = file == "namedEntities.test" || file == "numericEntities.test"
            for (index, test) in tests.enumerated() {
                let id = "\(file)#\(index)"
                guard let test = Case(test), test.dataState else {
                    report.notApplicable += 1
                    continue
                }
                let probe = references ? test.referenceInHref() : test.startTagAsAnchor()
                guard let probe else {
                    report.notApplicable += 1
                    continue
                }
                let links = LinkScanner.scan(Array(probe.page.utf8), charset: "UTF-8").links
                let got = links.map(\.href)
                let agrees = links.count == 1 && links[0].kind == .anchor && got == [probe.href]
                report.record(
                    references ? "\(id):\(test.input)" : id, agrees: agrees,
                    "\(shown(probe.page)) should give the href \(shown(probe.href)), gave \(got.map(shown))")
            }
        }
        return report
    }

    /// A string with its control and non-ASCII characters as \u{…}, so a disagreement prints on one line.
    static func shown(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar == "\"" {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One tokenizer test, unescaped when `doubleEscaped`.
    struct Case {
        let input: String
        let output: [[Any]]
        let errors: [String]
        let dataState: Bool

        init?(_ test: [String: Any]) {
            let double = test["doubleEscaped"] as? Bool ?? false
            guard let raw = test["input"] as? String, let input = double ? Case.unescape(raw) : raw,
                let output = test["output"] as? [[Any]]
            else { return nil }
            self.input = input
            var tokens: [[Any]] = []
            for token in output {
                guard double else {
                    tokens.append(token)
                    continue
                }
                var unescaped: [Any] = []
                for part in token {
                    if let text = part as? String {
                        guard let text = Case.unescape(text) else { return nil }
                        unescaped.append(text)
                    } else if let attributes = part as? [String: String] {
                        var map: [String: String] = [:]
                        for (name, value) in attributes {
                            guard let name = Case.unescape(name), let value = Case.unescape(value) else { return nil }
                            map[name] = value
                        }
                        unescaped.append(map)
                    } else {
                        unescaped.append(part)
                    }
                }
                tokens.append(unescaped)
            }
            self.output = tokens
            errors = (test["errors"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            let states = test["initialStates"] as? [String] ?? ["Data state"]
            dataState = states.contains("Data state")
        }

        /// `\u` escapes (four hex digits) resolved; nil when one leaves a lone surrogate (no page's bytes can hold it).
        static func unescape(_ text: String) -> String? {
            var units: [UInt16] = []
            let scalars = Array(text.unicodeScalars)
            var i = 0
            while i < scalars.count {
                if scalars[i] == "\\", i + 6 <= scalars.count, scalars[i + 1] == "u",
                    let unit = UInt16(String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)])), radix: 16)
                {
                    units.append(unit)
                    i += 6
                    continue
                }
                units.append(contentsOf: String(scalars[i]).utf16)
                i += 1
            }
            var decoded = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
                case .emptyInput: return decoded
                case .error: return nil
                }
            }
        }

        /// The start tag renamed `<a href…>` with the rest of the input as written, when the expected output is one
        /// start tag with one attribute whose value is not empty.
        func startTagAsAnchor() -> (page: String, href: String)? {
            guard output.count == 1, output[0].first as? String == "StartTag", output[0].count >= 3,
                let attributes = output[0][2] as? [String: String], attributes.count == 1,
                let (name, value) = attributes.first, !value.isEmpty
            else { return nil }
            // "<", the tag name, the space or slashes after it, then the attribute's name as written.
            let scalars = Array(input.unicodeScalars)
            guard scalars.first == "<", scalars.count > 1 else { return nil }
            var i = 1
            while i < scalars.count, !" \t\n\u{C}\r/>".unicodeScalars.contains(scalars[i]) { i += 1 }
            let separatorStart = i
            while i < scalars.count, " \t\n\u{C}\r/".unicodeScalars.contains(scalars[i]) { i += 1 }
            let nameScalars = Array(name.unicodeScalars)
            guard separatorStart > 1, i > separatorStart, i + nameScalars.count <= scalars.count,
                String(String.UnicodeScalarView(scalars[i..<(i + nameScalars.count)])).lowercased() == name
            else { return nil }
            let separator = String(String.UnicodeScalarView(scalars[separatorStart..<i]))
            let rest = String(String.UnicodeScalarView(scalars[(i + nameScalars.count)...]))
            return ("<a\(separator)href\(rest)", value)
        }

        /// The reference at the end of a quoted href, when the expected output is characters.
        func referenceInHref() -> (page: String, href: String)? {
            guard output.allSatisfy({ $0.first as? String == "Character" }) else { return nil }
            let characters = output.compactMap { $0.count > 1 ? $0[1] as? String : nil }.joined()
            let quote = input.contains("\"") ? (input.contains("'") ? nil : "'") : "\""
            guard let quote else { return nil }
            // Text after the reference: the common end of input and output.
            let inputScalars = Array(input.unicodeScalars)
            let outputScalars = Array(characters.unicodeScalars)
            var common = 0
            while common < inputScalars.count - 1, common < outputScalars.count,
                inputScalars[inputScalars.count - 1 - common] == outputScalars[outputScalars.count - 1 - common]
            {
                common += 1
            }
            var expected = characters
            if common > 0, errors.contains("missing-semicolon-after-character-reference"), !input.hasPrefix("&#") {
                let next = inputScalars[inputScalars.count - common]
                if next == "=" || (next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next))) {
                    expected = input
                }
            }
            return ("<a href=\(quote)x\(input)\(quote)>", "x" + expected)
        }
    }
}
