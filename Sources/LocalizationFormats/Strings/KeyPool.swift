/// The keys of one parsed table, for the other locales' files of the table to share.
///
/// A key of 16 bytes or more is a string object of its own; the 40 locales of a table each
/// made one per key, 40 copies of the same text. A file parsed with the pool of its table takes
/// the pooled string wherever the bytes match (a lookup by the hash the parser takes anyway), so
/// the locales hold one copy, and comparing their keys finds the same storage at once. Shorter
/// keys are stored inline in the string and are not pooled.
///
/// Only an optimisation: a key the pool lacks, or one whose probe chain is long (a file crafted
/// to collide), is made as before.
public final class KeyPool: Sendable {
    /// Each slot: the key's hash tag (high half) and its index in `keys` + 1 (low half; 0 is empty).
    private let slots: [UInt64]
    private let mask: Int
    private let keys: [String]

    /// The longest key kept inline by `String`; longer ones are pooled.
    static let inlineLimit = 15
    private static let maximumProbes = 8

    /// The pool of `file`'s keys.
    public convenience init(_ file: StringsFile) {
        self.init(keys: file.entries.map(\.key).filter { $0.utf8.count > Self.inlineLimit })
    }

    init(keys candidates: some Collection<String>) {
        var size = 16
        while size < candidates.count * 2 { size <<= 1 }
        var slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        var kept: [String] = []
        kept.reserveCapacity(candidates.count)
        for key in candidates {
            let hash = DuplicateKeyFinder.hash(key)
            let tag = hash & 0xFFFF_FFFF_0000_0000
            var slot = Int(truncatingIfNeeded: hash) & mask
            var probes = 0
            while slots[slot] != 0, probes < Self.maximumProbes {
                slot = (slot + 1) & mask
                probes += 1
            }
            guard slots[slot] == 0 else { continue }
            kept.append(key)
            slots[slot] = tag | UInt64(UInt32(truncatingIfNeeded: kept.count))
        }
        self.slots = slots
        self.mask = mask
        self.keys = kept
    }

    /// The pooled key whose UTF-8 is `bytes` (whose `DuplicateKeyFinder.hash` is `hash`), if any.
    func key(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> String? {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0...Self.maximumProbes {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let candidate = keys[Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1]
                let same = candidate.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? false
                if same { return candidate }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The number of keys pooled.
    var count: Int { keys.count }
}
