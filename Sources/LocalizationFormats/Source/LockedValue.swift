import Foundation

/// A value shared between threads behind a lock, for small caches filled on first use.
/// (`Synchronization.Mutex` would do, but needs macOS 15.)
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
