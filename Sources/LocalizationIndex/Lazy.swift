import Foundation

/// A value built the first time it is asked for, once, whichever thread asks first.
///
/// The index builds its parts this way (and a rule's description its examples), so a command
/// pays only for what it reads: `coverage` of a project without payloads never scans a text.
package final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    package init() {}

    /// Whether the value was built.
    package var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value != nil
    }

    package func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
