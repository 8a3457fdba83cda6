import Foundation

/// Finding a run of bytes in a file's bytes: `memchr` to each occurrence of one of its bytes, then
/// a comparison. The prefilters that decide which source files are lexed at all use it.
enum ByteSearch {
    /// Where `needle` next occurs in `buffer` at or after `start`.
    static func firstOccurrence(of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        needle.withUnsafeBufferPointer { firstOccurrence(of: $0, in: buffer, from: start) }
    }

    static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0
    ) -> Int? {
        guard !needle.isEmpty, let base = buffer.baseAddress, needle.count <= buffer.count else { return nil }
        // The byte `memchr` looks for: the needle's first that is neither a lowercase letter nor
        // a space when it has one. Text is mostly those, so that `memchr` stops at few places
        // (looking for the 's' of `stringscheck:disable` stopped at every 's' of a table).
        let anchor = needle.firstIndex { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) && $0 != UInt8(ascii: " ") } ?? 0
        let after = needle.count - anchor
        var index = start + anchor
        while index + after <= buffer.count {
            guard let found = memchr(base + index, Int32(needle[anchor]), buffer.count - index - after + 1) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
            if buffer[at..<(at + needle.count)].elementsEqual(needle) { return at }
            index = at + anchor + 1
        }
        return nil
    }

    static func firstOccurrence(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstOccurrence(of: needle, in: $0, from: start) }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool { firstOccurrence(of: needle, in: bytes) != nil }
}

extension String {
    /// Whether the text's UTF-8 holds `byte`, found with `memchr` (`utf8.contains` walks the
    /// view a byte at a time, through its index).
    @inlinable
    public func utf8Contains(byte: UInt8) -> Bool {
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
        // Read in place: the mutable copy `withUTF8` needs retained the text and released it.
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        var text = self
        return text.withUTF8(search)
    }

    /// Whether the text holds the ASCII mark `mark`, as Foundation's search for it as a string
    /// answers: looked for as a byte, and in a text outside ASCII (where the byte may be part of a
    /// larger character, `_` with a combining accent) searched for as Foundation searches.
    public func containsMark(ascii mark: UInt8) -> Bool {
        guard utf8Contains(byte: mark) else { return false }
        return utf8.allSatisfy { $0 < 0x80 } || contains(String(Unicode.Scalar(mark)))
    }

    /// Whether the text's UTF-8 holds exactly one `%`, which starts `prefix` (`%ld files` for
    /// `%ld`): a rule comparing a text's one specifier with a known spelling need not scan it.
    public func utf8HasOnePercent(startingWith prefix: String) -> Bool {
        var text = self
        var prefix = prefix
        return text.withUTF8 { text in
            prefix.withUTF8 { prefix in
                guard let base = text.baseAddress, let spelling = prefix.baseAddress, let hit = memchr(base, 0x25, text.count)
                else { return false }
                let start = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                guard start + prefix.count <= text.count, memcmp(base + start, spelling, prefix.count) == 0 else { return false }
                return memchr(base + start + 1, 0x25, text.count - start - 1) == nil
            }
        }
    }

    /// Whether the text holds `needle`, byte for byte in UTF-8. Foundation's `contains` goes
    /// through `NSString` and Unicode-aware matching, which a hot loop over every text cannot pay;
    /// for the ASCII markers the rules look for (`%`, `%arg`, `...`) the answer is the same.
    public func utf8Contains(_ needle: String) -> Bool {
        var text = self
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in needle.isEmpty || ByteSearch.firstOccurrence(of: needle, in: haystack) != nil }
        }
    }
}

/// Whether a String Catalog substitution's form, whose UTF-8 is `bytes`, holds one `%` and
/// that one starts its `%arg` token, followed by an ASCII byte or nothing: the token
/// `replacingArgumentToken` replaces byte for byte, and the form's only specifier once replaced.
package func holdsArgumentTokenAlone(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, let found = memchr(base, 0x25, bytes.count) else { return false }
    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    let end = at + 4
    guard end <= bytes.count, bytes[at + 1] == UInt8(ascii: "a"), bytes[at + 2] == UInt8(ascii: "r"), bytes[at + 3] == UInt8(ascii: "g")
    else { return false }
    if end < bytes.count, bytes[end] >= 0x80 { return false }
    return memchr(base + at + 1, 0x25, bytes.count - at - 1) == nil
}

extension String {
    /// The text with each `%arg` (a String Catalog substitution form's own argument) replaced by
    /// `replacement`, as Foundation's `replacingOccurrences(of:with:)` replaces it, found byte by
    /// byte. Foundation matches by canonical equivalence: a `%arg` followed by a mark that joins
    /// its `g` is no match. A text where a `%arg` is followed by any non-ASCII byte is therefore
    /// left to Foundation; every other text gets the same answer without `NSString`.
    public func replacingArgumentToken(with replacement: String) -> String {
        var text = self
        let token: StaticString = "%arg"
        return text.withUTF8 { bytes -> String in
            let needle = UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount)
            guard let first = ByteSearch.firstOccurrence(of: needle, in: bytes) else { return self }
            var replacementText = replacement
            return replacementText.withUTF8 { inserted -> String in
                // Room for a replacement at every fourth byte at most, written into the string's own
                // storage (no array of the bytes to copy from).
                let room = bytes.count + (bytes.count / needle.count + 1) * max(0, inserted.count - needle.count)
                var deferred = false
                let result = String(unsafeUninitializedCapacity: room) { output -> Int in
                    guard let target = output.baseAddress, let source = bytes.baseAddress else { return 0 }
                    var written = 0
                    var copied = 0
                    var found = first
                    while true {
                        let end = found + needle.count
                        if end < bytes.count, bytes[end] >= 0x80 {
                            deferred = true
                            return 0
                        }
                        (target + written).initialize(from: source + copied, count: found - copied)
                        written += found - copied
                        if let insert = inserted.baseAddress { (target + written).initialize(from: insert, count: inserted.count) }
                        written += inserted.count
                        copied = end
                        guard let next = ByteSearch.firstOccurrence(of: needle, in: bytes, from: end) else { break }
                        found = next
                    }
                    (target + written).initialize(from: source + copied, count: bytes.count - copied)
                    return written + bytes.count - copied
                }
                return deferred ? replacingOccurrences(of: "%arg", with: replacement) : result
            }
        }
    }
}
