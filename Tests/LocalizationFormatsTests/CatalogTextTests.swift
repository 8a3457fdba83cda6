import Foundation
import Testing

@testable import LocalizationFormats

/// A catalog unit's text lies in its run's store: read back, it is the text the JSON wrote, and
/// units compare as their strings do.
struct CatalogTextTests {
    /// Units in one catalog, enough to grow the store many times over, each with escapes,
    /// non-ASCII or '%' in turn: every unit reads back as written, on both the direct path and
    /// the general one, and the shape's '%' is the text's.
    @Test func everyUnitReadsBackAsWritten() throws {
        let pieces = ["plain", "tab\\there", "quote \\\"q\\\"", "café", "emoji \\ud83d\\ude00", "100%", "%1$@ and %2$lld", ""]
        let decoded = ["plain", "tab\there", "quote \"q\"", "café", "emoji 😀", "100%", "%1$@ and %2$lld", ""]
        var entries: [String] = []
        var expected: [String] = []
        for index in 0..<3_000 {
            let piece = index % pieces.count
            let filler = String(repeating: "x", count: index % 41)
            entries.append(
                "\"k\(index)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(filler)\(pieces[piece])\" } } } }"
            )
            expected.append(filler + decoded[piece])
        }
        let json = "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
        for direct in [true, false] {
            let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "T.xcstrings", splittingAbove: 64 << 10, direct: direct)
            try #require(catalog.entries.count == expected.count)
            for (index, entry) in catalog.entries.enumerated() {
                let unit = try #require(entry.localizations.first?.value.stringUnit)
                #expect(unit.value == expected[index], "entry \(index), direct \(direct)")
                #expect(unit.text.withUTF8 { Array($0) } == Array(expected[index].utf8))
                #expect(unit.text.isEmpty == expected[index].isEmpty)
                #expect(entry.localizations[0].value.shape.hasPercent == expected[index].contains("%"))
            }
        }
    }

    /// Texts compare as strings: canonically equivalent ones are equal (and hash alike), texts
    /// that differ are not, whether made in code or read from a catalog.
    @Test func textsCompareAsTheirStrings() {
        let composed = CatalogText("caf\u{E9}")
        let decomposed = CatalogText("cafe\u{301}")
        #expect(composed == decomposed && composed.hashValue == decomposed.hashValue)
        #expect(CatalogText("abc") == CatalogText("abc"))
        #expect(CatalogText("abc") != CatalogText("abd"))
        #expect(CatalogText("abc") != CatalogText("ab"))
        #expect(CatalogText("") == CatalogText.empty && CatalogText("").isEmpty)
        #expect(CatalogText("caf\u{E9}") != CatalogText("cafe"))
        var unit = CatalogStringUnit(state: "new", value: "eins", location: SourcePosition(line: 1, column: 1))
        unit.value = "zwei"
        #expect(unit.value == "zwei" && unit.text == CatalogText("zwei"))
        #expect(unit == CatalogStringUnit(state: "new", text: CatalogText("zwei"), location: SourcePosition(line: 1, column: 1)))
    }

    /// The byte test that spares a string comparison never calls two canonically equivalent
    /// texts different: pairs drawn from characters with and without canonical decompositions
    /// (composed and decomposed letters, the Kelvin sign, '≠', Hangul syllables and their jamo,
    /// kana with voicing marks, CJK), checked against Swift's own string equality.
    @Test func theByteTestNeverPartsEquivalentTexts() {
        let pieces = [
            "a", "e", "K", "=", "<", ";", "`", " ", "%@", "\u{E9}", "e\u{301}", "\u{212A}", "\u{2260}", "=\u{338}", "\u{37E}",
            "\u{1FEF}", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}", "\u{304C}", "\u{304B}\u{3099}", "\u{6F22}", "\u{F900}",
            "\u{8C48}", "\u{323}", "\u{301}", "\u{1F600}",
        ].map { piece -> String in
            // Written with escapes above so that the source file itself holds no combining marks.
            var result = ""
            var rest = Substring(piece)
            while let open = rest.range(of: "\\u{") {
                result += rest[..<open.lowerBound]
                let close = rest[open.upperBound...].firstIndex(of: "}")!
                result.unicodeScalars.append(Unicode.Scalar(UInt32(rest[open.upperBound..<close], radix: 16)!)!)
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }
        var generator = SystemRandomNumberGenerator()
        var equivalentPairs = 0
        var spared = 0
        for _ in 0..<20_000 {
            let prefix = (0..<Int.random(in: 0...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let left =
                prefix + (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let right =
                prefix + (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let undecided = Array(left.utf8).withUnsafeBufferPointer { a in
                Array(right.utf8).withUnsafeBufferPointer { b in WordScan.mayBeCanonicallyEquivalent(a, b) }
            }
            if left == right {
                equivalentPairs += 1
                #expect(
                    undecided,
                    "'\(left.unicodeScalars.map { String($0.value, radix: 16) })' and '\(right.unicodeScalars.map { String($0.value, radix: 16) })'"
                )
            } else if !undecided {
                spared += 1
            }
            #expect((CatalogText(left) == CatalogText(right)) == (left == right))
        }
        // Both kinds of pair were met: equivalent ones, and different ones the test settled.
        #expect(equivalentPairs > 500 && spared > 5_000)
    }

    /// A writer rewound to a mark forgets what came after it in every locale's lane; the texts
    /// before it still read.
    @Test func aRewoundWriterForgetsWhatCameAfter() {
        var writer = CatalogTextWriter()
        writer.startLocale("de")
        let first = writer.append("first")
        let german = writer.store
        let mark = writer.mark()
        _ = writer.append(String(repeating: "y", count: 10_000))
        writer.startLocale(number: 0, name: "fr")
        _ = writer.append("premier")
        let french = writer.store
        writer.rewind(to: mark)
        #expect(german.count == 5 && french.count == 0)
        writer.startLocale("de")
        let second = writer.append("second")
        writer.startLocale(number: 0, name: "fr")
        let third = writer.append("troisième")
        writer.finish()
        #expect(first.string == "first" && second.string == "second" && third.string == "troisième")
        #expect(german.count == 11 && third.store === french && french.count == 10)
    }

    /// Each locale's texts lie end to end in entry order, apart from the other locales', on the
    /// direct path and the general one (an entry with a member the direct reader declines).
    @Test func aLocalesTextsLieEndToEnd() throws {
        var entries: [String] = []
        for index in 0..<200 {
            // A comment written twice: the direct reader leaves the entry to the general path.
            let extra = index % 7 == 0 ? ", \"comment\" : \"a\", \"comment\" : \"b\"" : ""
            entries.append(
                "\"k\(index)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Wert \(index)\" } }, \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"valeur \(index)\" } } }\(extra) }"
            )
        }
        let json = "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
        let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "T.xcstrings")
        try #require(catalog.entries.count == 200)
        for place in 0..<2 {
            let texts = try catalog.entries.map { try #require($0.localizations[place].value.stringUnit?.text) }
            for (previous, next) in zip(texts, texts.dropFirst()) {
                #expect(next.store === previous.store && next.start == previous.start + previous.count)
            }
            #expect(texts[0].store !== catalog.entries[0].localizations[1 - place].value.stringUnit?.text.store)
        }
    }
}
