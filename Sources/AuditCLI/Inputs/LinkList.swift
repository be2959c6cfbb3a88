import Audit
import Crawling
import Foundation

/// The links `links` judges: arguments, lists (one a line, `#` comments, or a CSV with a `url` column) and HTML
/// files (every `a` and `area` href with its text, through the libxml2 scanner the crawl uses). A value that is
/// not a link becomes an `InputError` naming its `FILE:LINE` (the first `RefusedInputs.kept`, the rest counted);
/// mailto:, tel:, sms: and javascript: hrefs, and empty or fragment-only ones, are skipped and counted. Past
/// `maximumLinks` links an input is refused as soon as it reaches the cap, before the rest of it is read.
struct LinkList {
    var links: [LinkInput] = []
    var refused = RefusedInputs()
    var skipped = 0

    /// Links judged per run at most: a bigger campaign is split into several runs.
    static let maximumLinks = 100_000

    /// The refused values kept with their reasons.
    var inputErrors: [InputError] { refused.errors }

    /// Adds one value, or records why it is not a link; `source` is built only when it is kept.
    mutating func add(_ value: String, source: @autoclosure () -> String, text: String? = nil) {
        let trimmed = ListReader.trimmed(value, newlines: true)
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
            skipped += 1
            return
        }
        if let reason = Self.refusal(trimmed) {
            if reason.isEmpty {
                skipped += 1
            } else {
                refused.append(InputError(input: String(trimmed.prefix(200)), source: source(), reason: reason))
            }
            return
        }
        links.append(LinkInput(input: value, source: source(), text: text, url: trimmed))
    }

    /// Why `text` is not a link to judge: "" for a skipped scheme, a reason for a mistake, nil for a link.
    static func refusal(_ text: String) -> String? {
        if text.utf8.count > LinkURL.maximumLength { return "longer than \(LinkURL.maximumLength) bytes" }
        // ASCII is judged byte by byte; only a value with other characters asks for their Unicode properties.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        if ascii
            ? text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
            : text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        {
            return "not a link: it contains a space or a control character"
        }
        guard let url = LinkURL(text) else { return "not a link: no scheme (write https://…)" }
        if LinkURL.skippedSchemes.contains(url.scheme) { return "" }
        if url.isHTTP && url.host.isEmpty { return "not a link: no host" }
        return nil
    }

    /// A list file or standard input ("-"), read a line at a time.
    mutating func read(list path: String, command: String) throws(UsageError) {
        let name = ListFile.name(path)
        try ListFile.read(
            path: path, column: "url", trailingComments: false, isHeader: { !$0.contains("/") }, command: command
        ) { item throws(UsageError) in
            switch item {
            case .value(let value, let line): add(value, source: "\(name):\(line)")
            case .refused(let input, let line, let reason):
                refused.append(InputError(input: input, source: "\(name):\(line)", reason: reason))
            }
            try checkCount(command: command)
        }
    }

    /// An HTML file: each `a`/`area` href with its text, named by the line its href is written on.
    mutating func read(html path: String, command: String) throws(UsageError) {
        let bytes = try InputFile.read(path, command: command)
        let name = path == "-" ? "<stdin>" : path
        // One more href than a run judges is enough to refuse the file.
        let (page, ends, utf8) = LinkScanner.scanPositions(bytes, maximumLinks: Self.maximumLinks + 1)
        if page.dropped > 0 {
            throw UsageError(
                "\(InputFile.name(path)) has more than \(RefusedInputs.grouped(Self.maximumLinks)) links: split it "
                    + "into several runs", command: command)
        }
        var finder = LineFinder(bytes, utf8: utf8)
        for (link, end) in zip(page.links, ends) where link.kind == .anchor || link.kind == .area {
            let written = link.href.trimmingCharacters(in: .whitespacesAndNewlines)
            let line = finder.line(of: written, tagEnd: end)
            let href = Self.resolve(written, base: page.base)
            let source = "\(name):\(line)"
            if !href.isEmpty, !href.hasPrefix("#"), LinkURL(href) == nil {
                refused.append(
                    InputError(
                        input: String(written.prefix(200)), source: source,
                        reason: "a relative link: no <base href> to resolve it"))
                continue
            }
            add(href, source: source, text: link.text)
            try checkCount(command: command)
        }
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
            throw UsageError(
                "more than \(RefusedInputs.grouped(Self.maximumLinks)) links: split them into several runs",
                command: command)
        }
    }
}
