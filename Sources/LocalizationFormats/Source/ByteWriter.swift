/// Output bytes written through a pointer, for reports written in millions of small pieces
/// (a JSON preview's members): each `Array.append` checked the array's uniqueness and capacity
/// and went through a generic copy, and those checks cost more than the bytes.
package struct ByteWriter: ~Copyable {
    // Open to inlining: a report's writer appends a few bytes at a time, and a call into this
    // module for each (with a `memcpy` call for a name of a dozen bytes) cost more than the bytes.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var storedCount = 0
    @usableFromInline var capacity: Int

    package var count: Int { storedCount }

    package init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        HugePages.advise(start, count: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes written, handed over where they lie: the result owns the writer's buffer, and
    /// nothing is copied.
    package consuming func finish() -> WrittenBytes {
        let written = WrittenBytes(start: start, count: storedCount)
        discard self
        return written
    }

    /// Room for `extra` more bytes, doubling so that appends stay linear.
    @inlinable @inline(__always) mutating func reserve(_ extra: Int) {
        if storedCount + extra > capacity { grow(to: storedCount + extra) }
    }

    @usableFromInline mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        HugePages.advise(newStart, count: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    /// Room for `total` bytes in all, made at once (a writer about to take parts of known size).
    package mutating func reserveCapacity(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    /// The bytes written so far, read in place.
    package func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    @inlinable package mutating func append(_ byte: UInt8) {
        reserve(1)
        start[storedCount] = byte
        storedCount += 1
    }

    @inlinable @inline(__always) package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + storedCount).initialize(from: base, count: bytes.count)
        storedCount += bytes.count
    }

    @inlinable @inline(__always) package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A text's UTF-8 bytes as they are.
    package mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `count` spaces.
    package mutating func appendSpaces(_ count: Int) {
        reserve(count)
        (start + self.count).initialize(repeating: UInt8(ascii: " "), count: count)
        storedCount += count
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; with
    /// `lineSeparators`, U+2028 and U+2029 too (for JSON embedded in JavaScript). Runs that need
    /// no escape are copied whole.
    package mutating func appendJSONString(_ text: String, lineSeparators: Bool) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                // Eight plain ASCII bytes at a time (no control character, quote or backslash).
                if index + 8 <= bytes.count, let base = bytes.baseAddress,
                    WordScan.isPlainASCII(
                        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), excluding: UInt8(ascii: "\""),
                        UInt8(ascii: "\\"), UInt8(ascii: "\""))
                {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                // Most bytes need nothing: one test for the common case.
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
                    index += 1
                    continue
                }
                var length = 1
                let escape: StaticString
                var hexDigits = false
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20:
                    escape = "\\u00"
                    hexDigits = true
                default:
                    // 0xE2: U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript.
                    guard lineSeparators, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                }
                append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(escape)
                if hexDigits {
                    // A control character without a short escape: its two hex digits, lowercase.
                    let digits: StaticString = "0123456789abcdef"
                    append(digits.utf8Start[Int(byte >> 4)])
                    append(digits.utf8Start[Int(byte & 0x0F)])
                }
                index += length
                runStart = index
            }
            append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        append(UInt8(ascii: "\""))
    }

    /// A member of a JSON object on a line of its own: `prefix` (its indent, quoted name and
    /// colon), `text` as a JSON string with U+2028 and U+2029 escaped (`null` when nil), a comma
    /// unless it is the `last`, and a newline. One call for a member: a report written member by
    /// member called into this module three times for each.
    package mutating func appendJSONMember(_ prefix: StaticString, _ text: String?, last: Bool = false) {
        append(prefix)
        if let text { appendJSONString(text, lineSeparators: true) } else { append("null") }
        append(last ? "\n" : ",\n")
    }

    /// The bytes written, as an array (one copy).
    package var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, count > 0 { base.initialize(from: start, count: count) }
            initialized = count
        }
    }
}

/// Bytes a `ByteWriter` wrote, kept in its buffer (see `ByteWriter.finish()`) until the last
/// reference to them goes. Never changed once made.
package final class WrittenBytes: @unchecked Sendable {
    private let start: UnsafeMutablePointer<UInt8>
    package let count: Int

    init(start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    deinit { start.deallocate() }

    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }
}
