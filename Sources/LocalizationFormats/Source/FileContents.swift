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
/// the kernel and then filled by a copy out of the page cache: tens of milliseconds for a 26 MB
/// String Catalog on a virtual machine. Mapped, its bytes are the page cache's, in 3 to 4 ms.
///
/// Another program may change the file while it is mapped, and a mapping shows the change where a
/// read copied the file once. A page the file lost (it was cut short) reads as zeros rather than
/// stopping the process, and `changedWhileMapped` tells the reader to read the file again.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes, constant while the mapping lives.
    public let bytes: UnsafeBufferPointer<UInt8>
    private let slot: Int32
    /// The file, kept open to be asked whether it changed, and what it was when mapped.
    private let descriptor: Int32
    private let mapped: Stamp

    /// What tells one state of a file from another: its size and when it was last written.
    private struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int

        init?(_ descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            size = Int(info.st_size)
            #if canImport(Darwin)
                (seconds, nanoseconds) = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
            #else
                (seconds, nanoseconds) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
            #endif
        }
    }

    /// Maps the `size` bytes of the open file `descriptor`; nil when it cannot be mapped (the
    /// caller reads it instead).
    init?(descriptor: Int32, size: Int) {
        let kept = dup(descriptor)
        guard kept >= 0 else { return nil }
        var slot: Int32 = -1
        guard size > 0, let stamp = Stamp(kept), stamp.size == size, let address = stringscheck_map_file(kept, size, &slot) else {
            close(kept)
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        self.slot = slot
        self.descriptor = kept
        mapped = stamp
    }

    /// Whether the file changed since it was mapped, so the bytes read may not be one state of it:
    /// a page it lost was read (as zeros), or its size or time of last writing differ. A file
    /// replaced by another (saved by renaming a new file over it) is not this one: the mapping
    /// keeps the file as it was, whole.
    public var changedWhileMapped: Bool {
        stringscheck_mapped_file_changed(slot) != 0 || Stamp(descriptor) != mapped
    }

    deinit {
        if let base = bytes.baseAddress { stringscheck_unmap_file(base, bytes.count, slot) }
        close(descriptor)
    }
}
