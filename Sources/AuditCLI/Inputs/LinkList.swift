import AASA
import Audit
import Crawling
import Foundation

/// The links `links` judges: arguments, lists (one a line, `#` comments, or a CSV with a `url` column) and HTML
/// files (every `a` and `area` href with its text, through the libxml2 scanner the crawl uses). A value that is
/// not a link becomes an `InputError` naming its `FILE:LINE` (the first `RefusedInputs.kept`, the rest counted);
/// an entry whose scheme `links` does not judge (`SkippedLink`: App Store, mail, phone, `ftp:`, `data:`…) is
/// listed in `skippedLinks` and counted, and empty or fragment-only ones are counted. Past `maximumLinks` links an
/// input is refused as soon as it reaches the cap, before the rest of it is read.
struct LinkList {
    var links: [LinkInput] = []
    var refused = RefusedInputs()
    /// Entries not judged: those in `skippedLinks`, and empty, comment and fragment-only ones.
    var skipped = 0
    /// The entries skipped for their scheme, each with its kind and reason.
    var skippedLinks = SkippedLinks()
    /// `--info-plist`'s schemes, set before any input is read: a system scheme the app declares is skipped as
    /// `custom-scheme`.
    var schemes: URLSchemes?
    /// A CSV list's columns other than `url`, carried through to links.csv.
    var columns = ListColumns()

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
        // Before the refusals: a mail link with a space in its subject or a long data: URL is skipped, not refused.
        if let (kind, reason) = SkippedLink.classify(trimmed, schemes: schemes) {
            skipped += 1
            skippedLinks.append(
                SkippedLink(
                    input: String(trimmed.prefix(SkippedLink.inputLength)), source: source(), kind: kind,
                    reason: reason))
            return
        }
        if let reason = Self.refusal(trimmed) {
            refused.append(InputError(input: String(trimmed.prefix(200)), source: source(), reason: reason))
            return
        }
        // Judged as a browser would request it: the URL Standard's canonical form (host case, default port, dot
        // segments, IDNA, percent-encoding), which `refusal` has already parsed.
        let url = WebURL(trimmed)?.href ?? trimmed
        links.append(LinkInput(input: value, source: source(), text: text, url: url))
    }

    /// Why `text` is not a link to judge, or nil for a link (a skipped scheme is told apart before, by `SkippedLink`).
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
        guard SkippedLink.scheme(of: text) != nil else { return "not a link: no scheme (write https://…)" }
        switch WebURL.parse(text) {
        case .failure(let failure): return "not a link: \(failure.reason)"
        case .success(let url): return url.isHTTP && url.hostname.isEmpty ? "not a link: no host" : nil
        }
    }

    /// A list file or standard input ("-"), read a line at a time.
    mutating func read(list path: String, command: String) throws(UsageError) {
        let name = ListFile.name(path)
        // The row whose value `ListFile` hands over next, with its header.
        var pending: (header: [String], row: [String])?
        try ListFile.read(
            path: path, column: "url", trailingComments: false, isHeader: { !$0.contains("/") }, command: command,
            cells: { pending = ($0, $1) }
        ) { item throws(UsageError) in
            if case .value(_, let line) = item, let (header, row) = pending {
                let skipping = header.firstIndex { $0.lowercased() == "url" } ?? -1
                columns.add(header: header, row: row, skipping: skipping, source: "\(name):\(line)")
            }
            pending = nil
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
        // The first <base href>, read as a browser freezes it: against nothing, since the file has no URL of its own.
        let base = page.base.flatMap { WebURL($0) }
        for (link, end) in zip(page.links, ends) where link.kind == .anchor || link.kind == .area {
            let written = link.href.trimmingCharacters(in: .whitespacesAndNewlines)
            let line = finder.line(of: written, tagEnd: end)
            let source = "\(name):\(line)"
            // Empty and fragment-only hrefs point into the file itself: counted, never judged; an entry skipped for
            // its scheme is listed as written.
            if written.isEmpty || written.hasPrefix("#") || SkippedLink.classify(written, schemes: schemes) != nil {
                add(written, source: source, text: link.text)
                continue
            }
            switch Self.resolve(link.href, base: page.base, parsed: base) {
            case .success(let url): add(url, source: source, text: link.text)
            case .failure(let failure):
                refused.append(InputError(input: String(written.prefix(200)), source: source, reason: failure.reason))
                continue
            }
            try checkCount(command: command)
        }
    }

    /// An href resolved as a browser resolves it (the URL Standard's parser, against the file's `<base href>`), or
    /// the real reason it is no link: the file has no `<base href>`, its base is not an absolute http(s) URL, or
    /// the Standard refuses the href.
    static func resolve(_ href: String, base: String?, parsed: WebURL?) -> Result<String, InputFailure> {
        let absolute = WebURL.parse(href)
        if case .success(let url) = absolute { return .success(url.href) }
        if SkippedLink.scheme(of: href.trimmingCharacters(in: .whitespacesAndNewlines)) != nil,
            case .failure(let failure) = absolute
        {
            return .failure(InputFailure("not a link: \(failure.reason)"))
        }
        guard let base else { return .failure(InputFailure("a relative link: no <base href> to resolve it")) }
        let shown = "\"" + String(base.prefix(200)) + "\""
        guard let parsed, parsed.isHTTP else {
            return .failure(
                InputFailure(
                    "a relative link: the <base href> \(shown) is not an absolute http(s) URL to resolve it against"))
        }
        switch WebURL.parse(href, base: parsed) {
        case .success(let url): return .success(url.href)
        case .failure(let failure):
            return .failure(
                InputFailure(
                    "a relative link that does not resolve against the <base href> \(shown): \(failure.reason)"))
        }
    }

    /// Why an href is no link, as the refusal's text.
    struct InputFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    func checkCount(command: String) throws(UsageError) {
        if links.count > Self.maximumLinks {
            throw UsageError(
                "more than \(RefusedInputs.grouped(Self.maximumLinks)) links: split them into several runs",
                command: command)
        }
    }
}
