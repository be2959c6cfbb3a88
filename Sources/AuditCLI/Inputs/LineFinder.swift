import Crawling
import Foundation

/// Finds the line each href of an HTML file is written on, in document order. The scanner reports hrefs decoded,
/// so the text is looked for as written and with `&` as `&amp;`; an href written with other character references
/// is named by the line its tag ends on. Given where each tag ends, an href is looked for only inside its tag and
/// the file is read once in all: looking through the rest of the file for every href not found took time
/// quadratic in the file (32,000 hrefs written with references: 68 s).
struct LineFinder {
    let bytes: [UInt8]
    /// Columns count UTF-8 characters; else a byte each.
    let utf8: Bool
    /// Bytes before `offset` are behind: their line breaks are counted in `line`.
    var offset = 0
    var line = 1
    /// Where the last tag end was placed in the bytes, and its line and column.
    private var cursor = 0
    private var cursorLine = 1
    private var cursorColumn = 1

    init(_ bytes: [UInt8], utf8: Bool = true) {
        self.bytes = bytes
        self.utf8 = utf8
    }

    /// The line of `href`, anywhere after the last href found; nil when it is not there.
    mutating func line(of href: String) -> Int? {
        let found = find(href, before: bytes.count)
        if let found { advance(to: found) }
        return found.map { _ in line }
    }

    /// The line of `href`, written in the tag that ends at `tagEnd`: where it is found inside the tag, else the line
    /// the tag ends on.
    mutating func line(of href: String, tagEnd: PageLinks.Position) -> Int {
        let end = place(tagEnd)
        var result = tagEnd.line
        if let found = find(href, before: end) {
            advance(to: found)
            result = line
        }
        advance(to: end)
        return result
    }

    /// The end of the first place of `href` (or its `&amp;` form) in `bytes[offset..<end]`.
    private func find(_ href: String, before end: Int) -> Int? {
        guard !href.isEmpty else { return nil }
        for needle in [href, href.replacingOccurrences(of: "&", with: "&amp;")] {
            let wanted = Array(needle.utf8)
            if let start = Self.find(wanted, in: bytes, from: offset, to: end) { return start + wanted.count }
        }
        return nil
    }

    /// The byte offset of `position`, read on from the last one placed (tags come in document order).
    private mutating func place(_ position: PageLinks.Position) -> Int {
        while cursor < bytes.count
            && (cursorLine < position.line || (cursorLine == position.line && cursorColumn < position.column))
        {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") {
                cursorLine += 1
                cursorColumn = 1
            } else if !utf8 || byte & 0xC0 != 0x80 {
                cursorColumn += 1
            }
            cursor += 1
        }
        return max(cursor, offset)
    }

    private mutating func advance(to end: Int) {
        guard end > offset else { return }
        line += bytes[offset..<end].count { $0 == UInt8(ascii: "\n") }
        offset = end
    }

    /// The first place of `needle` in `haystack[start..<end]`, in time linear in both (Knuth–Morris–Pratt): a
    /// hostile tag cannot make the search quadratic.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        let end = min(end ?? haystack.count, haystack.count)
        guard !needle.isEmpty, start <= end, needle.count <= end - start else { return nil }
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(1, needle.count) {
            while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            failure[i] = k
        }
        var matched = 0
        for i in start..<end {
            while matched > 0 && haystack[i] != needle[matched] { matched = failure[matched - 1] }
            if haystack[i] == needle[matched] { matched += 1 }
            if matched == needle.count { return i - needle.count + 1 }
        }
        return nil
    }
}
