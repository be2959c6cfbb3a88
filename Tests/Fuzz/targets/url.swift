// Fuzz target: link resolution and normalisation with libcurl's URL API.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = CurlURL.resolve(text, against: "https://e.com/a/b?c=d")
    _ = CurlURL.resolve("/x", against: text)
    _ = PreparedURL(text)
    _ = DomainParser.parse(text)
    return 0
}
