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

    /// A writer rewound to a mark forgets what came after it; the texts before it still read.
    @Test func aRewoundWriterForgetsWhatCameAfter() {
        var writer = CatalogTextWriter()
        let first = writer.append("first")
        let mark = writer.mark
        _ = writer.append(String(repeating: "y", count: 10_000))
        writer.rewind(to: mark)
        #expect(writer.store.count == 5)
        let second = writer.append("second")
        writer.finish()
        #expect(first.string == "first" && second.string == "second")
        #expect(writer.store.count == 11)
    }
}
