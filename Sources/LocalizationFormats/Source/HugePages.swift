#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large buffer about to be written whole with huge pages (Linux's
/// transparent huge pages, where the system leaves them to each program's asking): one page
/// fault for each 2 MB of it rather than 512. A file read into memory and a report written
/// into one buffer each fault in every page of a fresh allocation, and on a 26 MB String
/// Catalog those faults were a tenth of the run. Asked only of buffers the caller writes in
/// full, so no page is backed that would not have been; a no-op elsewhere.
package enum HugePages {
    /// The buffers asked for: from 4 MB, where two whole huge pages fit inside.
    package static let minimumSize = 4 << 20
    private static let size = 2 << 20

    /// Advises the whole 2 MB pages inside the `count` bytes at `base`.
    package static func advise(_ base: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
            guard count >= minimumSize else { return }
            let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
            let end = (Int(bitPattern: base) + count) & ~(size - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        #endif
    }
}
