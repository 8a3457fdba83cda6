import Foundation
import Testing

@testable import LocalizationFormats

/// A catalog value's shape, kept beside its unit, says what walking the value finds.
struct CatalogShapeTests {
    /// The shape worked out by walking the value and everything nested in it.
    static func walkedShape(_ value: CatalogValue) -> (
        states: Set<String?>, variations: Bool, substitutions: Bool, nestsVariations: Bool, nestsSubstitutions: Bool,
        percent: Bool, printable: Bool
    ) {
        var nested: [CatalogValue] = []
        func collect(_ variations: [CatalogVariation]) {
            for variation in variations {
                for item in variation.cases {
                    nested.append(item.value)
                    collect(item.value.variations)
                    for substitution in item.value.substitutions { collect(substitution.variations) }
                }
            }
        }
        collect(value.variations)
        for substitution in value.substitutions { collect(substitution.variations) }
        let units = value.allUnits
        return (
            Set(units.map(\.state)), !value.variations.isEmpty, !value.substitutions.isEmpty,
            nested.contains { !$0.variations.isEmpty }, nested.contains { !$0.substitutions.isEmpty },
            units.contains { $0.value.contains("%") },
            units.allSatisfy { $0.value.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
        )
    }

    static func expectShapesMatch(_ catalog: StringCatalog, sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in catalog.entries {
            for value in entry.localizations.map(\.value) {
                let walked = Self.walkedShape(value)
                #expect(value.hasVariations == walked.variations, sourceLocation: sourceLocation)
                #expect(value.hasSubstitutions == walked.substitutions, sourceLocation: sourceLocation)
                #expect(value.nestsVariations == walked.nestsVariations, sourceLocation: sourceLocation)
                #expect(value.nestsSubstitutions == walked.nestsSubstitutions, sourceLocation: sourceLocation)
                #expect(value.shape.hasPercent == walked.percent, sourceLocation: sourceLocation)
                #expect(value.shape.isPrintableASCII == walked.printable, sourceLocation: sourceLocation)
                for state in [nil, "translated", "needs_review", "new", "stale", "machine_translated"] as [String?] {
                    #expect(value.shape.hasUnit(inState: state) == walked.states.contains(state), sourceLocation: sourceLocation)
                }
                // Every other spelling shares one bit: the walk compares them.
                let unknown = walked.states.contains { $0.map { !StringCatalogParser.knownStates.contains($0) } ?? false }
                #expect(value.shape.hasUnit(inState: "weird") == unknown, sourceLocation: sourceLocation)
            }
        }
    }

    static let nested = """
        {"sourceLanguage": "en", "strings": {
          "a": {"localizations": {"de": {"stringUnit": {"state": "new", "value": "A"}},
                                  "fr": {"stringUnit": {"state": "weird", "value": "50 %"}}}},
          "b": {"localizations": {"de": {"variations": {"device": {"iphone": {"variations": {"plural": {
                   "one": {"stringUnit": {"state": "stale", "value": "ein"}},
                   "other": {"stringUnit": {"state": "needs_review", "value": "%lld"}}}}},
                 "other": {"stringUnit": {"value": "x"}}}}}}},
          "c": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "%#@n@"},
                   "substitutions": {"n": {"variations": {"plural": {"other": {
                     "stringUnit": {"state": "machine_translated", "value": "n"},
                     "substitutions": {"m": {"variations": {}}}}}}}}}}},
          "d": {"localizations": {"de": {"variations": {"plural": {"other": {
                   "stringUnit": {"state": "translated", "value": "%#@k@"},
                   "substitutions": {"k": {"variations": {"plural": {"other": {"stringUnit": {"value": "k"}}}}}}}}}}}}
        }, "version": "1.0"}
        """

    /// Whether a value's texts are all printable ASCII, on the direct path and the general one:
    /// a control, DEL, a character outside ASCII in any unit (a plural form's too) says no;
    /// tabs and line breaks do not.
    @Test func shapesSayWhetherTheTextsArePrintableASCII() {
        let texts = [
            "plain text that runs past eight bytes", "tab\\tand line\\nbreak, long enough to read by words", "bell \\u0007",
            "delete \\u007f after eight bytes", "caf\u{e9}", "no\u{a0}break", "zero\u{200b}width space beyond a word", "",
        ]
        let entries = texts.enumerated().map { index, text in
            "\"k\(index)\": {\"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(text)\"}}, \"fr\": {\"variations\": {\"plural\": {\"one\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"one\"}}, \"other\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(text)\"}}}}}}}"
        }
        let json = "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\(entries.joined(separator: ", "))}}"
        let expected = [true, true, false, false, false, false, false, true]
        for direct in [true, false] {
            let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "x.xcstrings", direct: direct)
            #expect(catalog.entries.map { $0.localizations[0].value.shape.isPrintableASCII } == expected, "direct \(direct)")
            #expect(catalog.entries.map { $0.localizations[1].value.shape.isPrintableASCII } == expected, "direct \(direct)")
            Self.expectShapesMatch(catalog)
        }
    }

    @Test func shapesSayWhatTheValuesHold() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        #expect(catalog.entries.count == 4)
        Self.expectShapesMatch(catalog)
        let device = catalog.entries[1].localizations[0].value
        #expect(device.hasVariations && device.nestsVariations && !device.nestsSubstitutions && device.shape.hasPercent)
        #expect(device.shape.hasUnit(inState: "stale") && device.shape.hasUnit(inState: nil) && !device.shape.hasUnit(inState: "new"))
        let substituted = catalog.entries[2].localizations[0].value
        #expect(substituted.hasSubstitutions && substituted.nestsSubstitutions && !substituted.nestsVariations)
        #expect(substituted.shape.hasUnit(inState: "machine_translated"))
        // An unknown state is one bit for every other spelling: the walk still compares them.
        #expect(catalog.entries[0].localizations[1].value.shape.hasUnit(inState: "other spelling"))
    }

    /// A value changed through a setter gets the shape of what it now holds, a change deep in
    /// its variations included.
    @Test func aChangedValueIsReshaped() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        var value = catalog.entries[1].localizations[0].value
        #expect(!value.shape.hasUnit(inState: "new"))
        var variations = value.variations
        var inner = variations[0].cases[0].value.variations
        inner[0].cases[0].value.stringUnit = CatalogStringUnit(state: "new", value: "eins", location: SourcePosition(line: 1, column: 1))
        variations[0].cases[0].value.variations = inner
        value.variations = variations
        #expect(value.shape.hasUnit(inState: "new") && value.shape.hasUnit(inState: "needs_review"))
        value.variations = []
        #expect(!value.hasVariations && !value.nestsVariations && !value.shape.hasUnit(inState: "stale"))
        value.stringUnit = CatalogStringUnit(state: "new", value: "%d", location: SourcePosition(line: 1, column: 1))
        #expect(value.shape.hasUnit(inState: "new") && value.shape.hasPercent)
    }

    /// A walk that passes values over by their shape visits exactly the values a full walk
    /// keeps when it looks at what each value holds.
    @Test func aWalkByShapeVisitsWhatAFullWalkKeeps() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        let filters: [(shape: (CatalogValue.Shape) -> Bool, walked: (CatalogValue) -> Bool)] = [
            (\.hasForms, { !$0.variations.isEmpty || !$0.substitutions.isEmpty }),
            (\.hasVariations, { !$0.variations.isEmpty }),
            (\.nestsVariations, { Self.walkedShape($0).nestsVariations }),
            ({ $0.hasVariations && $0.nestsSubstitutions }, { !$0.variations.isEmpty && Self.walkedShape($0).nestsSubstitutions }),
            (\.hasPercent, { $0.allUnits.contains { $0.value.contains("%") } }),
            ({ $0.hasUnit(inState: "stale") }, { $0.allUnits.contains { $0.state == "stale" } }),
        ]
        for filter in filters {
            var filtered: [String] = []
            catalog.forEachLocalization(where: filter.shape) { entry, locale, _ in filtered.append(entry.key + locale) }
            var full: [String] = []
            catalog.forEachLocalization { entry, locale, value in
                if filter.walked(copy value) { full.append(entry.key + locale) }
            }
            #expect(filtered == full)
            #expect(!filtered.isEmpty)
        }
        #expect(catalog.entries[2].hasLocalization(where: \.hasSubstitutions))
        #expect(!catalog.entries[0].hasLocalization(where: \.hasForms))
    }

    /// Values of every shape: plural beside device, a unit beside variations, one unit, and a
    /// source-language key with no localization (its key stands for its text).
    static let sideBySide = """
        {"sourceLanguage": "en", "strings": {
          "a": {"localizations": {"de": {"variations": {
                   "plural": {"other": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}},
                   "device": {"mac": {"stringUnit": {"state": "new", "value": "Dateien"}}}}}}},
          "b": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "Text"},
                   "variations": {"plural": {"one": {"stringUnit": {"value": "eins"}}}}}}},
          "c": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "See"}},
                                  "de": {"stringUnit": {"state": "translated", "value": "Siehe"}}}},
          "d": {"localizations": {"de": {"variations": {"device": {"iphone": {"variations": {"plural": {
                   "other": {"stringUnit": {"state": "stale", "value": "%lld"}}}}}}}}}},
          "e": {}
        }, "version": "1.0"}
        """

    /// A locale list's text, state and place, read in place, are those of the unit it copies;
    /// and a value says it varies by plural and device side by side exactly when its own
    /// variations have both selectors.
    @Test func readsInPlaceAgreeWithCopies() throws {
        for text in [Self.nested, Self.sideBySide] {
            let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
            var positions = 0
            for (_, list) in catalog.stringsByLocale() {
                for position in list.indices {
                    let unit = list.unit(at: position)
                    #expect(list.value(at: position) == unit?.value)
                    #expect(list.state(at: position) == unit?.state)
                    if let unit { #expect(list.location(at: position) == unit.location) }
                    positions += 1
                }
            }
            #expect(positions > 4)
            for entry in catalog.entries {
                for localization in entry.localizations {
                    let selectors = Set(localization.value.variations.map(\.selector))
                    #expect(localization.value.variesByPluralAndDevice == selectors.isSuperset(of: ["plural", "device"]))
                }
            }
        }
        let catalog = StringCatalogParser.parse(bytes: Array(Self.sideBySide.utf8), path: "x.xcstrings")
        #expect(catalog.entries[0].localizations[0].value.variesByPluralAndDevice)
        #expect(!catalog.entries[3].localizations[0].value.variesByPluralAndDevice)
        // The source language's key stands for its text: no unit, no state, the key's place.
        let english = catalog.strings(for: "en")
        let key = try #require(english.indices.first { english.key(at: $0) == "e" })
        #expect(english.value(at: key) == nil && english.state(at: key) == nil)
        #expect(english.location(at: key) == catalog.entries[4].keyLocation)
        // A unit beside variations is the text shown; variations alone show their first
        // selector's `other` case (its first case when it has none, nested ones followed).
        let german = catalog.strings(for: "de")
        #expect(german.indices.map { german.value(at: $0) } == ["%lld Dateien", "Text", "Siehe", "%lld"])
        #expect(german.indices.map { german.state(at: $0) } == ["translated", "needs_review", "translated", "stale"])
    }

    /// The same on every corpus catalog.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusShapes() throws {
        let catalogs = Corpus.files(extensions: ["xcstrings"])
        #expect(!catalogs.isEmpty)
        for url in catalogs {
            Self.expectShapesMatch(StringCatalogParser.parse(bytes: [UInt8](try Data(contentsOf: url)), path: url.path))
        }
    }

    /// A catalog's locale lists made in runs of its entries and joined are those made in one run:
    /// the same places, texts, states and laid-out bytes for every locale, a locale only later
    /// entries name and the source language's keys standing for their texts included.
    @Test func localeListsMadeInRunsAreThoseMadeInOne() throws {
        func unit(_ text: String, _ state: String = "translated") -> String {
            "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(text)\" } }"
        }
        let plural =
            "{ \"variations\" : { \"plural\" : { \"one\" : \(unit("ein Ding")), \"other\" : \(unit("%lld Dinge")) } } }"
        var entries: [String] = []
        for number in 0..<12 {
            var localizations: [String] = []
            if number % 3 != 1 { localizations.append("\"en\" : \(unit("Thing \(number)"))") }
            let german = number % 4 == 0 ? plural : unit("Ding \(number)", number % 5 == 0 ? "needs_review" : "translated")
            localizations.append("\"de\" : \(german)")
            if number >= 7 { localizations.append("\"ja\" : \(unit("もの \(number)"))") }
            if number % 2 == 0 { localizations.append("\"fr\" : \(unit("Chose \(number)", "new"))") }
            // Two spellings of one locale: the first wins.
            if number % 6 == 3 { localizations += ["\"pt-BR\" : \(unit("Coisa \(number)"))", "\"pt_BR\" : \(unit("Outra"))"] }
            entries.append("\"key.\(number)\" : { \"localizations\" : { \(localizations.joined(separator: ", ")) } }")
        }
        let text = "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
        let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
        #expect(catalog.diagnostics.isEmpty)
        let one = catalog.stringsByLocale(runs: 1)
        #expect(Set(one.keys) == ["en", "de", "ja", "fr", "pt-BR"])
        #expect(one["en"]?.count == 12 && one["ja"]?.count == 5)
        #expect(one["pt-BR"].map { list in list.indices.map { list.value(at: $0) } } == ["Coisa 3", "Coisa 9"])
        // An empty catalog is the source language's empty list, in any number of runs.
        let empty = StringCatalogParser.parse(bytes: Array("{ \"sourceLanguage\" : \"en\", \"strings\" : {} }".utf8), path: "e.xcstrings")
        for runs in [1, 2, 5] { #expect(empty.stringsByLocale(runs: runs).mapValues(\.count) == ["en": 0]) }
        for runs in [2, 3, 5, 20] {
            let joined = catalog.stringsByLocale(runs: runs)
            #expect(Set(joined.keys) == Set(one.keys))
            for (locale, list) in one {
                let other = try #require(joined[locale])
                #expect(other.count == list.count)
                for position in list.indices {
                    #expect(other.key(at: position) == list.key(at: position))
                    #expect(other.value(at: position) == list.value(at: position))
                    #expect(other.state(at: position) == list.state(at: position))
                    #expect(other.location(at: position) == list.location(at: position))
                }
                // Each text laid out is the text the list shows, where it lies in its store.
                #expect(other.indices.map(other.laidOutText) == list.indices.map { list.value(at: $0) ?? list.key(at: $0) })
                #expect(list.indices.map(list.laidOutText) == list.indices.map { list.value(at: $0) ?? list.key(at: $0) })
                #expect(other.spans.map(\.isSettled) == list.spans.map(\.isSettled), "\(locale) in \(runs) runs")
            }
        }
    }

    /// Every unit read in place comes with its localization's position, in the order a walk of
    /// the copied values visits them.
    @Test func unitsReadInPlaceAreThoseOfTheCopiedValues() {
        for text in [Self.nested, Self.sideBySide] {
            let catalog = StringCatalogParser.parse(bytes: Array(text.utf8), path: "x.xcstrings")
            var copied: [String] = []
            catalog.forEachLocalizationWithPosition { position, _, _, value in
                value.forEachUnit { copied.append("\(position.entry).\(position.localization) \($0.value) \($0.location)") }
            }
            var inPlace: [String] = []
            catalog.forEachUnitInPlace { position, unit in
                inPlace.append("\(position.entry).\(position.localization) \(unit.value) \(unit.location)")
            }
            #expect(inPlace == copied)
            #expect(copied.count > 4)
        }
    }
}
