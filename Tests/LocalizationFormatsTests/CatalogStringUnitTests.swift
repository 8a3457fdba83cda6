import Testing

@testable import LocalizationFormats

/// A string unit keeps its state in one word: Xcode's five states by number, any other spelling
/// boxed. What it says back, compares and hashes is the spelling it was given.
struct CatalogStringUnitTests {
    static let spellings: [String?] = [
        nil, "translated", "needs_review", "new", "stale", "machine_translated", "reviewed", "", "Translated",
    ]

    @Test(arguments: spellings)
    func aStateReadsBackAsItWasWritten(state: String?) {
        let unit = CatalogStringUnit(state: state, value: "Hallo", location: SourcePosition(line: 3, column: 7))
        #expect(unit.state == state)
        #expect(unit.value == "Hallo")
        #expect(unit.isSettled == (state == nil || state == "translated"))
        #expect(unit.isNew == (state == "new"))
        var changed = unit
        changed.state = "stale"
        #expect(changed.state == "stale")
        #expect(changed.isSettled == false)
        changed.state = state
        #expect(changed == unit)
        #expect(changed.hashValue == unit.hashValue)
    }

    @Test func unitsDifferingOnlyInStateDiffer() {
        let location = SourcePosition(line: 1, column: 1)
        let units = Self.spellings.map { CatalogStringUnit(state: $0, value: "x", location: location) }
        for (index, unit) in units.enumerated() {
            for (other, second) in units.enumerated() { #expect((unit == second) == (index == other)) }
        }
        #expect(Set(units).count == units.count)
    }

    /// The parser's usual path and a unit made from the spelling keep the same state.
    @Test func aParsedUnitKeepsItsState() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
              "de": {"stringUnit": {"state": "needs_review", "value": "a"}},
              "fr": {"stringUnit": {"state": "reviewed", "value": "b"}},
              "it": {"stringUnit": {"value": "c"}}}}}}
            """
        let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "Localizable.xcstrings")
        let states = try #require(catalog.entries.first).localizations.map { $0.value.stringUnit?.state }
        #expect(states == ["needs_review", "reviewed", nil])
        let settled = try #require(catalog.entries.first).localizations.map { $0.value.stringUnit?.isSettled }
        #expect(settled == [false, false, true])
    }
}
