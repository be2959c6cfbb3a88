/// A `*`-only glob over bytes (`*` is any run, none included; every other byte is itself): what sensitive-path
/// patterns and ignore entries' domains share. On UTF-8 a literal can only match whole characters.
enum Glob {
    /// Whether `pattern` matches the whole of `text`; linear in practice (two pointers, one backtrack point).
    static func matches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let s = star {
                p = s + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
