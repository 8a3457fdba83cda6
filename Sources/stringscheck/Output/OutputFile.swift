import LocalizationFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's identity on disk, which two spellings of one path share.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The files a run reads, so that a report never replaces one of them.
struct ReadFiles {
    private var identities: Set<FileIdentity> = []

    init(_ paths: [String]) {
        for path in paths { if let identity = FileIdentity(path: path) { identities.insert(identity) } }
    }

    func contains(_ path: String) -> Bool { FileIdentity(path: path).map(identities.contains) ?? false }
}

/// Why a report could not be written where it was asked to go.
struct OutputError: Error {
    var message: String
}

/// Writes reports and baselines to the file the user named, without ever destroying input:
///
/// - a file the run reads, or a localization, payload or configuration file, is refused unless
///   the user forces it (`--force-overwrite`);
/// - a device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe) is written through, never
///   replaced by a regular file;
/// - a symbolic link is followed on purpose: the file it points to is replaced and the link stays;
/// - a regular file is replaced atomically (a temporary file beside it, renamed over it), keeping
///   the target's permissions (and owner, when allowed); the temporary file is named
///   `.NAME.stringscheck-PID.tmp` and removed if the run is interrupted.
enum OutputFile {
    /// Writes the output `produce` writes to the descriptor it is given (returning the errno of a
    /// failure, else nil): made only once the file is known to be one a report may go to, and
    /// written as it is made. A regular file's temporary file is there while the output is made;
    /// an interruption removes it (see `InterruptCleanup`), a crash or `SIGKILL` leaves it.
    static func write(to given: String, reads: ReadFiles, force: Bool, producing produce: (Int32) -> Int32?) throws(OutputError) {
        // A link that points nowhere yet is followed too: the report goes where it points.
        let path = followingLinks(given)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw OutputError(message: "'\(path)' is a folder") }
        let resolved = exists ? realPath(path) ?? path : path
        if !force {
            let name = resolved.split(separator: "/").last.map(String.init) ?? resolved
            if exists, reads.contains(path) {
                throw OutputError(
                    message: "'\(path)' is a file this run reads; refusing to write over it (--force-overwrite to do it anyway)")
            }
            if FileKind.table(name) != nil || name.hasSuffix(".apns") || name == ".stringscheck.yml" {
                throw OutputError(
                    message:
                        "'\(path)' is a localization, payload or configuration file; refusing to write a report there (--force-overwrite to do it anyway)"
                )
            }
        }
        if exists, info.st_mode & S_IFMT != S_IFREG {
            try writeThrough(produce, to: path)
        } else {
            try replace(resolved, with: produce, keeping: exists ? info : nil)
        }
    }

    /// Replaces a file the run read and changed (`fix`, `format`): through a symbolic link (the
    /// link stays), atomically, keeping its permissions and owner; refused when the file is no
    /// longer what was read (changed during the run).
    static func rewrite(_ given: String, from original: [UInt8], to bytes: [UInt8]) throws(OutputError) {
        let path = followingLinks(given)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw OutputError(message: "'\(given)' is no longer a regular file")
        }
        // Replaced by a rename, a file with other hard links would lose them.
        guard info.st_nlink <= 1 else { throw OutputError(message: "'\(given)' has other hard links; left as it is") }
        guard case .success(let current) = FileBytes.read(path, maximumSize: original.count + 1), current == original else {
            throw OutputError(message: "'\(given)' changed during the run; left as it is")
        }
        try replace(realPath(path) ?? path, with: { fd in writeAll(fd, bytes) }, keeping: info, unchangedSince: info)
    }

    /// Whether the file at `path` is still the one `snapshot` describes (same file, size and
    /// modification time).
    static func isUnchanged(_ path: String, since snapshot: stat) -> Bool {
        var now = stat()
        guard stat(path, &now) == 0 else { return false }
        #if canImport(Darwin)
            let (modified, then) = (now.st_mtimespec, snapshot.st_mtimespec)
        #else
            let (modified, then) = (now.st_mtim, snapshot.st_mtim)
        #endif
        return now.st_ino == snapshot.st_ino && now.st_dev == snapshot.st_dev && now.st_size == snapshot.st_size
            && modified.tv_sec == then.tv_sec && modified.tv_nsec == then.tv_nsec
    }

    /// A device, FIFO or socket: opened for writing and written, as a shell redirection would.
    private static func writeThrough(_ produce: (Int32) -> Int32?, to path: String) throws(OutputError) {
        // Non-blocking first, so a FIFO nobody reads is an error rather than a hang.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "no process is reading it" : describe(errno)
            throw OutputError(message: "cannot write '\(path)': \(reason)")
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if let failure = produce(fd) { throw OutputError(message: "cannot write '\(path)': \(describe(failure))") }
    }

    /// A regular file (or a new one): written beside it and renamed over it.
    /// With `unchangedSince`, the file is checked again just before the rename and left alone when
    /// it changed after that snapshot.
    private static func replace(
        _ path: String, with produce: (Int32) -> Int32?, keeping existing: stat?, unchangedSince snapshot: stat? = nil
    ) throws(OutputError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).stringscheck-\(getpid()).tmp"
        let mode = existing.map { mode_t($0.st_mode & 0o7777) } ?? 0o666
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw OutputError(message: "cannot write '\(path)': \(describe(errno))") }
        InterruptCleanup.register(temporary)
        defer { InterruptCleanup.unregister() }
        if let existing {
            _ = fchmod(fd, mode_t(existing.st_mode & 0o7777))
            _ = fchown(fd, existing.st_uid, existing.st_gid)
        }
        // Every byte on the disk before the rename: a write error reported late (a full disk, a
        // network volume) leaves the file as it was.
        var failure = produce(fd)
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        InterruptCleanup.pauseForTests()
        if let failure {
            unlink(temporary)
            throw OutputError(message: "cannot write '\(path)': \(describe(failure))")
        }
        if let snapshot, !isUnchanged(path, since: snapshot) {
            unlink(temporary)
            throw OutputError(message: "'\(path)' changed during the run; left as it is")
        }
        guard rename(temporary, path) == 0 else {
            let reason = errno
            unlink(temporary)
            throw OutputError(message: "cannot write '\(path)': \(describe(reason))")
        }
    }

    /// The path a chain of symbolic links (up to 8) leads to; `given` when it is no link.
    static func followingLinks(_ given: String) -> String {
        var path = given
        var link = stat()
        for _ in 0..<8 where lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
            guard let target = readLink(path) else { break }
            let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
            path = target.hasPrefix("/") ? target : folder + target
        }
        return path
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Writes every byte, retrying short writes and interruptions; the errno of a failure, else nil.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
}

/// `writeAll` of a text's UTF-8, written from the text's own storage: a report is not copied into
/// an array first.
func writeAll(_ fd: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    if !Console.hasWritten { Console.hasWritten = true }
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}

/// Removes the temporary file of a report being written when the run is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then lets the signal end the process as it would have.
enum InterruptCleanup {
    // Read by the signal handler, which may only call async-signal-safe functions: a C string
    // set before the handlers can see it.
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    static func register(_ temporary: String) {
        if !installed {
            installed = true
            for number in [SIGINT, SIGTERM, SIGHUP] {
                _ = signal(number) { received in
                    if let path = InterruptCleanup.path { unlink(path) }
                    _ = signal(received, SIG_DFL)
                    raise(received)
                }
            }
        }
        path = strdup(temporary)
    }

    static func unregister() {
        let old = path
        path = nil
        free(old)
    }

    /// For the test that interrupts a write: waits between writing and renaming when
    /// `STRINGSCHECK_TEST_PAUSE_BEFORE_RENAME` is set.
    static func pauseForTests() {
        if getenv("STRINGSCHECK_TEST_PAUSE_BEFORE_RENAME") != nil { sleep(10) }
    }
}
