// Fuzz target: the BER/DER reader behind CMS-signed files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CMSReader.read(bytes)
    _ = DecodedFile(bytes: [0x30] + bytes)
    return 0
}
