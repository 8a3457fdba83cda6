import Dispatch

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemReadAt = Glibc.pread
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemReadAt = Darwin.pread
#endif

/// Reads whole files into byte arrays with `open`, `fstat` and `read` (a large file's two halves at
/// once with `pread`): one allocation and one copy, where `Data(contentsOf:)` and an array made
/// from it cost two of each and a URL.
public enum FileBytes {
    /// The largest file read unless the configuration says otherwise (`max_file_size`): several
    /// times the largest String Catalog of a real app, and a reading that fits in memory on a
    /// laptop (a file takes up to three times its size while it is parsed).
    public static let defaultMaximumSize = 128 << 20

    /// The file's bytes, or why they cannot be read. Only regular files are read: a named pipe
    /// or a device (which would block, or never end) is refused, as is a file over `maximumSize`.
    public static func read(_ path: String, maximumSize: Int = defaultMaximumSize) -> Result<[UInt8], FileReadError> {
        withOpenFile(path, maximumSize: maximumSize) { descriptor, size in read(descriptor, size: size, maximumSize: maximumSize) }
    }

    /// The file's bytes as `read` gives them, or mapped into memory when the file is `mappingFrom`
    /// bytes or more (see `MappedFile`): for a reader that only borrows them, and reads the file
    /// again if it changed meanwhile (`MappedFile.changedWhileMapped`).
    public static func contents(_ path: String, maximumSize: Int = defaultMaximumSize, mappingFrom minimumSize: Int)
        -> Result<FileContents, FileReadError>
    {
        withOpenFile(path, maximumSize: maximumSize) { descriptor, size in
            if size >= minimumSize, let file = MappedFile(descriptor: descriptor, size: size) { return .success(.mapped(file)) }
            return read(descriptor, size: size, maximumSize: maximumSize).map(FileContents.bytes)
        }
    }

    /// Opens the file at `path` and calls `body` with its descriptor and size; a failure, without
    /// calling it, unless it is a regular file of at most `maximumSize` bytes.
    private static func withOpenFile<Success>(
        _ path: String, maximumSize: Int, _ body: (_ descriptor: Int32, _ size: Int) -> Result<Success, FileReadError>
    ) -> Result<Success, FileReadError> {
        // Non-blocking, so that opening a named pipe nobody writes returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileReadError(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(FileReadError(code: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(FileReadError(code: EISDIR))
        case S_IFIFO: return .failure(FileReadError(reason: .notRegular("a named pipe")))
        case S_IFCHR, S_IFBLK: return .failure(FileReadError(reason: .notRegular("a device")))
        case S_IFSOCK: return .failure(FileReadError(reason: .notRegular("a socket")))
        default: return .failure(FileReadError(reason: .notRegular("not a regular file")))
        }
        if Int(info.st_size) > maximumSize {
            return .failure(FileReadError(reason: .tooLarge(size: Int(info.st_size), limit: maximumSize)))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return body(descriptor, Int(info.st_size))
    }

    /// The bytes of the open regular file `descriptor`, of `size` bytes when it was measured.
    private static func read(_ descriptor: Int32, size: Int, maximumSize: Int) -> Result<[UInt8], FileReadError> {
        if halvesSizes.contains(size), let whole = readInHalves(descriptor, size: size) {
            return .success(whole)
        }
        // One byte more than the size, so a file read whole is known to be at its end; a file that
        // grew meanwhile is read on in chunks, up to the limit.
        var chunk = max(size, 0) + 1
        var result: [UInt8] = []
        while true {
            var failure: Int32 = 0
            let part = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
                count = 0
                while count < buffer.count, let base = buffer.baseAddress {
                    let got = systemRead(descriptor, base + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if got == 0 { break }
                    count += got
                }
            }
            if failure != 0 { return .failure(FileReadError(code: failure)) }
            if result.isEmpty { result = part } else { result += part }
            if part.count < chunk { return .success(result) }
            if result.count > maximumSize { return .failure(FileReadError(reason: .tooLarge(size: result.count, limit: maximumSize))) }
            chunk = 65_536
        }
    }
}

extension FileBytes {
    /// The sizes of file read in two halves at once: a large catalog's parse waits for its bytes,
    /// and the copy out of the page cache into a fresh buffer (a page fault for each page of it)
    /// takes half as long on two cores. From 4 MB, below 1 GB: a read as large as 2 GB is refused
    /// on some systems, and a file that large is read as it always was, whole or refused.
    static let halvesSizes = (4 << 20)..<(1 << 30)

    /// The size from which a String Catalog is mapped rather than read (`contents`): below it the
    /// heap's pages are reused, not fresh, and a read costs little more than a mapping.
    static let mappingSize = 1 << 20

    /// The `size` bytes of the open file `descriptor`, its halves read at once; nil when they are
    /// not all there and alone (the file shrank, grew or failed to read meanwhile), for the
    /// caller to read it in order instead.
    static func readInHalves(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            HugePages.advise(base, count: size)
            // A byte past the size means the file grew since it was measured.
            var extra: UInt8 = 0
            complete = bothHalvesRead(descriptor, into: base, size: size) && systemReadAt(descriptor, &extra, 1, off_t(size)) == 0
            if complete { count = size }
        }
        return complete ? bytes : nil
    }

    /// Whether the two halves of the `size` bytes of `descriptor` were read into `base`, each on a
    /// core of its own.
    private static func bothHalvesRead(_ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, size: Int) -> Bool {
        // Each half writes its own bytes and its own flag; both are read once both halves end.
        nonisolated(unsafe) let base = base
        let middle = size / 2
        let halves = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 2)
        defer { halves.deallocate() }
        halves.initialize(repeating: false)
        nonisolated(unsafe) let flags = halves
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let from = half == 0 ? 0 : middle
            flags[half] = readFully(descriptor, into: base + from, count: (half == 0 ? middle : size) - from, at: from)
        }
        return halves[0] && halves[1]
    }

    /// Whether all `count` bytes at `offset` were read into `base`.
    private static func readFully(_ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let got = systemReadAt(descriptor, base + done, count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return false }
            done += got
        }
        return true
    }
}

/// A file that could not be read, in the system's words (`strerror`, lowercased), or because it
/// is no regular file or is over the size limit.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case system(Int32)
        /// What it is instead: "a named pipe", "a device" …
        case notRegular(String)
        case tooLarge(size: Int, limit: Int)
    }

    public var reason: Reason

    public init(reason: Reason) { self.reason = reason }
    public init(code: Int32) { reason = .system(code) }

    public var description: String {
        switch reason {
        case .system(let code): String(cString: strerror(code)).lowercased()
        case .notRegular(let what): ParseMessage.notRegularFile(what: what).text
        case .tooLarge(let size, let limit): ParseMessage.overFileSizeLimit(size: size, limit: limit).text
        }
    }

    public static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? "\(Int(value.rounded())) MB" : "\((value * 10).rounded() / 10) MB"
    }
}
