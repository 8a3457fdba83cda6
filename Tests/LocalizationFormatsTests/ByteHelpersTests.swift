import Testing

@testable import LocalizationFormats

/// The byte comparisons and the moving join the parsers and the engine build on.
struct ByteHelpersTests {
    /// Every length up to several words, equal and differing at each byte in turn (a word
    /// compared at the wrong offset, or the last overlapping word skipped, would miss one).
    @Test func equalBytesAreFoundAtEveryLengthAndDifferencesAtEveryPlace() {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // One byte more after each, different in each, so a read past `count` would be caught.
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

    /// Entries with storage of their own (keys, comments and texts long enough to be stored
    /// apart, localization lists) joined by moving keep every entry, in the order given, each
    /// whole: the parts are left holding the blank entry's bytes and freed without releasing what
    /// was moved (a release too many would free a moved entry's storage under the joined array).
    @Test func aMovingJoinKeepsEveryEntryWhole() {
        func entry(_ number: Int) -> CatalogEntry {
            let place = SourcePosition(line: number + 1, column: 3)
            let unit = CatalogStringUnit(
                state: "translated", value: "a translation long enough to be stored apart \(number)", location: place)
            return CatalogEntry(
                key: "a key long enough to be stored apart from its string \(number)", keyLocation: place,
                comment: "a comment long enough to be stored apart \(number)", extractionState: nil, shouldTranslate: true,
                localizations: [
                    CatalogLocalization(
                        locale: "de", value: CatalogValue(stringUnit: unit, variations: [], substitutions: [], location: place))
                ])
        }
        let entries = (0..<50).map(entry)
        var parts: [[CatalogEntry]] = [Array(entries[0..<10]), [], Array(entries[10..<45]), Array(entries[45...])]
        let joined = [CatalogEntry].joinedByMoving(&parts, order: [2, 0, 1, 3], blank: CatalogEntry.blank)
        parts = []
        #expect(joined == Array(entries[10..<45]) + Array(entries[0..<10]) + Array(entries[45...]))
        #expect(joined.map(\.key) == (Array(10..<45) + Array(0..<10) + Array(45..<50)).map { entry($0).key })
    }
}
