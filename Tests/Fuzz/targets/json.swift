// Fuzz target: strict JSON decoding, every document check, and the matcher built from what decodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = DecodedFile(bytes: bytes)
    _ = Catalogue.check(file)
    if let document = file.document {
        let matcher = Matcher(document)
        _ = matcher.verdicts(for: "https://example.com/shop/1?id=2#top")
        _ = matcher.explain("https://example.com/a%20b/c", appID: matcher.appIDs.first ?? "")
    }
    return 0
}
