import CFileMap

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes: read into an array, or mapped where the system keeps the file (see
/// `MappedFile`).
public enum FileContents: Sendable {
    case bytes([UInt8])
    case mapped(MappedFile)

    /// Calls `body` with the bytes where they lie.
    @inlinable
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .bytes(let bytes): try bytes.withUnsafeBufferPointer(body)
        case .mapped(let file): try body(file.bytes)
        }
    }

    /// The bytes in an array (a mapped file's copied out).
    public var array: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .mapped(let file): Array(file.bytes)
        }
    }
}

/// A file mapped read-only into memory, unmapped when the last reference goes. A large file read
/// into an array costs a fresh page of memory for every 4 KB of it, each faulted in, zeroed by
/// the kernel and then filled by a copy out of the page cache: on a virtual machine 40 to 110 ms
/// for a 26 MB String Catalog. Mapped, its bytes are the page cache's, in 3 to 4 ms.
///
/// A page the file lost while mapped (another program cut it short) reads as zeros rather than
/// stopping the process, and `wasCutShort` tells the reader to read the file again.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes, constant while the mapping lives.
    public let bytes: UnsafeBufferPointer<UInt8>
    private let slot: Int32

    /// Maps the `size` bytes of the open file `descriptor`; nil when it cannot be mapped (the
    /// caller reads it instead).
    init?(descriptor: Int32, size: Int) {
        var slot: Int32 = -1
        guard size > 0, let address = stringscheck_map_file(descriptor, size, &slot) else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        self.slot = slot
    }

    /// Whether a page of the file was read after the file lost it: it was cut short while mapped,
    /// and the bytes read are not the file's.
    public var wasCutShort: Bool { stringscheck_mapped_file_changed(slot) != 0 }

    deinit {
        if let base = bytes.baseAddress { stringscheck_unmap_file(base, bytes.count, slot) }
    }
}
