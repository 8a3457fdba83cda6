import LocalizationFormats
import LocalizationIndex

/// Plural forms that lack a category the locale's CLDR rules use.
struct PluralMissingCategoryRule: Rule {
    static let description = RuleDescription(
        id: "plural-missing-category", name: "Plural form missing for the locale", area: .stringsdict,
        summary: "a plural rule without a category the locale's CLDR rules use (Russian 'few', Arabic 'two')",
        rationale:
            "Foundation picks the category from CLDR's rules for the locale; when the entry has no text for it, the 'other' text is shown, which is the wrong grammar: Russian needs one, few, many and other; Arabic six categories; Polish one, few, many and other. A 'zero' form is never required unless CLDR has it (Foundation uses one for 0 whenever present). Where a category only covers round millions (French, Spanish, Italian and Portuguese 'many'), the finding is a note; languages CLDR does not list are not checked.",
        fix: "Add the listed categories (Docs/Plurals.md lists each locale's categories and sample numbers).",
        defaultSeverity: .warning,
        triggering: [
            pluralExample(locale: "ru", forms: [("one", "%d файл"), ("other", "%d файла")], marker: "variable"),
            pluralExample(locale: "ar", forms: [("one", "ملف"), ("other", "%d ملفات")], marker: "variable"),
        ],
        nonTriggering: [
            pluralExample(locale: "ru", forms: [("one", "%d файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")]),
            pluralExample(locale: "ja", forms: [("other", "%d 個のファイル")]),
            pluralExample(locale: "en", forms: [("zero", "No files"), ("one", "One file"), ("other", "%d files")]),
        ])

    static let reads: Set<IndexPart> = [.pluralForms]

    func check(_ context: RuleContext) -> [Finding] {
        // Thousands of sets share a few locales: decide each locale's facts once.
        var millionsOnly: [String: [PluralCategory: Bool]] = [:]
        var rulesByLocale: [String: (rules: PluralRuleSet, categories: [PluralCategory])?] = [:]
        var sampleTexts: [String: [PluralCategory: String]] = [:]
        // Sets of one file come together: the last locale's categories are asked first, and only
        // a set that lacks one is read further (in place: a copy of each set retained its strings
        // and forms).
        var localeCategories = LocaleCategories()
        let sets = context.pluralForms
        return sets.indices.compactMap { index in
            let locale = sets[index].locale
            let used = localeCategories.used(in: locale)
            // 'other' missing is stringsdict-missing-other's finding.
            guard var lacking = used?.subtracting(sets[index].categories), !sets[index].categories.isEmpty else { return nil }
            lacking.remove(.other)
            guard !lacking.isEmpty else { return nil }
            let set = sets[index]
            let known =
                rulesByLocale[locale]
                ?? {
                    let rules = PluralRules.cldrLocale(for: locale).map { _ in
                        let rules = PluralRules.cardinal(for: locale)
                        return (rules, rules.categories)
                    }
                    rulesByLocale[locale] = .some(rules)
                    return rules
                }()
            guard let (rules, categories) = known else { return nil }
            let missing = set.missing(from: categories).filter { $0 != .other }
            guard !missing.isEmpty else { return nil }
            let samples = missing.map { category in
                let sample =
                    sampleTexts[set.locale]?[category]
                    ?? {
                        let text = rules.sample(for: category) ?? "?"
                        sampleTexts[set.locale, default: [:]][category] = text
                        return text
                    }()
                return Finding.Message.category(category, sample: sample)
            }
            var result = finding(
                .missingForms(subject: set.subject, key: set.key, categories: samples, locale: set.locale),
                path: set.file.path, at: set.location, key: set.key, locale: set.locale, table: set.file.tableID)
            // French, Spanish, Italian and Portuguese use 'many' only for round millions
            // ('1 million de fichiers'): worth a note, not a warning on every entry. Each
            // missing category's samples are read once per locale.
            let forMillions = missing.allSatisfy { category in
                millionsOnly[set.locale]?[category]
                    ?? {
                        let only = onlyForMillions(rules, category)
                        millionsOnly[set.locale, default: [:]][category] = only
                        return only
                    }()
            }
            if forMillions {
                result.diagnostic.severity = .note
                result.diagnostic.message += Finding.Message.onlyRoundMillions(locale: set.locale, categories: missing).text
            }
            return result
        }
    }

    private func onlyForMillions(_ rules: PluralRuleSet, _ category: PluralCategory) -> Bool {
        guard let entry = rules.entries.first(where: { $0.category == category }) else { return false }
        let samples = entry.integerSamples.compactMap(PluralOperands.init)
        return !samples.isEmpty && samples.allSatisfy { $0.i >= 1_000_000 }
    }
}

extension Finding.Message {
    /// A category with a sample number, as `missingForms` names it: "'few' (e.g. 2)".
    fileprivate static func category(_ category: PluralCategory, sample: String) -> String {
        "'\(category.rawValue)' (e.g. \(sample))"
    }

    /// Plural forms that lack `categories` (each with its sample), which `locale` uses.
    fileprivate static func missingForms(subject: String, key: String, categories: [String], locale: String) -> Finding.Message {
        "\(subject) of '\(key)' has no \(listing(categories)) form\(categories.count == 1 ? "" : "s"), which '\(locale)' uses; those numbers show the 'other' text"
    }

    /// What the note-severity finding adds when every missing category covers only round millions.
    fileprivate static func onlyRoundMillions(locale: String, categories: [PluralCategory]) -> Finding.Message {
        " (in '\(locale)' only round millions are '\(categories.map(\.rawValue).joined(separator: "', '"))')"
    }
}
