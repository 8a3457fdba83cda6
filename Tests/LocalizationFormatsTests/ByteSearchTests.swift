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
