// Fuzz target: link resolution and normalisation with libcurl's URL API.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = CurlURL.resolve(text, against: "https://e.com/a/b?c=d")
    // The plain-path shortcut must agree with libcurl wherever it answers.
    for base in ["https://e.com/a/b", "https://e.com/", "http://e.com/a/"] {
        if let quick = CurlURL.plainPath(text, against: base) {
            let slow = CurlURL.resolveWithCurl(text, against: base)
            if quick != slow { fatalError("plainPath \(quick) != libcurl \(slow) for \(text) against \(base)") }
        }
    }
    _ = CurlURL.resolve("/x", against: text)
    _ = PreparedURL(text)
    _ = DomainParser.parse(text)
    return 0
}
