// Fuzz target: the libxml2 SAX link scanner, with and without a declared charset, whole and streamed in uneven
// chunks; and the scanner's UTF-8 judgement against the standard library's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = LinkScanner.scan(bytes, charset: "utf-8")
    _ = LinkScanner.scan(bytes)
    _ = LinkScanner.scan(bytes, charset: "iso-8859-1")
    if LinkScanner.isUTF8(bytes) != (String(validating: bytes, as: UTF8.self) != nil) {
        fatalError("isUTF8 disagrees with String(validating:) on \(bytes)")
    }
    let stream = LinkScanner.Stream(charset: "utf-8")
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + 1 + offset % 97)
        bytes[offset..<end].withUnsafeBufferPointer { stream.consume($0) }
        offset = end
    }
    _ = stream.finish()
    return 0
}
