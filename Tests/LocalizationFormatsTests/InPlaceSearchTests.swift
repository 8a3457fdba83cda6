import Testing

@testable import LocalizationFormats

/// `containsInPlace(where:)` answers as `contains(where:)` does, reading each element through its
/// address.
struct InPlaceSearchTests {
    @Test func findsWhatContainsFinds() {
        let cases = ["one", "few", "other"].map {
            CatalogVariation.Case(
                name: $0, nameLocation: SourcePosition(line: 1, column: 1),
                value: CatalogValue(
                    stringUnit: CatalogStringUnit(state: nil, value: $0, location: SourcePosition(line: 1, column: 1)), variations: [],
                    substitutions: [], location: SourcePosition(line: 1, column: 1)))
        }
        for name in ["one", "few", "other", "many", ""] {
            #expect(cases.containsInPlace(where: { $0.pointee.name == name }) == cases.contains { $0.name == name })
        }
        #expect(![CatalogVariation.Case]().containsInPlace(where: { _ in true }))
    }
}
