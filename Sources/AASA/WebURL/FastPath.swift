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
        let found = input.utf8.withContiguousStorageIfAvailable { bytes -> WebURL? in
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
        return found ?? nil
    }

    /// A reference with no scheme and no authority against an http(s) base: a path (absolute, or relative with no
    /// `:` in its first segment), `?query` or `#fragment`, or nothing; all plain.
    static func relative(_ input: String, against base: WebURL) -> WebURL? {
        guard base.isHTTP else { return nil }
        let layout = base.layout
        // Both strings' bytes in place (native strings are contiguous; anything else goes to the parser).
        let resolved = input.utf8.withContiguousStorageIfAvailable { reference in
            base.href.utf8.withContiguousStorageIfAvailable { baseBytes in
                relative(reference, against: baseBytes, layout)
            } ?? nil
        }
        return resolved ?? nil
    }

    static func relative(
        _ reference: UnsafeBufferPointer<UInt8>, against base: UnsafeBufferPointer<UInt8>, _ baseLayout: WebURL.Layout
    ) -> WebURL? {
        guard reference.count < Int32.max / 2 else { return nil }
        let queryEnd = baseLayout.fragmentStart >= 0 ? Int(baseLayout.fragmentStart) : base.count
        let pathEnd = baseLayout.queryStart >= 0 ? Int(baseLayout.queryStart) : queryEnd
        var layout = baseLayout
        layout.fragmentStart = -1
        let prefixEnd: Int
        if reference.isEmpty {
            prefixEnd = queryEnd
        } else {
            switch reference[0] {
            case UInt8(ascii: "#"):
                prefixEnd = queryEnd
            case UInt8(ascii: "?"):
                prefixEnd = pathEnd
                layout.queryStart = -1
            case UInt8(ascii: "/"):
                guard reference.count == 1 || reference[1] != UInt8(ascii: "/") else { return nil }
                prefixEnd = Int(baseLayout.pathStart)
                layout.queryStart = -1
            default:
                // A colon before the first `/`, `?` or `#` could end a scheme.
                for byte in reference {
                    if byte == UInt8(ascii: ":") { return nil }
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                }
                // The base's path up to its last `/` (an http(s) path always starts with one).
                var slash = pathEnd - 1
                while slash > Int(baseLayout.pathStart) && base[slash] != UInt8(ascii: "/") { slash -= 1 }
                prefixEnd = slash + 1
                layout.queryStart = -1
            }
        }
        let pathFrom = reference.first == UInt8(ascii: "/") ? 1 : 0
        guard let found = scan(reference, pathFrom: pathFrom) else { return nil }
        if found.queryStart >= 0 { layout.queryStart = Int32(prefixEnd + found.queryStart) }
        if found.fragmentStart >= 0 { layout.fragmentStart = Int32(prefixEnd + found.fragmentStart) }
        let href = String(unsafeUninitializedCapacity: prefixEnd + reference.count) { buffer in
            _ = buffer.initialize(fromContentsOf: base[..<prefixEnd])
            _ = buffer[prefixEnd...].initialize(fromContentsOf: reference)
            return prefixEnd + reference.count
        }
        return WebURL(href: href, layout: layout)
    }
}
