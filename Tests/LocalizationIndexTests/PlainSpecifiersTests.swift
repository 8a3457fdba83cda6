import LocalizationFormats
import Testing

@testable import LocalizationIndex

/// Values with the same plain specifiers share one scan: whatever the text around them, what a
/// value's record says (its shape and flags) must be what scanning that value says.
struct PlainSpecifiersTests {
    private static let pieces = [
        "%@", "%d", "%i", "%u", "%f", "%ld", "%lld", "%lu", "%llu", "%lf", "%1$@", "%2$@", "%3$d", "%9$lf", "%2$ld", "%%", " ", "a",
        "é", "日本", "%", "%x", "%10$@", "% d", "%l", "50% off", "%@s", "%dth", "%ff", "%lll@", "%0$@", "%1$", "%#@n@", "%.2f", "%s",
    ]

    private func key(_ text: String) -> UInt64? {
        var text = text
        return text.withUTF8 { PlainSpecifiers.key($0) }
    }

    @Test func keysNameOnlyPlainSpecifiers() {
        #expect(key("") == 0 && key("plain text") == 0)
        #expect(key("%@ and %d%%") != nil && key("%@ and %d%%") == key("x%@y%dz%%"))
        #expect(key("%1$@ %2$@") != key("%2$@ %1$@") && key("%d") != key("%ld") && key("%@") != key("%1$@"))
        for text in ["%", "50% off", "%x", "%10$@", "% d", "%.2f", "%s", "%#@n@", "%lll@", "%1$", "%@%@%@%@%@%@%@%@"] {
            #expect(key(text) == nil, "\(text)")
        }
        #expect(key("%@%@%@%@%@%@%@") != nil)
    }

    /// `count` texts of up to five pieces each, every third the specifiers of an earlier text
    /// around other words.
    private func generatedTexts(_ count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        var texts: [String] = []
        for index in 0..<count {
            let pieces = Int(generator.next() % 6)
            var text = (0..<pieces).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
            if index % 3 == 0, let plain = texts.last(where: { key($0) != nil }) { text = "b" + plain + " c" }
            texts.append(text)
        }
        return texts
    }

    /// Generated texts, each added to one batch through the shared scans and to another scanned
    /// one by one: the records agree.
    @Test func sharedScansAgreeWithScanningEachValue() {
        let texts = generatedTexts(5_000, seed: 2_026_112_4)
        var file = StringsFile(path: "fr.lproj/T.strings", encoding: .utf8, diagnostics: [], loads: true)
        for (index, text) in texts.enumerated() { file.append(key: "k\(index)", value: text, keyLocation: nil, valueLocation: nil) }
        // A stray '%' makes its text to read the intended specifiers: from the file.
        let source = TextSource(table: "T", locale: "fr", path: file.path, usage: .format, strings: file)
        var shared = TextBatch()
        var scanned = TextBatch()
        let number = shared.number(of: source)
        _ = scanned.number(of: source)
        for (index, text) in texts.enumerated() {
            var text = text
            let loaded = index % 7 != 0
            text.withUTF8 { bytes in
                shared.appendValue(bytes, entry: index, of: source, number: number, loaded: loaded)
                scanned.appendValue(
                    isEmpty: bytes.isEmpty, entry: index, of: source, number: number, analysis: FormatScanner.analyze(utf8: bytes),
                    loaded: loaded)
            }
        }
        var plain = 0
        for index in texts.indices {
            let a = shared.texts.slots[index]
            let b = scanned.texts.slots[index]
            #expect(a.flags == b.flags, "\(texts[index])")
            #expect(shared.texts.shapes[Int(a.shape)] == scanned.texts.shapes[Int(b.shape)], "\(texts[index])")
            if key(texts[index]) != nil { plain += 1 }
        }
        #expect(plain > 1_000, "the generated texts exercise the shared scans")
        #expect(shared.withSpecifiers == scanned.withSpecifiers && shared.withProblems == scanned.withProblems)
        #expect(shared.empty == scanned.empty)
    }

    /// The same for a catalog's string units, scanned as catalog texts: generated units, each
    /// added through the shared scans to one batch and scanned on its own to another.
    @Test func sharedScansOfCatalogUnitsAgreeWithScanningEachUnit() throws {
        let texts = generatedTexts(3_000, seed: 2_026_112_7)
        let strings = texts.enumerated().map { index, text in
            "\"k\(index)\" : { \"localizations\" : { \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } } } }"
        }
        let json = "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
        let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "T.xcstrings")
        try #require(catalog.entries.count == texts.count)
        let source = TextSource(table: "T", locale: "fr", path: catalog.path, usage: .format, catalog: catalog.entries)
        var shared = TextBatch()
        var scanned = TextBatch()
        for (index, text) in texts.enumerated() {
            let unit = try #require(catalog.entries[index].localizations[0].value.stringUnit)
            #expect(unit.value == text)
            let loaded = index % 7 != 0
            shared.appendUnit(unit.text, entry: index, localization: 0, of: source, loaded: loaded)
            scanned.appendUnit(
                unit.text, entry: index, localization: 0, of: source, analysis: TextSource.scan(unit.value, isCatalog: true),
                loaded: loaded)
        }
        var plain = 0
        for index in texts.indices {
            let a = shared.texts.slots[index]
            let b = scanned.texts.slots[index]
            #expect(a.flags == b.flags && a.object == b.object && a.entry == b.entry, "\(texts[index])")
            #expect(shared.texts.shapes[Int(a.shape)] == scanned.texts.shapes[Int(b.shape)], "\(texts[index])")
            if key(texts[index]) != nil && texts[index].contains("%") { plain += 1 }
        }
        #expect(plain > 500, "the generated units exercise the shared scans")
        #expect(shared.withSpecifiers == scanned.withSpecifiers && shared.withProblems == scanned.withProblems)
        #expect(shared.empty == scanned.empty && !shared.empty.isEmpty)
    }

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }
}
