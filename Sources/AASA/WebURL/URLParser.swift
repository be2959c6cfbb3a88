/// The URL Standard's basic URL parser, state by state, over the input's UTF-8 bytes.
///
/// The URL is written into one byte buffer in serialization order as the states run (scheme, authority, path,
/// query, fragment), so a component the Standard keeps as a list (the path) is its serialized form here:
/// popping a path segment is cutting the buffer back to its last `/`. Every byte above 0x7F is in every
/// percent-encode set, so encoding bytes one by one is the Standard's UTF-8 percent-encoding of code points.
/// - SeeAlso: https://url.spec.whatwg.org/#concept-basic-url-parser
struct URLParser {
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative, relativeSlash
        case specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host, port
        case file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    /// Trimmed of leading and trailing C0 controls and spaces, tabs and newlines removed.
    let input: UnsafeBufferPointer<UInt8>
    let base: WebURL?
    /// The base's serialization.
    let baseBytes: UnsafeBufferPointer<UInt8>
    let encoder: ((Substring) -> [UInt8])?

    var out: [UInt8] = []
    var layout = WebURL.Layout(schemeEnd: -1, pathStart: -1, scheme: .other)
    /// Where the path starts while parsing: after the authority, or after the scheme when there is none.
    var authorityEnd = 0
    /// Where the path segment being written starts (its `/`).
    var segmentStart = 0
    /// The state the next byte is read in, and that byte's position.
    var state = State.schemeStart
    var p = 0
    /// Where the buffer the Standard accumulates (authority, host, port, file host, query) starts in the input.
    var bufferStart = 0
    var atSignSeen = false
    var passwordTokenSeen = false
    var insideBrackets = false
    var username: [UInt8] = []
    var password: [UInt8] = []

    static func parse(
        _ input: String, base: WebURL?, queryEncoding: (@Sendable (Substring) -> [UInt8])?
    ) -> Result<WebURL, WebURL.Failure> {
        var text = input
        return text.withUTF8 { raw in
            var start = 0
            var end = raw.count
            while start < end && raw[start] <= 0x20 { start += 1 }
            while end > start && raw[end - 1] <= 0x20 { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
            if trimmed.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                let cleaned = trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
                return cleaned.withUnsafeBufferPointer { parse($0, base: base, queryEncoding: queryEncoding) }
            }
            return parse(trimmed, base: base, queryEncoding: queryEncoding)
        }
    }

    static func parse(
        _ input: UnsafeBufferPointer<UInt8>, base: WebURL?, queryEncoding: (@Sendable (Substring) -> [UInt8])?
    ) -> Result<WebURL, WebURL.Failure> {
        guard let base else {
            var parser = URLParser(
                input: input, base: nil, baseBytes: .init(start: nil, count: 0), encoder: queryEncoding)
            return parser.run()
        }
        var baseHref = base.href
        return baseHref.withUTF8 { baseBytes in
            var parser = URLParser(input: input, base: base, baseBytes: baseBytes, encoder: queryEncoding)
            return parser.run()
        }
    }

    var isSpecial: Bool { layout.scheme != .other }

    @inline(__always) func at(_ i: Int) -> Int { i >= 0 && i < input.count ? Int(input[i]) : -1 }

    mutating func run() -> Result<WebURL, WebURL.Failure> {
        let n = input.count
        out.reserveCapacity(n + baseBytes.count + 8)
        while true {
            let c = p < n ? Int(input[p]) : -1
            if let failure = step(c) { return .failure(failure) }
            if p == n { break }
            p += 1
        }
        return finish()
    }

    /// One input byte (`-1` at the end) in the current state; nil, or why the input is no URL.
    mutating func step(_ c: Int) -> WebURL.Failure? {
        switch state {
        case .schemeStart, .scheme, .noScheme: return schemeStates(c)
        case .specialRelativeOrAuthority, .pathOrAuthority, .relative, .relativeSlash, .specialAuthoritySlashes,
            .specialAuthorityIgnoreSlashes:
            relativeStates(c)
        case .authority, .host: return authorityStates(c)
        case .port: return portState(c)
        case .file, .fileSlash, .fileHost: return fileStates(c)
        case .pathStart, .path, .opaquePath: pathStates(c)
        case .query, .fragment: queryOrFragmentStates(c)
        }
        return nil
    }

    /// The scheme and what comes right after it: a scheme, none (a relative URL), an opaque path. Nil, or why the
    /// input is no URL.
    mutating func schemeStates(_ c: Int) -> WebURL.Failure? {
        switch state {
        case .schemeStart:
            if isAlpha(c) {
                out.append(UInt8(c) | 0x20)
                state = .scheme
            } else {
                state = .noScheme
                p -= 1
            }

        case .scheme:
            if isAlpha(c) || isDigit(c) || c == ascii("+") || c == ascii("-") || c == ascii(".") {
                out.append(isAlpha(c) ? UInt8(c) | 0x20 : UInt8(c))
            } else if c == ascii(":") {
                layout.schemeEnd = Int32(out.count)
                layout.scheme = out.withUnsafeBufferPointer { WebURL.SchemeKind($0) }
                out.append(UInt8(ascii: ":"))
                authorityEnd = out.count
                if layout.scheme == .file {
                    state = .file
                } else if isSpecial, let base, base.layout.scheme == layout.scheme {
                    state = .specialRelativeOrAuthority
                } else if isSpecial {
                    state = .specialAuthoritySlashes
                } else if at(p + 1) == ascii("/") {
                    state = .pathOrAuthority
                    p += 1
                } else {
                    layout.opaquePath = true
                    state = .opaquePath
                }
            } else {
                out.removeAll(keepingCapacity: true)
                state = .noScheme
                p = -1
            }

        case .noScheme:
            guard let base else {
                return .some(.init("there is no scheme (such as 'https:') and no base URL to resolve against"))
            }
            if base.layout.opaquePath {
                guard c == ascii("#") else {
                    return .some(
                        .init(
                            "there is no scheme, and the base URL has an opaque path ('\(base.scheme):…'), "
                                + "against which only a fragment ('#…') resolves"))
                }
                copyBase(upTo: base.queryEnd)
                layout = base.layout
                layout.fragmentStart = -1
                authorityEnd = base.authorityEnd
                startFragment()
                state = .fragment
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: baseBytes[...Int(base.layout.schemeEnd)]))
                layout.schemeEnd = base.layout.schemeEnd
                layout.scheme = base.layout.scheme
                authorityEnd = out.count
                state = base.layout.scheme == .file ? .file : .relative
                p -= 1
            }
        default: break
        }
        return nil
    }

    /// A relative URL against the base, or the slashes before an authority.
    mutating func relativeStates(_ c: Int) {
        switch state {
        case .specialRelativeOrAuthority:
            if c == ascii("/") && at(p + 1) == ascii("/") {
                state = .specialAuthorityIgnoreSlashes
                p += 1
            } else {
                state = .relative
                p -= 1
            }

        case .pathOrAuthority:
            if c == ascii("/") {
                state = .authority
                bufferStart = p + 1
            } else {
                state = .path
                beginSegment()
                p -= 1
            }

        case .relative:
            if c == ascii("/") || (isSpecial && c == ascii("\\")) {
                state = .relativeSlash
            } else {
                copyBaseAuthority()
                if !keepsBasePath(c) {
                    copyBasePath(withQuery: false)
                    shortenPath()
                    state = .path
                    beginSegment()
                    p -= 1
                }
            }

        case .relativeSlash:
            if isSpecial && (c == ascii("/") || c == ascii("\\")) {
                state = .specialAuthorityIgnoreSlashes
            } else if c == ascii("/") {
                state = .authority
                bufferStart = p + 1
            } else {
                copyBaseAuthority()
                state = .path
                beginSegment()
                p -= 1
            }

        case .specialAuthoritySlashes:
            state = .specialAuthorityIgnoreSlashes
            if c == ascii("/") && at(p + 1) == ascii("/") { p += 1 } else { p -= 1 }

        case .specialAuthorityIgnoreSlashes:
            if c != ascii("/") && c != ascii("\\") {
                state = .authority
                bufferStart = p
                p -= 1
            }
        default: break
        }
    }

    /// The credentials before an `@`, then the host. Nil, or why the input is no URL.
    mutating func authorityStates(_ c: Int) -> WebURL.Failure? {
        switch state {
        case .authority:
            if c == ascii("@") {
                if atSignSeen {
                    if passwordTokenSeen {
                        password.append(contentsOf: "%40".utf8)
                    } else {
                        username.append(contentsOf: "%40".utf8)
                    }
                }
                atSignSeen = true
                for byte in input[bufferStart..<p] {
                    if byte == UInt8(ascii: ":") && !passwordTokenSeen {
                        passwordTokenSeen = true
                    } else if passwordTokenSeen {
                        PercentEncoding.append(byte, .userinfo, to: &password)
                    } else {
                        PercentEncoding.append(byte, .userinfo, to: &username)
                    }
                }
                bufferStart = p + 1
            } else if c == -1 || c == ascii("/") || c == ascii("?") || c == ascii("#")
                || (isSpecial && c == ascii("\\"))
            {
                if atSignSeen && bufferStart == p {
                    return .some(.init("there are credentials (before an '@') but no host"))
                }
                p = bufferStart - 1
                state = .host
            }

        case .host:
            if c == ascii(":") && !insideBrackets {
                if bufferStart == p { return .some(.init("the host is missing before the port")) }
                if case .failure(let failure) = writeHost(bufferStart..<p, username, password) {
                    return .some(failure)
                }
                bufferStart = p + 1
                state = .port
            } else if c == -1 || c == ascii("/") || c == ascii("?") || c == ascii("#")
                || (isSpecial && c == ascii("\\"))
            {
                if isSpecial && bufferStart == p { return .some(.init("the host is missing")) }
                if case .failure(let failure) = writeHost(bufferStart..<p, username, password) {
                    return .some(failure)
                }
                p -= 1
                state = .pathStart
            } else if c == ascii("[") {
                insideBrackets = true
            } else if c == ascii("]") {
                insideBrackets = false
            }
        default: break
        }
        return nil
    }

    /// The port, written unless it is the scheme's default. Nil, or why the input is no URL.
    mutating func portState(_ c: Int) -> WebURL.Failure? {
        switch state {
        case .port:
            if isDigit(c) {
                // The digits accumulate in the buffer.
            } else if c == -1 || c == ascii("/") || c == ascii("?") || c == ascii("#")
                || (isSpecial && c == ascii("\\"))
            {
                if bufferStart < p {
                    var value = 0
                    for byte in input[bufferStart..<p] { value = min(value * 10 + Int(byte) - 0x30, 100_000) }
                    guard value <= 65535 else {
                        let digits = String(decoding: input[bufferStart..<min(p, bufferStart + 20)], as: UTF8.self)
                        return .some(
                            .init(
                                "the port \(digits)\(p - bufferStart > 20 ? "…" : "") is out of range (0 to 65535)")
                        )
                    }
                    if value != layout.scheme.defaultPort {
                        layout.port = Int32(value)
                        out.append(UInt8(ascii: ":"))
                        out.append(contentsOf: String(value).utf8)
                        authorityEnd = out.count
                    }
                }
                state = .pathStart
                p -= 1
            } else {
                return .some(
                    .init("the port contains \(HostParser.describe(UInt8(c))), which is not a digit"))
            }
        default: break
        }
        return nil
    }

    /// A `file:` URL's slashes and host, with the Windows drive letter quirks. Nil, or why the input is no URL.
    mutating func fileStates(_ c: Int) -> WebURL.Failure? {
        switch state {
        case .file:
            if c == ascii("/") || c == ascii("\\") {
                state = .fileSlash
            } else if let base, base.layout.scheme == .file {
                copyBaseAuthority()
                if !keepsBasePath(c) {
                    if !startsWithWindowsDriveLetter(p) {
                        copyBasePath(withQuery: false)
                        shortenPath()
                    }
                    state = .path
                    beginSegment()
                    p -= 1
                }
            } else {
                writeEmptyHost()
                state = .path
                beginSegment()
                p -= 1
            }

        case .fileSlash:
            if c == ascii("/") || c == ascii("\\") {
                state = .fileHost
                bufferStart = p + 1
            } else {
                if let base, base.layout.scheme == .file {
                    copyBaseAuthority()
                    let drive = Int(base.layout.pathStart)
                    if !startsWithWindowsDriveLetter(p), base.pathEnd - drive >= 3,
                        isNormalizedWindowsDriveLetter(baseBytes[drive + 1], baseBytes[drive + 2]),
                        base.pathEnd == drive + 3 || baseBytes[drive + 3] == UInt8(ascii: "/")
                    {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: baseBytes[drive..<(drive + 3)]))
                    }
                } else {
                    writeEmptyHost()
                }
                state = .path
                beginSegment()
                p -= 1
            }

        case .fileHost:
            if c == -1 || c == ascii("/") || c == ascii("\\") || c == ascii("?") || c == ascii("#") {
                if p - bufferStart == 2 && isWindowsDriveLetter(input[bufferStart], input[bufferStart + 1]) {
                    // The drive letter quirk: the buffer is the path's first segment, not a host.
                    writeEmptyHost()
                    beginSegment()
                    out.append(input[bufferStart])
                    out.append(input[bufferStart + 1])
                    state = .path
                } else if bufferStart == p {
                    writeEmptyHost()
                    state = .pathStart
                } else {
                    if case .failure(let failure) = writeHost(bufferStart..<p, [], [], fileHost: true) {
                        return .some(failure)
                    }
                    state = .pathStart
                }
                p -= 1
            }
        default: break
        }
        return nil
    }

    /// The path: special (segments, dot segments) or opaque.
    mutating func pathStates(_ c: Int) {
        switch state {
        case .pathStart:
            if isSpecial {
                state = .path
                beginSegment()
                if c != ascii("/") && c != ascii("\\") { p -= 1 }
            } else if c == ascii("?") {
                startQuery()
                bufferStart = p + 1
                state = .query
            } else if c == ascii("#") {
                startFragment()
                state = .fragment
            } else if c != -1 {
                state = .path
                beginSegment()
                if c != ascii("/") { p -= 1 }
            }

        case .path:
            let slash = c == ascii("/") || (isSpecial && c == ascii("\\"))
            if slash || c == -1 || c == ascii("?") || c == ascii("#") {
                finishSegment(continuing: slash)
                if slash {
                    beginSegment()
                } else if c == ascii("?") {
                    startQuery()
                    bufferStart = p + 1
                    state = .query
                } else if c == ascii("#") {
                    startFragment()
                    state = .fragment
                }
            } else {
                PercentEncoding.append(UInt8(c), .path, to: &out)
            }

        case .opaquePath:
            if c == ascii("?") {
                startQuery()
                bufferStart = p + 1
                state = .query
            } else if c == ascii("#") {
                startFragment()
                state = .fragment
            } else if c == ascii(" ") {
                // A space before the query or fragment is encoded, so an opaque path never ends in a space.
                let next = at(p + 1)
                if next == ascii("?") || next == ascii("#") {
                    out.append(contentsOf: "%20".utf8)
                } else {
                    out.append(UInt8(ascii: " "))
                }
            } else if c != -1 {
                PercentEncoding.append(UInt8(c), .c0Control, to: &out)
            }
        default: break
        }
    }

    /// The query (encoded in the page's encoding where it applies) and the fragment.
    mutating func queryOrFragmentStates(_ c: Int) {
        switch state {
        case .query:
            let encoded = encoder != nil && isSpecial && layout.scheme != .ws && layout.scheme != .wss
            if c == -1 || c == ascii("#") {
                if encoded, let encoder {
                    PercentEncoding.appendQuery(
                        UnsafeBufferPointer(rebasing: input[bufferStart..<p]), encoder: encoder, to: &out)
                }
                if c == ascii("#") {
                    startFragment()
                    state = .fragment
                }
            } else if !encoded {
                PercentEncoding.append(UInt8(c), isSpecial ? .specialQuery : .query, to: &out)
            }

        case .fragment:
            if c != -1 { PercentEncoding.append(UInt8(c), .fragment, to: &out) }
        default: break
        }
    }

    /// The relative and file states after copying the base's authority: `?` starts a new query on the base's
    /// path, `#` or the end keeps the base's query too. False for anything else, which the state handles.
    mutating func keepsBasePath(_ c: Int) -> Bool {
        if c == ascii("?") {
            copyBasePath(withQuery: false)
            startQuery()
            bufferStart = p + 1
            state = .query
            return true
        }
        guard c == -1 || c == ascii("#") else { return false }
        copyBasePath(withQuery: true)
        if c == ascii("#") {
            startFragment()
            state = .fragment
        }
        return true
    }

    /// The URL from the buffer: a host-less path that starts with `//` gets `/.` in front, so the serialization
    /// does not read as an authority when parsed again.
    mutating func finish() -> Result<WebURL, WebURL.Failure> {
        layout.pathStart = Int32(authorityEnd)
        if layout.hostKind == .none && !layout.opaquePath && out.count >= authorityEnd + 2
            && out[authorityEnd] == UInt8(ascii: "/") && out[authorityEnd + 1] == UInt8(ascii: "/")
        {
            out.insert(contentsOf: "/.".utf8, at: authorityEnd)
            layout.pathStart += 2
            if layout.queryStart >= 0 { layout.queryStart += 2 }
            if layout.fragmentStart >= 0 { layout.fragmentStart += 2 }
        }
        guard out.count < Int32.max else { return .failure(.init("the URL is longer than 2 GiB")) }
        return .success(WebURL(href: String(decoding: out, as: UTF8.self), layout: layout))
    }

    // MARK: Writing components

    mutating func startQuery() {
        layout.queryStart = Int32(out.count)
        out.append(UInt8(ascii: "?"))
    }

    mutating func startFragment() {
        layout.fragmentStart = Int32(out.count)
        out.append(UInt8(ascii: "#"))
    }

    /// Parses the host in `range` of the input and writes `//`, the credentials and the host.
    mutating func writeHost(
        _ range: Range<Int>, _ username: [UInt8], _ password: [UInt8], fileHost: Bool = false
    ) -> Result<Void, WebURL.Failure> {
        let parsed: HostParser.Parsed
        switch HostParser.parse(UnsafeBufferPointer(rebasing: input[range]), isOpaque: !isSpecial) {
        case .success(let host): parsed = host
        case .failure(let failure): return .failure(failure)
        }
        out.append(contentsOf: "//".utf8)
        if !username.isEmpty || !password.isEmpty {
            out.append(contentsOf: username)
            if !password.isEmpty {
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: password)
            }
            out.append(UInt8(ascii: "@"))
        }
        layout.hostStart = Int32(out.count)
        if fileHost && parsed.kind == .domain && parsed.serialized.elementsEqual("localhost".utf8) {
            layout.hostKind = .empty
        } else {
            out.append(contentsOf: parsed.serialized)
            layout.hostKind = parsed.kind
            layout.ipv4 = parsed.ipv4
        }
        layout.hostEnd = Int32(out.count)
        authorityEnd = out.count
        return .success(())
    }

    mutating func writeEmptyHost() {
        out.append(contentsOf: "//".utf8)
        layout.hostStart = Int32(out.count)
        layout.hostEnd = Int32(out.count)
        layout.hostKind = .empty
        authorityEnd = out.count
    }

    /// The base's credentials, host and port (the buffer holds the same scheme as the base, so the offsets hold).
    mutating func copyBaseAuthority() {
        guard let base else { return }
        let start = Int(base.layout.schemeEnd) + 1
        out.append(contentsOf: UnsafeBufferPointer(rebasing: baseBytes[start..<base.authorityEnd]))
        layout.hostStart = base.layout.hostStart
        layout.hostEnd = base.layout.hostEnd
        layout.hostKind = base.layout.hostKind
        layout.ipv4 = base.layout.ipv4
        layout.port = base.layout.port
        authorityEnd = out.count
    }

    /// The base's path, and its query when `withQuery`.
    mutating func copyBasePath(withQuery: Bool) {
        guard let base else { return }
        let start = Int(base.layout.pathStart)
        let shift = out.count - start
        let end = withQuery ? base.queryEnd : base.pathEnd
        out.append(contentsOf: UnsafeBufferPointer(rebasing: baseBytes[start..<end]))
        if withQuery && base.layout.queryStart >= 0 { layout.queryStart = base.layout.queryStart + Int32(shift) }
    }

    mutating func copyBase(upTo end: Int) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: baseBytes[..<end]))
    }

    // MARK: Path segments

    mutating func beginSegment() {
        segmentStart = out.count
        out.append(UInt8(ascii: "/"))
    }

    /// The Standard's path state at the end of a segment: `..` pops the one before, `.` goes, a file URL's first
    /// segment `C|` becomes `C:`. A dot segment at the end of the path leaves an empty segment (`/a/..` is `/`).
    mutating func finishSegment(continuing: Bool) {
        let start = segmentStart + 1
        let length = out.count - start
        if isDoubleDotSegment(start, length) {
            out.removeLast(out.count - segmentStart)
            shortenPath()
            if !continuing { out.append(UInt8(ascii: "/")) }
        } else if isSingleDotSegment(start, length) {
            out.removeLast(out.count - segmentStart)
            if !continuing { out.append(UInt8(ascii: "/")) }
        } else if layout.scheme == .file && segmentStart == authorityEnd && length == 2
            && isWindowsDriveLetter(out[start], out[start + 1])
        {
            out[start + 1] = UInt8(ascii: ":")
        }
    }

    /// Removes the path's last segment, except a file URL's lone drive letter (`file:///C:/..` stays on C:).
    mutating func shortenPath() {
        guard out.count > authorityEnd else { return }
        if layout.scheme == .file && out.count == authorityEnd + 3
            && isNormalizedWindowsDriveLetter(out[authorityEnd + 1], out[authorityEnd + 2])
        {
            return
        }
        var i = out.count - 1
        while out[i] != UInt8(ascii: "/") { i -= 1 }
        out.removeLast(out.count - i)
    }

    func isSingleDotSegment(_ start: Int, _ length: Int) -> Bool {
        switch length {
        case 1: out[start] == UInt8(ascii: ".")
        case 3: isEncodedDot(start)
        default: false
        }
    }

    func isDoubleDotSegment(_ start: Int, _ length: Int) -> Bool {
        switch length {
        case 2: out[start] == UInt8(ascii: ".") && out[start + 1] == UInt8(ascii: ".")
        case 4:
            (out[start] == UInt8(ascii: ".") && isEncodedDot(start + 1))
                || (isEncodedDot(start) && out[start + 3] == UInt8(ascii: "."))
        case 6: isEncodedDot(start) && isEncodedDot(start + 3)
        default: false
        }
    }

    /// `%2e` or `%2E`.
    func isEncodedDot(_ i: Int) -> Bool {
        out[i] == UInt8(ascii: "%") && out[i + 1] == UInt8(ascii: "2") && out[i + 2] | 0x20 == UInt8(ascii: "e")
    }

    /// Whether the input from `i` starts with a Windows drive letter: `C:` or `C|`, then the end or `/ \ ? #`.
    func startsWithWindowsDriveLetter(_ i: Int) -> Bool {
        guard i + 1 < input.count, isWindowsDriveLetter(input[i], input[i + 1]) else { return false }
        let third = at(i + 2)
        return third == -1 || third == ascii("/") || third == ascii("\\") || third == ascii("?") || third == ascii("#")
    }
}

@inline(__always) func ascii(_ scalar: Unicode.Scalar) -> Int { Int(scalar.value) }
@inline(__always) func isAlpha(_ c: Int) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
@inline(__always) func isDigit(_ c: Int) -> Bool { c >= 0x30 && c <= 0x39 }

func isWindowsDriveLetter(_ first: UInt8, _ second: UInt8) -> Bool {
    isAlpha(Int(first)) && (second == UInt8(ascii: ":") || second == UInt8(ascii: "|"))
}

func isNormalizedWindowsDriveLetter(_ first: UInt8, _ second: UInt8) -> Bool {
    isAlpha(Int(first)) && second == UInt8(ascii: ":")
}
