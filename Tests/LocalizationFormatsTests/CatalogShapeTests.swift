import Foundation
import Testing

@testable import LocalizationFormats

/// A catalog value's shape, kept beside its box, says what walking the value finds.
struct CatalogShapeTests {
    /// The shape worked out by walking the value and everything nested in it.
    static func walkedShape(_ value: CatalogValue) -> (
        states: Set<String?>, variations: Bool, substitutions: Bool, nestsVariations: Bool, nestsSubstitutions: Bool,
        percent: Bool
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
            units.contains { $0.value.contains("%") }
        )
    }

    static func expectShapesMatch(_ catalog: StringCatalog, sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in catalog.entries {
            for (_, value) in entry.localizations {
                let walked = Self.walkedShape(value)
                #expect(value.hasVariations == walked.variations, sourceLocation: sourceLocation)
                #expect(value.hasSubstitutions == walked.substitutions, sourceLocation: sourceLocation)
                #expect(value.nestsVariations == walked.nestsVariations, sourceLocation: sourceLocation)
                #expect(value.nestsSubstitutions == walked.nestsSubstitutions, sourceLocation: sourceLocation)
                #expect(value.shape.hasPercent == walked.percent, sourceLocation: sourceLocation)
                for state in [nil, "translated", "needs_review", "new", "stale", "machine_translated"] as [String?] {
                    #expect(value.hasUnit(inState: state) == walked.states.contains(state), sourceLocation: sourceLocation)
                }
                // Every other spelling shares one bit: the walk compares them.
                let unknown = walked.states.contains { $0.map { !StringCatalogParser.knownStates.contains($0) } ?? false }
                #expect(value.hasUnit(inState: "weird") == unknown, sourceLocation: sourceLocation)
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
                     "substitutions": {"m": {"variations": {}}}}}}}}}}}
        }, "version": "1.0"}
        """

    @Test func shapesSayWhatTheValuesHold() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        #expect(catalog.entries.count == 3)
        Self.expectShapesMatch(catalog)
        let device = catalog.entries[1].localizations[0].value
        #expect(device.hasVariations && device.nestsVariations && !device.nestsSubstitutions && device.shape.hasPercent)
        #expect(device.hasUnit(inState: "stale") && device.hasUnit(inState: nil) && !device.hasUnit(inState: "new"))
        let substituted = catalog.entries[2].localizations[0].value
        #expect(substituted.hasSubstitutions && substituted.nestsSubstitutions && !substituted.nestsVariations)
        #expect(substituted.hasUnit(inState: "machine_translated"))
        // An unknown state is one bit for every other spelling: the walk still compares them.
        #expect(catalog.entries[0].localizations[1].value.hasUnit(inState: "other spelling"))
    }

    /// A value changed through a setter gets the shape of what it now holds.
    @Test func aChangedValueIsReshaped() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        var value = catalog.entries[1].localizations[0].value
        value.variations = []
        #expect(!value.hasVariations && !value.nestsVariations && !value.hasUnit(inState: "stale"))
        value.stringUnit = CatalogStringUnit(state: "new", value: "%d", location: SourcePosition(line: 1, column: 1))
        #expect(value.hasUnit(inState: "new") && value.shape.hasPercent)
    }

    /// A walk that passes values over by their shape visits exactly those a full walk would
    /// keep.
    @Test func aWalkByShapeVisitsWhatAFullWalkKeeps() {
        let catalog = StringCatalogParser.parse(bytes: Array(Self.nested.utf8), path: "x.xcstrings")
        for test in [\CatalogValue.Shape.hasForms, \.hasVariations, \.nestsVariations, \.hasPercent] {
            var filtered: [String] = []
            catalog.forEachLocalization(where: { $0[keyPath: test] }) { entry, locale, _ in filtered.append(entry.key + locale) }
            var full: [String] = []
            catalog.forEachLocalization { entry, locale, value in
                if value.shape[keyPath: test] { full.append(entry.key + locale) }
            }
            #expect(filtered == full)
            #expect(!filtered.isEmpty)
        }
        #expect(catalog.entries[2].hasLocalization(where: \.hasSubstitutions))
        #expect(!catalog.entries[0].hasLocalization(where: \.hasForms))
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
}
