/// The eight-bytes-at-a-time string scan the `.strings` and JSON readers (and rules) share.
package enum WordScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// True when no byte OR-ed into `highBits` has its high bit set.
    @inline(__always)
    static func isASCII(_ highBits: UInt64) -> Bool { highBits & highs == 0 }

    /// Whether the `count` bytes at `left` and at `right` are equal, compared a word at a time
    /// (the last word overlapping the one before): the names a parser compares are a few bytes
    /// long, and calling `memcmp` for each cost more than comparing them.
    @inline(__always)
    static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset < count - 8 {
                guard
                    left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for offset in 0..<count
        where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }

    /// Whether a byte of `bytes` is outside ASCII, read eight bytes at a time (a test per byte
    /// cost a rule comparing every translation with its development text more than the rest).
    package static func containsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var highBits: UInt64 = 0
        while index + 8 <= bytes.count {
            if !isASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        while index < bytes.count {
            highBits |= UInt64(bytes[index])
            index += 1
        }
        return !isASCII(highBits)
    }

    /// Whether two valid UTF-8 texts whose bytes differ may still be canonically equivalent (equal
    /// as Swift strings), decided from where they first differ. Bytes before that point are the
    /// same whole scalars, so both texts' canonical decompositions (NFD) share that prefix's; an
    /// ASCII character is a starter (canonical ordering does not move marks across it) and its
    /// own decomposition, so a text with one at that point continues its NFD with it. The texts
    /// are then different when both have ASCII there, when one ends there (NFD drops no scalar),
    /// or when the other has a scalar from U+3000 on (UTF-8 lead byte 0xE3 or more), none of whose
    /// canonical decompositions starts with an ASCII character (those that do are Latin letters
    /// with marks, U+037E, U+1FEF, U+212A, U+212B and U+2260, U+226E, U+226F, all below U+3000; see
    /// UnicodeData.txt). Anything else (`é` against `e` and a combining mark) may be equivalent.
    package static func mayBeCanonicallyEquivalent(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        if let first = left.baseAddress, let second = right.baseAddress {
            let (a, b) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
            while index + 8 <= common,
                a.loadUnaligned(fromByteOffset: index, as: UInt64.self) == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                index += 8
            }
        }
        while index < common, left[index] == right[index] { index += 1 }
        // One text ends where the other goes on (or they are the same bytes).
        guard index < common else { return left.count == right.count }
        let (x, y) = (left[index], right[index])
        if x < 0x80 { return y >= 0x80 && y < 0xE3 }
        if y < 0x80 { return x < 0xE3 }
        return true
    }

    /// Whether every byte of `bytes` is printable ASCII (0x20 to 0x7E), a tab, a line feed or a
    /// return: such a text holds no control, invisible or replacement character. Eight bytes at
    /// a time while none is below 0x20, DEL or outside ASCII; byte by byte from the first word
    /// that has one.
    package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count, isPlainASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), excluding: 0x7F, 0x7F, 0x7F)
        {
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
            index += 1
        }
        return true
    }

    /// Whether none of the eight bytes of `word` needs a look: all ASCII, none below 0x20, none
    /// `a`, `b` or `c`. False flags of the zero-byte test only sit above a true one, so a false
    /// answer is never wrong about the word as a whole.
    @inline(__always)
    static func isPlainASCII(_ word: UInt64, excluding a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        @inline(__always) func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        if word & highs != 0 { return false }
        // With no high bit set, a byte below 0x20 is one that borrows when 0x20 is taken from it.
        if (word &- ones &* 0x20) & ~word & highs != 0 { return false }
        return !hasZero(word ^ (ones &* UInt64(a))) && !hasZero(word ^ (ones &* UInt64(b))) && !hasZero(word ^ (ones &* UInt64(c)))
    }

    /// Advances from `start` eight bytes at a time while no byte is `quote`, a backslash or (with
    /// `controls`) below 0x20, using the zero-byte and less-than tests of "Bit Twiddling Hacks".
    /// They have no false negatives and the lowest flagged byte is exact (false flags only sit
    /// above a true one), so it stops on the first such byte, or where fewer than eight remain.
    /// `highBits` is the OR of every byte passed: the caller's string is ASCII when no high bit is
    /// set, which its hashing and comparisons depend on.
    @inline(__always)
    static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, quote: UInt8, controls: Bool) -> (
        position: Int, highBits: UInt64
    ) {
        var position = start
        var highBits: UInt64 = 0
        guard let base = bytes.baseAddress else { return (position, highBits) }
        let quotes = UInt64(quote) &* ones
        let backslashes = UInt64(UInt8(ascii: "\\")) &* ones
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let a = word ^ quotes
            let b = word ^ backslashes
            var found = ((a &- ones) & ~a) | ((b &- ones) & ~b)
            if controls { found |= (word &- ones &* 0x20) & ~word }
            found &= highs
            if found != 0 {
                let hit = found.trailingZeroBitCount >> 3
                highBits |= word & ((1 &<< UInt64(hit &* 8)) &- 1)
                return (position + hit, highBits)
            }
            highBits |= word
            position += 8
        }
        return (position, highBits)
    }
}
