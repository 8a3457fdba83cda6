import Testing

@testable import LocalizationFormats

/// The byte comparisons and the moving join the parsers and the engine build on.
struct ByteHelpersTests {
    /// Every length up to several words, equal and differing at each byte in turn (a word
    /// compared at the wrong offset, or the last overlapping word skipped, would miss one).
    @Test func equalBytesAreFoundAtEveryLengthAndDifferencesAtEveryPlace() {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // One byte more on each side, so a read past `count` would be caught comparing it.
            let padded = left + [0xAA]
            let other = left + [0xBB]
            #expect(Self.equal(padded, other, count: count), "count \(count)")
            for place in 0..<count {
                var changed = other
                changed[place] ^= 0x01
                #expect(!Self.equal(padded, changed, count: count), "count \(count), byte \(place)")
            }
        }
    }

    private static func equal(_ left: [UInt8], _ right: [UInt8], count: Int) -> Bool {
        left.withUnsafeBytes { a in
            right.withUnsafeBytes { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return false }
                return WordScan.equal(first, second, count: count)
            }
        }
    }

    /// Parts of strings joined by moving keep every element, in the order given, and the parts
    /// are left empty (their blanks freed without touching what was moved).
    @Test func aMovingJoinKeepsEveryElementInOrder() {
        let words = (0..<50).map { "a word long enough to be stored apart from its string \($0)" }
        var parts: [[String]] = [Array(words[0..<10]), [], Array(words[10..<45]), Array(words[45...])]
        let joined = [String].joinedByMoving(&parts, order: [2, 0, 1, 3], blank: "")
        #expect(joined == Array(words[10..<45]) + Array(words[0..<10]) + Array(words[45...]))
        #expect(parts.allSatisfy { $0.isEmpty })
        #expect(joined.count == 50)
    }
}
