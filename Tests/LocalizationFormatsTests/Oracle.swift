import Foundation

/// Foundation used as an oracle, quietly: CoreFoundation writes a log line to standard error for
/// every old-style property list it rejects ("Old-style plist parser: missing semicolon…"), which
/// the differential tests feed it by the thousand. The test output (standard output) is untouched.
enum Oracle {
    private static let lock = NSLock()

    /// Runs `body` with standard error sent to /dev/null (one at a time: the descriptor is the
    /// process's).
    static func quietly<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        fflush(nil)
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, 2)
            close(null)
        }
        defer {
            fflush(nil)
            if saved >= 0 {
                dup2(saved, 2)
                close(saved)
            }
        }
        return try body()
    }
}
