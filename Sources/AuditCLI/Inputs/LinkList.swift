import Audit
import Crawling
import Foundation

/// The links `links` judges: arguments, lists (one a line, `#` comments, or a CSV with a `url` column) and HTML
/// files (every `a` and `area` href with its text, through the libxml2 scanner the crawl uses). A value that is
/// not a link becomes an `InputError` naming its `FILE:LINE`; mailto:, tel:, sms: and javascript: hrefs, and
/// empty or fragment-only ones, are skipped and counted.
struct LinkList {
    var links: [LinkInput] = []
    var inputErrors: [InputError] = []
    var skipped = 0

    /// Links judged per run at most: a bigger campaign is split into several runs.
    static let maximumLinks = 100_000

    /// Adds one value, or records why it is not a link.
    mutating func add(_ value: String, source: String, text: String? = nil) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
            skipped += 1
            return
        }
        if let reason = Self.refusal(trimmed) {
            if reason.isEmpty {
                skipped += 1
            } else {
                inputErrors.append(InputError(input: String(trimmed.prefix(200)), source: source, reason: reason))
            }
            return
        }
        links.append(LinkInput(input: value, source: source, text: text, url: trimmed))
    }

    /// Why `text` is not a link to judge: "" for a skipped scheme, a reason for a mistake, nil for a link.
    static func refusal(_ text: String) -> String? {
        if text.utf8.count > LinkURL.maximumLength { return "longer than \(LinkURL.maximumLength) bytes" }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "not a link: it contains a space or a control character"
        }
        guard let url = LinkURL(text) else { return "not a link: no scheme (write https://…)" }
        if LinkURL.skippedSchemes.contains(url.scheme) { return "" }
        if url.isHTTP && url.host.isEmpty { return "not a link: no host" }
        return nil
    }

    /// A list file or standard input ("-").
    mutating func read(list path: String, command: String) throws(UsageError) {
        let lines = try ListFile.parse(
            InputFile.read(path, command: command), path: path, column: "url", trailingComments: false,
            isHeader: { !$0.contains("/") }, command: command)
        for line in lines { add(line.value, source: line.source) }
        try checkCount(command: command)
    }

    /// An HTML file: each `a`/`area` href with its text, named by the line its href is written on.
    mutating func read(html path: String, command: String) throws(UsageError) {
        let bytes = try InputFile.read(path, command: command)
        let page = LinkScanner.scan(bytes)
        let name = path == "-" ? "<stdin>" : path
        var finder = LineFinder(bytes)
        for link in page.links where link.kind == .anchor || link.kind == .area {
            let written = link.href.trimmingCharacters(in: .whitespacesAndNewlines)
            let line = finder.line(of: written)
            let href = Self.resolve(written, base: page.base)
            let source = line.map { "\(name):\($0)" } ?? name
            if !href.isEmpty, !href.hasPrefix("#"), LinkURL(href) == nil {
                inputErrors.append(
                    InputError(
                        input: String(written.prefix(200)), source: source,
                        reason: "a relative link: no <base href> to resolve it"))
                continue
            }
            add(href, source: source, text: link.text)
        }
        try checkCount(command: command)
    }

    /// A relative href resolved against the page's `<base href>` when that is an absolute http(s) URL.
    static func resolve(_ href: String, base: String?) -> String {
        guard !href.isEmpty, !href.hasPrefix("#"), LinkURL(href) == nil, let base, LinkURL(base)?.isHTTP == true,
            let resolved = URL(string: href, relativeTo: URL(string: base))?.absoluteString
        else { return href }
        return resolved
    }

    func checkCount(command: String) throws(UsageError) {
        if links.count > Self.maximumLinks {
            throw UsageError("more than \(Self.maximumLinks) links: split them into several runs", command: command)
        }
    }
}

/// Finds the line each href is written on, in document order (the scanner reports hrefs decoded, so `&amp;` is
/// looked for too); a href not found keeps no line.
struct LineFinder {
    let bytes: [UInt8]
    var offset = 0
    var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func line(of href: String) -> Int? {
        guard !href.isEmpty else { return nil }
        for needle in [href, href.replacingOccurrences(of: "&", with: "&amp;")] {
            let wanted = Array(needle.utf8)
            if let found = Self.find(wanted, in: bytes, from: offset) {
                // Past the match: the same href written twice is two links on two lines.
                let end = found + wanted.count
                line += bytes[offset..<end].count { $0 == UInt8(ascii: "\n") }
                offset = end
                return line
            }
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
