import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints to the standard streams and writes report files (see `OutputFile`).
///
/// Standard output is written with `write(2)`: a full disk or a closed descriptor is a message
/// and exit status 2, never a crash; a reader that went away (`| head -1`) ends the output
/// quietly.
enum Console {
    /// Set once a pipe's reader has gone: nothing more is written to standard output.
    nonisolated(unsafe) private static var standardOutputClosed = false

    /// Set when the process started with standard output closed (`>&-`).
    nonisolated(unsafe) private static var standardOutputMissing = false

    /// Whether the process started with all three standard descriptors open (see
    /// `prepareStandardStreams`).
    nonisolated(unsafe) private(set) static var startedWithStandardStreams = true

    /// Whether anything has been written yet, to a stream or a file (see `writeAll`): a run that
    /// would start itself again (see `HugeHeap`) must not say anything twice. Set, never cleared,
    /// and read before any concurrent work.
    nonisolated(unsafe) static var hasWritten = false

    /// Called first thing in `main`. SIGPIPE would end the process with the shell's "Broken
    /// pipe" noise; the write's EPIPE is handled instead. A standard descriptor the process
    /// started without is opened on `/dev/null`, so the first file the run opens cannot take its
    /// number and receive the report.
    static func prepareStandardStreams() {
        _ = signal(SIGPIPE, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            startedWithStandardStreams = false
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if fd == 1 { standardOutputMissing = true }
        }
    }

    /// The width of the terminal standard output is, or nil when it is no terminal.
    static var terminalWidth: Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 else { return nil }
        return Int(size.ws_col)
    }

    /// Runs `write` (which returns an `errno` on failure) unless standard output is closed, and
    /// says what went wrong; a closed pipe (`EPIPE`) ends the output quietly.
    private static func writeStandardOutput(_ write: () -> Int32?) throws {
        if standardOutputMissing {
            error("stringscheck: cannot write to standard output: it is closed")
            throw ExitCode(2)
        }
        guard !standardOutputClosed, let failure = write() else { return }
        if failure == EPIPE {
            standardOutputClosed = true
            return
        }
        error("stringscheck: cannot write to standard output: \(OutputFile.describe(failure))")
        throw ExitCode(2)
    }

    static func error(_ text: String, newline: Bool = true) {
        _ = writeAll(2, Array((newline ? text + "\n" : text).utf8))
    }

    /// Writes `text` to standard output, or to the file at `path` (refusing any file in `reads`
    /// and any localization, payload or configuration file unless `force`). `reads` is gathered
    /// only for a file: it looks up every file the run read.
    static func write(
        _ text: String, to path: String?, reads: @autoclosure () -> ReadFiles = ReadFiles([]), force: Bool = false
    ) throws {
        guard let path else { return try writeStandardOutput { writeAll(1, text) } }
        try write(Array(text.utf8), to: path, reads: reads(), force: force)
    }

    static func write(
        _ bytes: [UInt8], to path: String?, reads: @autoclosure () -> ReadFiles = ReadFiles([]), force: Bool = false
    ) throws {
        try write(parts: [bytes], to: path, reads: reads(), force: force)
    }

    /// The same for output made in consecutive pieces, written one after the other.
    static func write(
        parts: [[UInt8]], to path: String?, reads: @autoclosure () -> ReadFiles = ReadFiles([]), force: Bool = false
    ) throws {
        try write(to: path, reads: reads(), force: force) { write in
            for part in parts { part.withUnsafeBytes(write) }
        }
    }

    /// The same for output `produce` makes and hands to the function it is given, piece by piece,
    /// as it makes them (on any thread, one piece at a time): nothing is made when the file is one
    /// a report may not go to, and the pieces after a failed write are dropped (the failure is
    /// reported once all are made).
    static func write(
        to path: String?, reads: @autoclosure () -> ReadFiles = ReadFiles([]), force: Bool = false,
        producing produce: ((UnsafeRawBufferPointer) -> Void) -> Void
    ) throws {
        func writer(_ fd: Int32) -> Int32? {
            var failure: Int32?
            produce { piece in
                if failure == nil { failure = writeAll(fd, piece) }
            }
            return failure
        }
        guard let path else { return try writeStandardOutput { writer(1) } }
        do {
            try OutputFile.write(to: path, reads: reads(), force: force, producing: writer)
        } catch let failure {
            error("stringscheck: \(failure.message)")
            throw ExitCode(2)
        }
    }
}
