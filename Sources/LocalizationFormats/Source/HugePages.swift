#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large buffer about to be written with huge pages (Linux's
/// transparent huge pages, where the system leaves them to each program's asking): one page
/// fault for each 2 MB of it rather than 512. A file read into memory and a report written into
/// one buffer each fault in every page of a fresh allocation, and on this machine's virtual
/// machine a fault costs several microseconds. Only the whole 2 MB pages inside the buffer are
/// asked for; a buffer its writer does not fill (a report's estimated room) may have up to 2 MB
/// more of it resident than it writes. A no-op elsewhere.
package enum HugePages {
    /// The buffers asked for: from 4 MB, where at least one whole huge page lies inside.
    package static let minimumSize = 4 << 20
    private static let pageSize = 2 << 20

    /// Advises the whole 2 MB pages inside the `count` bytes at `base`.
    @inlinable package static func advise(_ base: UnsafeMutableRawPointer, count: Int) {
        if count >= minimumSize { adviseLarge(base, count: count) }
    }

    @usableFromInline static func adviseLarge(_ base: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
            guard let pages = range(base: Int(bitPattern: base), count: count),
                let start = UnsafeMutableRawPointer(bitPattern: pages.lowerBound)
            else { return }
            _ = madvise(start, pages.count, MADV_HUGEPAGE)
        #endif
    }

    /// The addresses of the whole 2 MB pages inside the `count` bytes at address `base`; nil for a
    /// buffer under `minimumSize` or with no whole page inside.
    static func range(base: Int, count: Int) -> Range<Int>? {
        guard count >= minimumSize else { return nil }
        let start = (base + pageSize - 1) & ~(pageSize - 1)
        let end = (base + count) & ~(pageSize - 1)
        return end > start ? start..<end : nil
    }
}
