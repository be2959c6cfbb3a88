/// The common links of a crawl, resolved without the state machine: an http(s) URL already in its canonical form,
/// and a plain path, query or fragment against an http(s) base. Each either gives exactly what `URLParser` gives
/// or declines (nil), leaving the input to it: anything that needs encoding, a dot segment, `%`, a backslash, a
/// port, upper case in the scheme or host, a host that could be an address or needs IDNA.
enum FastPath {
    /// Bytes after which the fast path declines, per component: what the encode sets would change, what the parser
    /// would rewrite (`\` as `/`, `%2e` as a dot segment), controls and spaces (trimmed or removed by the parser),
    /// and non-ASCII. `?` and `#` are read as delimiters before these are asked.
    static let pathStop = PercentEncodeSet(adding: " \"#<>?^`{}\\%")
    static let queryStop = PercentEncodeSet(adding: " \"#<>'")
    static let fragmentStop = PercentEncodeSet(adding: " \"<>`")

    /// Where the query and fragment start in a plain reference (relative to its first byte), or nil when it is
    /// not plain. `pathFrom` is where the path starts; a path segment `.` or `..` is not plain.
    struct Scan {
        var queryStart = -1
        var fragmentStart = -1
    }

    @inline(__always) static func scan(_ bytes: UnsafeBufferPointer<UInt8>, pathFrom start: Int) -> Scan? {
        let pathStop = pathStop
        let queryStop = queryStop
        let fragmentStop = fragmentStop
        var result = Scan()
        var i = start
        var segment = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                if isDotSegment(bytes, segment, i) { return nil }
                if byte != UInt8(ascii: "/") { break }
                segment = i + 1
            } else if pathStop.contains(byte) {
                return nil
            }
            i += 1
        }
        if i == bytes.count && isDotSegment(bytes, segment, i) { return nil }
        if i < bytes.count && bytes[i] == UInt8(ascii: "?") {
            result.queryStart = i
            i += 1
            while i < bytes.count && bytes[i] != UInt8(ascii: "#") {
                if queryStop.contains(bytes[i]) { return nil }
                i += 1
            }
        }
        if i < bytes.count {
            result.fragmentStart = i
            i += 1
            while i < bytes.count {
                if fragmentStop.contains(bytes[i]) { return nil }
                i += 1
            }
        }
        return result
    }

    @inline(__always) static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 1: bytes[start] == UInt8(ascii: ".")
        case 2: bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".")
        default: false
        }
    }

    /// `http://` or `https://`, a lower-case host of letters, digits, `-`, `_` and `.` whose last label starts with
    /// a letter (so it is no IPv4 address) and has no `xn--` label, no port, then a plain path: the input is its
    /// own serialization.
    static func absolute(_ input: String) -> WebURL? {
        var text = input
        return text.withUTF8 { bytes -> WebURL? in
            guard bytes.count >= 8, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
                bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p")
            else { return nil }
            let scheme: WebURL.SchemeKind
            var i: Int
            if bytes[4] == UInt8(ascii: ":") {
                scheme = .http
                i = 5
            } else if bytes[4] == UInt8(ascii: "s") && bytes[5] == UInt8(ascii: ":") {
                scheme = .https
                i = 6
            } else {
                return nil
            }
            guard i + 2 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") else {
                return nil
            }
            i += 2
            let hostStart = i
            var labelStart = i
            var lastLabelStart = i
            while i < bytes.count && bytes[i] != UInt8(ascii: "/") {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                    UInt8(ascii: "_"):
                    if i == labelStart + 3 && byte == UInt8(ascii: "-") && bytes[labelStart] == UInt8(ascii: "x")
                        && bytes[labelStart + 1] == UInt8(ascii: "n") && bytes[labelStart + 2] == UInt8(ascii: "-")
                    {
                        return nil
                    }
                case UInt8(ascii: "."):
                    lastLabelStart = labelStart
                    labelStart = i + 1
                default: return nil
                }
                i += 1
            }
            let hostEnd = i
            // The last label, or the one before a trailing dot, must start with a letter.
            let last = labelStart < hostEnd ? labelStart : lastLabelStart
            guard hostEnd > hostStart, i < bytes.count, last < hostEnd,
                bytes[last] >= UInt8(ascii: "a") && bytes[last] <= UInt8(ascii: "z")
            else { return nil }
            guard let found = scan(bytes, pathFrom: i + 1) else { return nil }
            var layout = WebURL.Layout(
                schemeEnd: Int32(scheme == .http ? 4 : 5), pathStart: Int32(hostEnd), scheme: scheme)
            layout.hostStart = Int32(hostStart)
            layout.hostEnd = Int32(hostEnd)
            layout.hostKind = .domain
            layout.queryStart = Int32(found.queryStart)
            layout.fragmentStart = Int32(found.fragmentStart)
            return WebURL(href: input, layout: layout)
        }
    }

    /// A reference with no scheme and no authority against an http(s) base: a path (absolute, or relative with no
    /// `:` in its first segment), `?query` or `#fragment`, or nothing; all plain.
    static func relative(_ input: String, against base: WebURL) -> WebURL? {
        guard base.isHTTP, input.utf8.count < Int32.max / 2 else { return nil }
        var text = input
        return text.withUTF8 { reference -> WebURL? in
            let prefixEnd: Int
            var layout = base.layout
            layout.fragmentStart = -1
            var scanned = Scan()
            if reference.isEmpty {
                return WebURL(href: base.hrefWithoutFragment, layout: layout)
            }
            switch reference[0] {
            case UInt8(ascii: "#"):
                prefixEnd = base.queryEnd
                guard let found = scan(reference, pathFrom: 0) else {
                    return nil
                }
                scanned = found
            case UInt8(ascii: "?"):
                prefixEnd = base.pathEnd
                layout.queryStart = -1
                guard let found = scan(reference, pathFrom: 0) else { return nil }
                scanned = found
            case UInt8(ascii: "/"):
                guard reference.count == 1 || reference[1] != UInt8(ascii: "/") else { return nil }
                prefixEnd = Int(base.layout.pathStart)
                layout.queryStart = -1
                guard let found = scan(reference, pathFrom: 1) else { return nil }
                scanned = found
            default:
                // A colon before the first `/`, `?` or `#` could end a scheme.
                for byte in reference {
                    if byte == UInt8(ascii: ":") { return nil }
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                }
                prefixEnd = lastSlash(in: base) + 1
                layout.queryStart = -1
                guard let found = scan(reference, pathFrom: 0) else { return nil }
                scanned = found
            }
            if scanned.queryStart >= 0 { layout.queryStart = Int32(prefixEnd + scanned.queryStart) }
            if scanned.fragmentStart >= 0 { layout.fragmentStart = Int32(prefixEnd + scanned.fragmentStart) }
            var baseHref = base.href
            let href = baseHref.withUTF8 { baseBytes in
                String(unsafeUninitializedCapacity: prefixEnd + reference.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: baseBytes[..<prefixEnd])
                    _ = buffer[prefixEnd...].initialize(fromContentsOf: reference)
                    return prefixEnd + reference.count
                }
            }
            return WebURL(href: href, layout: layout)
        }
    }

    /// The offset of the last `/` of the base's path (an http(s) path always starts with one).
    static func lastSlash(in base: WebURL) -> Int {
        var href = base.href
        return href.withUTF8 { bytes in
            var i = base.pathEnd - 1
            while i > Int(base.layout.pathStart) && bytes[i] != UInt8(ascii: "/") { i -= 1 }
            return i
        }
    }
}
