import Foundation
import Testing

@testable import LocalizationFormats

/// The byte searches the rules use in place of Foundation's, against Foundation.
struct ByteSearchTests {
    /// Pieces a catalog form is made of, the ones around `%arg` that Foundation matches by
    /// canonical equivalence included (a combining accent, a variation selector, a joiner).
    static let pieces = [
        "%arg", "%", "a", "r", "g", "%ar", "rg", " ", "é", "e\u{301}", "\u{301}", "\u{FE0F}", "\u{200D}", "\u{0903}", "\u{600}",
        "日本", "👍🏽", "%1$d", "%%", "ARG",
    ]

    @Test(arguments: [
        ("%arg", "%1$d"), ("You have %arg items", "You have %1$d items"), ("%arg%arg", "%1$d%1$d"), ("%%arg", "%%1$d"),
        ("no token", "no token"), ("%ar g", "%ar g"), ("", ""), ("é %arg", "é %1$d"), ("%arg é", "%1$d é"),
    ])
    func replacesTheArgumentToken(text: String, expected: String) {
        #expect(text.replacingArgumentToken(with: "%1$d") == expected)
        #expect(Array(text.replacingArgumentToken(with: "%1$d").utf8) == Array(expected.utf8))
    }

    /// Texts made of the pieces, a mark, a joiner or a prepended letter beside the token among
    /// them (those a non-ASCII byte follows are Foundation's to answer): the same as Foundation.
    @Test func replacingTheArgumentTokenAgreesWithFoundation() {
        // Seeded: the same texts on every run, so a failure can be read again.
        var generator = GeneratedDifferentialTests.Generator(state: 0x5EED)
        var replaced = 0
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let ours = text.replacingArgumentToken(with: "%2$lld")
            let foundation = text.replacingOccurrences(of: "%arg", with: "%2$lld")
            #expect(Array(ours.utf8) == Array(foundation.utf8), "\(Array(text.unicodeScalars))")
            if ours != text { replaced += 1 }
        }
        #expect(replaced > 100)
    }
}

/// Where a run of bytes first occurs, found from one of its rarer bytes: the same place a plain
/// search from every position finds.
struct ByteOccurrenceTests {
    static func plain(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    @Test func agreesWithAPlainSearch() {
        var generator = GeneratedDifferentialTests.Generator(state: 0xB17E5)
        let alphabet = Array("ab :s-".utf8)
        var found = 0
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...max(0, bytes.count), using: &generator)
            let expected = Self.plain(needle, in: bytes, from: start)
            #expect(ByteSearch.firstOccurrence(of: needle, in: bytes, from: start) == expected, "\(needle) in \(bytes) from \(start)")
            if expected != nil { found += 1 }
        }
        #expect(found > 500)
    }

    @Test func findsTheDirectiveInATable() {
        let table = Array("/* a comment: see */\n\"key\" = \"value\";\n/* stringscheck:disable x-y */\n\"k\" = \"v\";".utf8)
        #expect(ByteSearch.firstOccurrence(of: Array("stringscheck:disable".utf8), in: table) == 41)
        #expect(ByteSearch.firstOccurrence(of: Array("stringscheck:disable".utf8), in: table, from: 42) == nil)
        #expect(ByteSearch.firstOccurrence(of: Array("a comment".utf8), in: table) == 3)
        #expect(ByteSearch.firstOccurrence(of: [], in: table) == nil)
        #expect(ByteSearch.firstOccurrence(of: Array("k".utf8), in: table, from: table.count + 5) == nil)
        #expect(ByteSearch.firstOccurrence(of: Array(";".utf8), in: table, from: table.count - 1) == table.count - 1)
    }
}
