/// Finds keys defined twice with an open-addressing table over FNV-1a hashes of the keys' bytes:
/// about a third of the cost of a `[String: Int]`, which hashes with SipHash. Equal hashes are
/// confirmed by comparing the keys, so a collision costs time, never a wrong answer; and a file
/// crafted to collide (long probe chains) moves the finder to a seeded `Dictionary`, so it cannot
/// make a check quadratic.
struct DuplicateKeyFinder {
    /// Each slot holds a key's hash tag (high half) and its entry index + 1 (low half; 0 is
    /// empty): one array, so a probe reads one cache line, and one allocation per file.
    private var slots: [UInt64]
    private let mask: Int
    private var probes = 0
    private var inserted = 0
    private var fallback: [String: Int]?
    private let probesPerEntry: Int
    private let probeAllowance: Int

    /// Beyond `probesPerEntry` probes per key on average plus `probeAllowance`, the finder falls
    /// back to a dictionary (tests lower both).
    init(capacity: Int, probesPerEntry: Int = 8, probeAllowance: Int = 1024) {
        self.probesPerEntry = probesPerEntry
        self.probeAllowance = probeAllowance
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// Eight bytes per multiply; equal hashes are confirmed by
    /// comparing the keys, so the quality needed is spread, not cryptographic strength.
    static func hash(_ key: String) -> UInt64 {
        // Borrowed, not copied: `withUTF8` needs a mutable copy, a retain per key.
        key.utf8.withContiguousStorageIfAvailable { hash(bytes: $0) } ?? hash(String(decoding: Array(key.utf8), as: UTF8.self))
    }

    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ (hash >> 32)
    }

    /// True once collisions moved the finder to the seeded dictionary.
    var usesFallback: Bool { fallback != nil }

    /// Records `entries[index]` (indices arrive in order from 0); returns the index of the first
    /// entry with the same key, if any.
    mutating func insert(_ index: Int, in entries: UnsafeMutableBufferPointer<StringsEntry>) -> Int? {
        insert(index, hash: Self.hash(entries[index].key), in: entries)
    }

    /// The same with the key's `hash`, already known.
    mutating func insert(_ index: Int, hash: UInt64, in entries: UnsafeMutableBufferPointer<StringsEntry>) -> Int? {
        defer { inserted += 1 }
        if fallback != nil { return insertFallback(index, in: entries) }
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 {
                slots[slot] = tag | UInt64(UInt32(truncatingIfNeeded: index + 1))
                return nil
            }
            let occupant = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
            if stored & 0xFFFF_FFFF_0000_0000 == tag, entries[occupant].key == entries[index].key { return occupant }
            slot = (slot + 1) & mask
            probes += 1
            if probes > probesPerEntry * inserted + probeAllowance {
                var table: [String: Int] = [:]
                for earlier in 0..<index where table[entries[earlier].key] == nil { table[entries[earlier].key] = earlier }
                fallback = table
                return insertFallback(index, in: entries)
            }
        }
    }

    private mutating func insertFallback(_ index: Int, in entries: UnsafeMutableBufferPointer<StringsEntry>) -> Int? {
        let key = entries[index].key
        if let first = fallback?[key] { return first }
        fallback?[key] = index
        return nil
    }
}
