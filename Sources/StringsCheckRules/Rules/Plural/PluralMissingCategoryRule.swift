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
        // Thousands of sets share a few locales and a few sets of categories: what a set lacks,
        // how that is worded and whether it is worth a note alone are decided once for each.
        var lacks: [Lack.Key: Lack?] = [:]
        var rulesByLocale: [String: (rules: PluralRuleSet, categories: [PluralCategory])?] = [:]
        // Sets of one file come together: the last locale's categories are asked first, and only
        // a set that lacks one is read further (in place: a copy of each set retained its strings
        // and forms).
        var localeCategories = LocaleCategories()
        let sets = context.pluralForms
        return sets.indices.compactMap { index -> Finding? in
            let locale = sets[index].locale
            let used = localeCategories.used(in: locale)
            // 'other' missing is stringsdict-missing-other's finding.
            guard var lacking = used?.subtracting(sets[index].categories), !sets[index].categories.isEmpty else { return nil }
            lacking.remove(.other)
            guard !lacking.isEmpty else { return nil }
            let key = Lack.Key(locale: locale, has: sets[index].categories)
            let found: Lack?
            if let known = lacks[key] {
                found = known
            } else {
                found = rules(for: locale, &rulesByLocale).flatMap { lack(of: sets[index], in: $0.rules, categories: $0.categories) }
                lacks[key] = .some(found)
            }
            guard let found else { return nil }
            var result = finding(
                .missingForms(subject: sets[index].subject, key: sets[index].key, lacking: found.lacking, locale: locale, note: found.note),
                path: sets[index].path, at: sets[index].location, key: sets[index].key, locale: locale, table: sets[index].tableID)
            // French, Spanish, Italian and Portuguese use 'many' only for round millions
            // ('1 million de fichiers'): worth a note, not a warning on every entry.
            if found.onlyRoundMillions { result.diagnostic.severity = .note }
            return result
        }
    }

    /// What a set of forms lacks in a locale: the categories, each with a sample number, and the
    /// note's words when every one covers only round millions.
    private struct Lack {
        struct Key: Hashable {
            let locale: String
            let has: PluralCategorySet
        }

        /// The forms lacking ("'few' (e.g. 2) and 'many' (e.g. 5) forms") and the note's words:
        /// worded once per locale and set of forms, where wording them for each of thousands of
        /// findings cost more than the rule. The locale is named per finding: locales that
        /// compare equal as strings may be spelt differently.
        let lacking: String
        let note: String
        let onlyRoundMillions: Bool
    }

    /// The locale's CLDR rules and their categories, made once per locale; nil for a language
    /// CLDR does not list.
    private func rules(
        for locale: String, _ known: inout [String: (rules: PluralRuleSet, categories: [PluralCategory])?]
    ) -> (rules: PluralRuleSet, categories: [PluralCategory])? {
        if let rules = known[locale] { return rules }
        let rules = PluralRules.cldrLocale(for: locale).map { _ in
            let rules = PluralRules.cardinal(for: locale)
            return (rules: rules, categories: rules.categories)
        }
        known[locale] = .some(rules)
        return rules
    }

    /// What `set` lacks of `categories`, the categories `rules` gives its locale; nil for nothing.
    private func lack(of set: PluralForms, in rules: PluralRuleSet, categories: [PluralCategory]) -> Lack? {
        let missing = set.missing(from: categories).filter { $0 != .other }
        guard !missing.isEmpty else { return nil }
        let samples = missing.map { Finding.Message.category($0, sample: rules.sample(for: $0) ?? "?") }
        let forMillions = missing.allSatisfy { onlyForMillions(rules, $0) }
        let note = forMillions ? Finding.Message.onlyRoundMillions(locale: set.locale, categories: missing).text : ""
        return Lack(
            lacking: "\(listing(samples)) form\(samples.count == 1 ? "" : "s")", note: note, onlyRoundMillions: forMillions)
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

    /// Plural forms that lack the forms `lacking` names (each category with its sample), which
    /// `locale` uses; `note` is added when every one covers only round millions.
    fileprivate static func missingForms(subject: String, key: String, lacking: String, locale: String, note: String) -> Finding.Message {
        "\(subject) of '\(key)' has no \(lacking), which '\(locale)' uses; those numbers show the 'other' text\(note)"
    }

    /// What the note-severity finding adds when every missing category covers only round millions.
    fileprivate static func onlyRoundMillions(locale: String, categories: [PluralCategory]) -> Finding.Message {
        " (in '\(locale)' only round millions are '\(categories.map(\.rawValue).joined(separator: "', '"))')"
    }
}
