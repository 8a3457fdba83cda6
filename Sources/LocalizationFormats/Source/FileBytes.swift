#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads whole files into byte arrays with `open`, `fstat` and `read`: one allocation and one copy,
/// where `Data(contentsOf:)` and an array made from it cost two of each and a URL.
public enum FileBytes {
    /// The file's bytes, or why they cannot be read.
    public static func read(_ path: String) -> Result<[UInt8], FileReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileReadError(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(FileReadError(code: errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(FileReadError(code: EISDIR)) }
        // One byte more than the size, so a file read whole is known to be at its end; a file that
        // grew meanwhile (or reports no size) is read on in chunks.
        var chunk = max(Int(info.st_size), 0) + 1
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
            chunk = 65_536
        }
    }
}

/// A file that could not be read, in the system's words (`strerror`, lowercased).
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var description: String { String(cString: strerror(code)).lowercased() }
}
