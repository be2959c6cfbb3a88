import Foundation

/// Gives the memory the audit freed back to the system before the reports are written. glibc keeps a freed block in
/// the arena of the thread that freed it (the fetcher's, the task pool's), so without this the report phase's
/// buffers, taken from another thread's arena, come on top of the fetch phase's freed connections, TLS sessions and
/// task frames, and a run's peak RSS is the sum of both phases. Nothing happens where the C library has no
/// `malloc_trim` (macOS, musl).
enum FreedMemory {
    /// Domains audited between two releases while fetching: a release takes about a millisecond, and 500 domains
    /// take a second or more.
    static let domainsBetweenReleases = 500

    static func release() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            // RTLD_DEFAULT: glibc's own malloc_trim, found at run time (the Glibc module does not declare it).
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
