// Fuzz target: robots.txt and sitemap parsing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let robots = Robots(parsing: bytes)
    _ = robots.allows("/shop/a?b=c")
    _ = robots.allows(String(decoding: bytes.prefix(200), as: UTF8.self))
    _ = Sitemap.parse(bytes)
    return 0
}
