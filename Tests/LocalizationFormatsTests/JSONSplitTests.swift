import Foundation
import Testing

@testable import LocalizationFormats

/// A streamed object read in two runs at once gives what one run gives: the same members in the
/// same order, the same diagnostics, and no second run where its start could not be trusted.
struct JSONSplitTests {
    /// A catalog as Xcode writes it: `entries` keys, every third with plural variations.
    static func catalog(entries: Int, entry: (Int) -> String? = { _ in nil }) -> String {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text += (0..<entries).map { index in
            if let custom = entry(index) { return custom }
            let value =
                index % 3 == 0
                ? "\"variations\" : {\n            \"plural\" : {\n              \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Datei\" } },\n              \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } }\n            }\n          }"
                : "\"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Text \(index) \\u00e9 ✓\"\n          }"
            return
                "    \"key.\(index)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \(value)\n        }\n      }\n    }"
        }.joined(separator: ",\n")
        return text + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    /// The members of every run, in order, and how many runs there were.
    static func streamed(_ text: String, splittingAbove minimumSize: Int) -> (document: JSONDocument, members: [JSONMember], runs: Int) {
        let (document, runs) = JSONReader.parse(
            bytes: Array(text.utf8), path: "Localizable.xcstrings", streamingMembersOf: "strings", splittingAbove: minimumSize,
            newRun: { [JSONMember]() }
        ) { run, event in
            if case .member(let member) = event { run.append(member) }
        }
        return (document, runs.flatMap { $0 }, runs.count)
    }

    /// Split and unsplit, both ways: the same document, members and catalog.
    static func expectSameAsOneRun(_ text: String, runs expectedRuns: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let split = streamed(text, splittingAbove: 0)
        let whole = streamed(text, splittingAbove: .max)
        #expect(whole.runs <= 1, sourceLocation: sourceLocation)
        #expect(split.runs == expectedRuns, sourceLocation: sourceLocation)
        #expect(split.members == whole.members, sourceLocation: sourceLocation)
        #expect(split.document.diagnostics == whole.document.diagnostics, sourceLocation: sourceLocation)
        #expect(split.document.root == whole.document.root, sourceLocation: sourceLocation)
        let splitCatalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "L.xcstrings", splittingAbove: 0)
        let wholeCatalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "L.xcstrings", splittingAbove: .max)
        #expect(splitCatalog.entries == wholeCatalog.entries, sourceLocation: sourceLocation)
        #expect(splitCatalog.diagnostics == wholeCatalog.diagnostics, sourceLocation: sourceLocation)
        #expect(splitCatalog.loads == wholeCatalog.loads, sourceLocation: sourceLocation)
        // The runs' locales, joined, are those a walk of the entries finds.
        var walked = splitCatalog
        walked.entries = splitCatalog.entries
        #expect(splitCatalog.locales == wholeCatalog.locales, sourceLocation: sourceLocation)
        #expect(splitCatalog.locales == walked.locales, sourceLocation: sourceLocation)
    }

    /// Locales first named in the second run come after the first run's, each once.
    @Test func aCatalogsLocalesAreInOrderAcrossItsRuns() {
        func entry(_ index: Int, _ locales: [String]) -> String {
            let values = locales.map { "\"\($0)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"T\" } }" }
            return
                "    \"key.\(index)\" : {\n      \"localizations\" : {\n        \(values.joined(separator: ",\n        "))\n      }\n    }"
        }
        let text = Self.catalog(entries: 300) { index in
            switch index {
            case 10: entry(index, ["ja", "de"])
            case 250: entry(index, ["fr", "ja", "pt-BR"])
            case 260: entry(index, ["de", "ko"])
            default: nil
            }
        }
        Self.expectSameAsOneRun(text, runs: 2)
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "L.xcstrings", splittingAbove: 0)
        #expect(catalog.locales == ["en", "de", "ja", "fr", "pt-BR", "ko"])
    }

    @Test func aCatalogIsReadInTwoRunsWithTheSameResult() {
        let text = Self.catalog(entries: 300)
        Self.expectSameAsOneRun(text, runs: 2)
        let split = Self.streamed(text, splittingAbove: 0)
        #expect(split.document.diagnostics.isEmpty)
        #expect(split.members.count == 300)
        #expect(split.members.map(\.key) == (0..<300).map { "key.\($0)" })
        // Positions in the second half are counted from the file's start.
        let last = split.members[299]
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("\"key.299\"") }.map { $0 + 1 }
        #expect(last.keyLocation == SourcePosition(line: line ?? 0, column: 5))
    }

    @Test func aSmallFileIsReadInOneRun() {
        let text = Self.catalog(entries: 300)
        #expect(Self.streamed(text, splittingAbove: text.utf8.count).runs == 1)
    }

    /// A key repeated across the halves, and within the second: reported where one run reports
    /// it, with the first key as its note.
    @Test func duplicateKeysAcrossTheHalves() {
        let text = Self.catalog(entries: 300) { index in
            index == 250 || index == 280 ? "    \"key.10\" : {\n\n    }" : nil
        }
        Self.expectSameAsOneRun(text, runs: 2)
        #expect(Self.streamed(text, splittingAbove: 0).document.diagnostics.filter { $0.id == "json-duplicate-key" }.count == 2)
    }

    /// Keys written again within the second half alone, once, twice, and after a key of the
    /// first half: each repeat names its first place, as one run names it.
    @Test func duplicateKeysWithinTheSecondHalf() {
        let text = Self.catalog(entries: 300) { index in
            switch index {
            case 240, 260, 290: "    \"key.230\" : {\n\n    }"
            case 270: "    \"key.10\" : {\n\n    }"
            case 285: "    \"key.250\" : {\n\n    }"
            default: nil
            }
        }
        Self.expectSameAsOneRun(text, runs: 2)
        let duplicates = Self.streamed(text, splittingAbove: 0).document.diagnostics.filter { $0.id == "json-duplicate-key" }
        #expect(duplicates.count == 5)
        // The third "key.230" names the first, not the second.
        #expect(Set(duplicates.filter { $0.message.contains("key.230") }.compactMap { $0.notes.first?.location }).count == 1)
    }

    /// What the second run would have reported itself (a lone surrogate, a repeated key inside an
    /// entry) sends the whole object back to one run.
    @Test(arguments: [
        "    \"odd\" : { \"comment\" : \"\\ud800\" }", "    \"twice\" : { \"comment\" : \"a\", \"comment\" : \"b\" }",
    ])
    func aDiagnosticInTheSecondHalfReadsInOneRun(entry: String) {
        let text = Self.catalog(entries: 300) { $0 == 270 ? entry : nil }
        Self.expectSameAsOneRun(text, runs: 1)
        #expect(!Self.streamed(text, splittingAbove: 0).document.diagnostics.isEmpty)
    }

    /// Broken JSON in either half: the error one run reports, and no root.
    @Test(arguments: [30, 270])
    func aSyntaxErrorInEitherHalf(at broken: Int) {
        let text = Self.catalog(entries: 300) { $0 == broken ? "    \"broken\" : { \"comment\" : tru }" : nil }
        Self.expectSameAsOneRun(text, runs: 1)
        #expect(Self.streamed(text, splittingAbove: 0).document.root == nil)
    }

    /// No second run where the layout gives no trustworthy start, or where the guessed start
    /// turns out to be inside a member.
    @Test func untrustworthyStartsAreNotTaken() throws {
        // On one line: no line starts at all.
        let minified = try String(
            decoding: JSONSerialization.data(withJSONObject: [
                "strings": Dictionary(uniqueKeysWithValues: (0..<200).map { ("k\($0)", ["comment": "c"]) })
            ]),
            as: UTF8.self)
        Self.expectSameAsOneRun(minified, runs: 1)
        // Members' members indented as the members are, and the members after the first not at
        // line starts: the guess is inside an entry, and is dropped.
        let flat =
            "{\n\"strings\" : {\n"
            + (0..<300).map { "\"k\($0)\" : {\n\"comment\" : \"c\",\n\"extractionState\" : \"manual\"\n}" }
            .joined(separator: ", ") + "\n}\n}\n"
        Self.expectSameAsOneRun(flat, runs: 1)
    }

    /// A second `strings` after a split one replaces it, as any repeated key does.
    @Test func aRepeatedStreamedKeyStartsOver() {
        var text = Self.catalog(entries: 300)
        text.removeLast(2)
        text += ",\n  \"strings\" : {\n    \"only\" : {\n\n    }\n  }\n}\n"
        Self.expectSameAsOneRun(text, runs: 1)
        #expect(StringCatalogParser.parse(bytes: Array(text.utf8), path: "L.xcstrings", splittingAbove: 0).entries.map(\.key) == ["only"])
    }

    /// A small `strings` first and a large one after it: the second half of the later one is
    /// read at once, and it is that object's members that count.
    @Test func theLaterOfTwoStreamedObjectsIsSplit() {
        let large = Self.catalog(entries: 300)
        let opening = large.range(of: "  \"strings\" : {\n")!
        let text = large.replacingCharacters(
            in: opening, with: "  \"strings\" : {\n    \"early\" : {\n\n    }\n  },\n" + large[opening])
        Self.expectSameAsOneRun(text, runs: 2)
        #expect(Self.streamed(text, splittingAbove: 0).members.count == 300)
    }

    /// Nesting near the reader's limit in the second half, and past it: as in one run.
    @Test(arguments: [250, 300])
    func deepNestingInTheSecondHalf(depth: Int) {
        let deep = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let text = Self.catalog(entries: 300) { $0 == 270 ? "    \"deep\" : { \"comment\" : \"c\", \"x\" : \(deep) }" : nil }
        Self.expectSameAsOneRun(text, runs: depth == 250 ? 2 : 1)
    }

    /// Every corpus catalog: split wherever its layout allows, the same as one run.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusCatalogsReadTheSameInTwoRuns() throws {
        let catalogs = Corpus.files(extensions: ["xcstrings"])
        #expect(!catalogs.isEmpty)
        var split = 0
        for url in catalogs {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let runs = Self.streamed(text, splittingAbove: 0).runs
            if runs == 2 { split += 1 }
            Self.expectSameAsOneRun(text, runs: runs)
        }
        #expect(split > 0)
    }
}
