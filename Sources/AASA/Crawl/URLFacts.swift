import Foundation

/// What a crawl records about one URL, declared once: a `URLReport` holds it (its members read as the row's own), and
/// a `URLTable` keeps it as each row is, so a new fact is one property here plus its line in `URLReport.jsonFields`,
/// and the table keeps, returns and copies it untouched. A 100,000-URL crawl keeps one of these per URL, so its three
/// numbers share one word (`Packed`), each in as many bits as a crawl can need, behind `Int?` properties; a row read
/// back from a report with a number its field cannot hold is refused (`URLReport.jsonFields` reads each within its
/// range). Not here: the URL and its href, which the table packs into bytes, and a redirect's target, which it keeps
/// apart since few rows have one.
public struct URLFacts: Sendable, Equatable {
    /// The page that names it (the crawl's choice does not depend on fetch order); shares the storage of that
    /// page's URL string, so a row costs no copy.
    public var foundOn: String?
    /// Why it was not fetched, or what happened when it was: one typed note each.
    public var notes: [URLNote] = []
    /// The first non-empty text of a link to it from the first page in `foundOn`'s order that has one, whitespace
    /// collapsed, at most 200 characters.
    public var anchorText: String?
    /// The Content-Type of the response the crawler got, as sent (control characters removed, at most 200
    /// characters); nil when it fetched nothing or no type came, and in reports written before crawls recorded it.
    public var contentType: String?
    /// The status, the depth and the inlinks: three `Int`s made every kept row 16 bytes bigger.
    private var numbers = Packed()

    /// What a row's status can be read back as. HTTP's statuses are three digits (RFC 9110 §15; libcurl reads no
    /// more), and 0 reads as none, as it always did.
    public static let httpStatuses = 0...999

    /// What a row's depth and inlinks can be. Both are at most the pages a crawl fetches, at most 100,000,000
    /// (`--max-pages`), so 27 bits hold any a crawl reaches; one set past it stays at the top (a count that saturates
    /// rather than wraps), and one read back past it is refused.
    public static let pageCounts = 0...Packed.depth.most

    public init(
        foundOn: String? = nil, httpStatus: Int? = nil, notes: [URLNote] = [], depth: Int? = nil, inlinks: Int? = nil,
        anchorText: String? = nil
    ) {
        self.foundOn = foundOn
        self.notes = notes
        self.anchorText = anchorText
        self.httpStatus = httpStatus
        self.depth = depth
        self.inlinks = inlinks
    }

    /// The status of the response the crawler got; nil when it fetched nothing. A number no server sends as a status
    /// (0, a negative one, one of four digits) is kept as none.
    public var httpStatus: Int? {
        get { numbers[Packed.status] }
        set {
            numbers[Packed.status] = newValue.flatMap { (1...URLFacts.httpStatuses.upperBound).contains($0) ? $0 : nil }
        }
    }

    /// Links from the start page to here (0 for the start page); nil for a URL known only from a sitemap, and in
    /// reports written before crawls recorded it.
    public var depth: Int? {
        get { numbers[Packed.depth] }
        set { numbers[Packed.depth] = newValue.map(URLFacts.pageCount) }
    }

    /// Crawled pages that link to it, each counted once; nil in reports written before crawls counted them.
    public var inlinks: Int? {
        get { numbers[Packed.inlinks] }
        set { numbers[Packed.inlinks] = newValue.map(URLFacts.pageCount) }
    }

    /// `count` within `pageCounts`: no crawl passes its top, and below 0 no page is counted.
    static func pageCount(_ count: Int) -> Int { min(max(count, 0), pageCounts.upperBound) }

    /// Numbers in bit fields of one word, each as the number plus one so that 0 is none (and a new row all zeros):
    /// the status in the low 10 bits, then the depth and the inlinks in 27 each.
    struct Packed: Sendable, Equatable {
        private var word: UInt64 = 0

        struct Field {
            let shift: UInt64
            let width: UInt64
            var mask: UInt64 { (1 << width) - 1 }
            /// The largest number the field holds.
            var most: Int { Int(mask) - 1 }
        }

        static let status = Field(shift: 0, width: 10)
        static let depth = Field(shift: 10, width: 27)
        static let inlinks = Field(shift: 37, width: 27)

        /// Set only to nil or a number from 0 to the field's `most` (the properties above see to it).
        subscript(field: Field) -> Int? {
            get {
                let stored = word >> field.shift & field.mask
                return stored == 0 ? nil : Int(stored) - 1
            }
            set {
                let stored = UInt64(truncatingIfNeeded: newValue.map { $0 + 1 } ?? 0) & field.mask
                word = word & ~(field.mask << field.shift) | stored << field.shift
            }
        }
    }
}
