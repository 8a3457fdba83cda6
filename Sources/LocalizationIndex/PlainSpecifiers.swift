#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The specifiers of a text written only in the common plain forms, as one number: what a
/// `.strings` value's scan gives (what it reads, and the facts its record keeps) depends on its
/// specifiers alone, so texts with the same number share one scan.
///
/// Nearly every translated value is such a text (`%@`, `%1$@ … %2$@`, `%ld`, `%d%%`), and the
/// index remembers the first scan of each number instead of scanning every value: no specifier
/// objects, no shape built and hashed. What each specifier means is still the format scanner's
/// answer, given once per number; this only says which texts are alike, and says nothing (nil)
/// for any other text, which is scanned as before.
///
/// A plain specifier is `%`, an optional position `1$`…`9$`, an optional `l` or `ll`, and one of
/// `@ d i u f`, or the literal `%%`; the scanner reads each of them to its last byte whatever
/// follows (none of these conversions is one a following word makes look like a stray `%`).
package enum PlainSpecifiers {
    /// At most this many specifiers (and `%%`) are numbered.
    static let maximumCount = 7

    /// The number of the text's specifiers; nil when a `%` starts anything else, or when there
    /// are more than `maximumCount`. A text without `%` is 0.
    package static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var key: UInt64 = 0
        var found = 0
        var index = 0
        while index < count, let percent = memchr(base + index, 0x25, count - index) {
            var next = UnsafePointer(percent.assumingMemoryBound(to: UInt8.self)) - base + 1
            guard next < count, found < maximumCount else { return nil }
            let code: UInt64
            if bytes[next] == 0x25 {
                code = 1
                next += 1
            } else {
                var position: UInt64 = 0
                if bytes[next] >= 0x31, bytes[next] <= 0x39, next + 1 < count, bytes[next + 1] == 0x24 {
                    position = UInt64(bytes[next] - 0x30)
                    next += 2
                }
                var length: UInt64 = 0
                while length < 2, next < count, bytes[next] == 0x6C {
                    length += 1
                    next += 1
                }
                guard next < count, let conversion = conversionCode(bytes[next]) else { return nil }
                next += 1
                // 2 …: ten positions (0 for none) by three lengths by five conversions.
                code = 2 + position + 10 * length + 30 * conversion
            }
            found += 1
            key = key << 8 | code
            index = next
        }
        return UInt64(found) << 56 | key
    }

    private static func conversionCode(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "@"): 0
        case UInt8(ascii: "d"): 1
        case UInt8(ascii: "i"): 2
        case UInt8(ascii: "u"): 3
        case UInt8(ascii: "f"): 4
        default: nil
        }
    }
}
