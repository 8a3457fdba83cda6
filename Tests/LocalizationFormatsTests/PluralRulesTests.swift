import Testing

@testable import LocalizationFormats

struct PluralRulesTests {
    @Test func everyRuleOfTheDataParses() {
        for (text, sets) in [(CLDRPluralData.cardinal, PluralRules.cardinalSets), (CLDRPluralData.ordinal, PluralRules.ordinalSets)] {
            let ruleLines = text.split(separator: "\n").filter { !$0.hasPrefix("locales:") }.count
            #expect(sets.reduce(0) { $0 + $1.entries.count } == ruleLines)
            #expect(sets.count == text.components(separatedBy: "locales: ").count - 1)
            for set in sets { #expect(set.categories.contains(.other), "\(set.locales)") }
        }
    }

    /// The first sample is read from the list's first item that gives a value, as the full expansion's first.
    @Test(arguments: ["", " 5", "…, 7", "9~3, 2~4", " , 1.50~1.52, 3", "x~y, 0", "1000000, 1e6"])
    func firstSampleIsTheExpansionsFirst(list: String) {
        #expect(PluralRules.firstSample(Substring(list)) == PluralRules.expand(Substring(list)).first)
    }

    /// CLDR lists sample numbers for every category of every locale; each must fall in its own category.
    @Test func everyCLDRSampleEvaluatesToItsOwnCategory() throws {
        var checked = 0
        for (kind, sets) in [("cardinal", PluralRules.cardinalSets), ("ordinal", PluralRules.ordinalSets)] {
            for set in sets {
                for entry in set.entries {
                    #expect(
                        !(entry.integerSamples + entry.decimalSamples).isEmpty, "\(kind) \(set.locales) \(entry.category) has no samples")
                    // The first sample is read without expanding the list; it must be the same.
                    #expect(entry.firstIntegerSample == entry.integerSamples.first, "\(kind) \(set.locales) \(entry.category)")
                    #expect(entry.firstDecimalSample == entry.decimalSamples.first, "\(kind) \(set.locales) \(entry.category)")
                    for sample in entry.integerSamples + entry.decimalSamples {
                        let operands = try #require(PluralOperands(sample), "\(sample)")
                        #expect(
                            set.category(for: operands) == entry.category,
                            "\(kind) \(set.locales.first ?? ""): \(sample) is \(set.category(for: operands)), CLDR says \(entry.category)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 3_500)  // 3,717 with CLDR 41
    }

    @Test(arguments: [
        ("en", [PluralCategory.one, .other]),
        ("ru", [.one, .few, .many, .other]),
        ("uk", [.one, .few, .many, .other]),
        ("pl", [.one, .few, .many, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]),
        ("cy", [.zero, .one, .two, .few, .many, .other]),
        ("ja", [.other]),
        ("zh-Hans", [.other]),
        ("zh-Hant-HK", [.other]),
        ("pt-BR", [.one, .many, .other]),
        ("pt_PT", [.one, .many, .other]),
        ("English", [.one, .other]),
        ("sr-Latn", [.one, .few, .other]),
        ("xx", [.other]),
    ])
    func categoriesOfALocale(locale: String, categories: [PluralCategory]) {
        #expect(PluralRules.cardinal(for: locale).categories == categories)
    }

    @Test func portugueseOfBrazilAndOfPortugalDiffer() {
        // pt (Brazil): 0 and 1 are "one"; pt-PT: only 1.
        #expect(PluralRules.cardinal(for: "pt-BR").category(for: 0) == .one)
        #expect(PluralRules.cardinal(for: "pt-PT").category(for: 0) == .other)
        #expect(PluralRules.cldrLocale(for: "pt_BR") == "pt")
        #expect(PluralRules.cldrLocale(for: "pt-PT") == "pt_PT")
        #expect(PluralRules.cldrLocale(for: "zh_CN") == "zh")
        #expect(PluralRules.cldrLocale(for: "qq") == nil)
    }

    @Test func russianCountsAndFractions() {
        let ru = PluralRules.cardinal(for: "ru")
        #expect([1, 21, 101].map(ru.category(for:)) == [.one, .one, .one])
        #expect([2, 3, 24].map(ru.category(for:)) == [.few, .few, .few])
        #expect([0, 5, 11, 12, 14, 100].map(ru.category(for:)) == Array(repeating: .many, count: 6))
        #expect(PluralOperands("1.5").map(ru.category(for:)) == .other)
    }

    @Test func operandsOfWrittenNumbers() throws {
        let a = try #require(PluralOperands("1.50"))
        #expect((a.i, a.v, a.w, a.f, a.t) == (1, 2, 1, 50, 5))
        let b = try #require(PluralOperands("1.2c3"))
        #expect((b.n, b.i, b.v, b.e) == (1200, 1200, 0, 3))
        let c = try #require(PluralOperands("-3"))
        #expect((c.n, c.i) == (3, 3))
        #expect(PluralOperands("1.") == nil)
        #expect(PluralOperands("abc") == nil)
    }

    @Test func samplesForRendering() {
        #expect(PluralRules.cardinal(for: "ru").sample(for: .few) == "2")
        #expect(PluralRules.cardinal(for: "ar").sample(for: .zero) == "0")
        #expect(PluralRules.cardinal(for: "en").sample(for: .few) == nil)
    }

    @Test func ordinalRules() {
        let en = PluralRules.ordinal(for: "en")
        #expect([1, 2, 3, 4, 11, 21].map(en.category(for:)) == [.one, .two, .few, .other, .other, .one])
    }

    @Test func conditionSyntaxErrors() {
        #expect(throws: PluralRuleError.self) { try PluralCondition("x = 1") }
        #expect(throws: PluralRuleError.self) { try PluralCondition("n = ") }
        #expect(throws: PluralRuleError.self) { try PluralCondition("n % 0 = 1") }
        #expect((try? PluralCondition("n = 1 or i = 2..4 and v = 0"))?.matches(PluralOperands(3)) == true)
    }
}

/// A set of plural categories as the plural rules ask it: by the forms' names.
struct PluralCategorySetTests {
    @Test func namesAreReadAsTheirCategories() {
        var set = PluralCategorySet()
        for name in ["one", "other", "One", "", "others", "few "] { set.insert(named: name) }
        #expect(PluralCategory.allCases.filter(set.contains) == [.one, .other])
        for category in PluralCategory.allCases {
            var single = PluralCategorySet()
            single.insert(named: category.rawValue)
            #expect(single == PluralCategorySet([category]) && single.contains(category) && !single.isEmpty)
        }
    }

    @Test func setsSubtractAndRemove() {
        var all = PluralCategorySet(PluralCategory.allCases)
        let used = PluralCategorySet([.one, .other])
        #expect(PluralCategory.allCases.filter(all.subtracting(used).contains) == [.zero, .two, .few, .many])
        all.remove(.zero)
        #expect(!all.contains(.zero) && all.contains(.two))
        #expect(used.subtracting(used).isEmpty && PluralCategorySet().isEmpty)
    }
}
