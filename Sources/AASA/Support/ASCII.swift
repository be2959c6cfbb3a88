/// Byte-level ASCII helpers shared by the matcher, the crawler and the fetcher, which all read URLs and headers
/// as UTF-8 bytes on hot paths.
package enum ASCII {
    /// A-Z to a-z; every other byte (UTF-8 continuation bytes included) unchanged.
    @inlinable @inline(__always) package static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
