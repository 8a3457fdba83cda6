import Testing

@testable import LocalizationFormats

/// A string unit keeps its state in four bytes: Xcode's five states by number, any other spelling
/// by its number among the run's other spellings. What it says back, compares and hashes is the
/// spelling it was given.
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

    /// The parser's usual path (an entry of Xcode's states) and its general path (any other
    /// entry, and every entry with `direct: false`) keep the same states.
    @Test func aParsedUnitKeepsItsStateOnBothPaths() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "usual": {"localizations": {
                "de": {"stringUnit": {"state": "needs_review", "value": "a"}},
                "fr": {"stringUnit": {"state": "new", "value": "b"}},
                "it": {"stringUnit": {"value": "c"}}}},
              "other": {"localizations": {
                "de": {"stringUnit": {"state": "reviewed", "value": "d"}}}}}}
            """
        for direct in [true, false] {
            let catalog = StringCatalogParser.parse(bytes: Array(json.utf8), path: "Localizable.xcstrings", direct: direct)
            let units = catalog.entries.flatMap { $0.localizations.compactMap(\.value.stringUnit) }
            #expect(units.map(\.state) == ["needs_review", "new", nil, "reviewed"])
            #expect(units.map(\.isSettled) == [false, false, true, false])
            #expect(units.map(\.isNew) == [false, true, false, false])
            let shapes = catalog.entries.flatMap { $0.localizations.map(\.value.shape) }
            #expect(shapes.map { $0.hasUnit(inState: "new") } == [false, true, false, false])
            #expect(shapes.map { $0.hasUnit(inState: "reviewed") } == [false, false, false, true])
        }
    }

    /// Other spellings numbered from several threads at once each read back as written, and a
    /// spelling numbered twice is one state.
    @Test func otherSpellingsNumberedAtOnceReadBack() async {
        let spellings = (0..<400).map { "state-\($0 % 200)" }
        let units = await withTaskGroup(of: (Int, CatalogStringUnit).self) { group in
            for (index, spelling) in spellings.enumerated() {
                group.addTask { (index, CatalogStringUnit(state: spelling, value: "x", location: SourcePosition(line: 1, column: 1))) }
            }
            var units = [CatalogStringUnit?](repeating: nil, count: spellings.count)
            for await (index, unit) in group { units[index] = unit }
            return units
        }
        #expect(units.map { $0?.state } == spellings)
        // One number per spelling, whichever thread numbered it first (units compare their
        // states by number).
        #expect(units[3]?.storedState == units[203]?.storedState)
        #expect(units[3]?.storedState != units[4]?.storedState)
        #expect(units[3] == units[203])
        #expect(units[3] != units[4])
        #expect(units.allSatisfy { $0?.isSettled == false && $0?.isNew == false })
    }

    /// The sizes the catalog model's memory figures rest on: a unit of 28 bytes (its state in four),
    /// and a value holding its unit in place in 48, so that a localization (its locale and value)
    /// takes 64 in its entry's array.
    @Test func aUnitAndAValueKeepTheirSizes() {
        #expect(MemoryLayout<CatalogStringUnit>.size == 28)
        #expect(MemoryLayout<CatalogValue>.size == 48)
        #expect(MemoryLayout<CatalogLocalization>.stride == 64)
    }
}
