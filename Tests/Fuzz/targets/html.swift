// Fuzz target: the libxml2 SAX link scanner, with and without a declared charset.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = LinkScanner.scan(bytes)
    _ = LinkScanner.scan(bytes, charset: "iso-8859-1")
    return 0
}
