import LocalizationFormats
import LocalizationIndex

/// Plural forms for a category the locale never uses.
struct PluralUnusedCategoryRule: Rule {
    static let description = RuleDescription(
        id: "plural-unused-category", name: "Plural form the locale never uses", area: .stringsdict,
        summary: "a plural form for a category the locale's CLDR rules never select ('one' in Japanese, 'few' in English)",
        rationale:
            "Text in a category the locale never selects is never shown. It is usually copied from the base language, and sometimes hides a real mistake: the translator wrote the wording for one number in a form no number reaches. 'zero' is exempt, since Foundation uses it for 0 in every locale when present; languages CLDR does not list are not checked.",
        fix: "Delete the form, or move its text to the category that numbers reach.",
        defaultSeverity: .note,
        triggering: [
            pluralExample(locale: "ja", forms: [("one", "1 個のファイル"), ("other", "%d 個のファイル")], marker: "one"),
            pluralExample(locale: "en", forms: [("one", "One file"), ("few", "A few files"), ("other", "%d files")], marker: "few"),
        ],
        nonTriggering: [
            pluralExample(locale: "ja", forms: [("other", "%d 個のファイル")]),
            pluralExample(locale: "en", forms: [("zero", "No files"), ("one", "One file"), ("other", "%d files")]),
        ])

    static let reads: Set<IndexPart> = [.pluralForms]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var localeCategories = LocaleCategories()
        var usesByLocale: [String: String] = [:]
        // Read in place: a copy of each set retained its strings and forms.
        let sets = context.pluralForms
        for index in sets.indices {
            let locale = sets[index].locale
            let known = localeCategories.used(in: locale)
            guard var unused = known.map({ sets[index].categories.subtracting($0) }) else { continue }
            unused.remove(.zero)
            // Nearly every set writes only categories its locale uses.
            guard !unused.isEmpty else { continue }
            let set = sets[index]
            for form in set.forms {
                guard let category = PluralCategory(rawValue: form.name), unused.contains(category) else { continue }
                // The locale's categories worded once per locale, not once per finding.
                let uses = usesByLocale[set.locale] ?? Finding.Message.categoryList(PluralRules.cardinal(for: set.locale).categories)
                usesByLocale[set.locale] = uses
                result.append(
                    finding(
                        .neverShown(form: form.name, key: set.key, locale: set.locale, uses: uses),
                        path: set.path, at: form.location, key: set.key, locale: set.locale, table: set.tableID))
            }
        }
        return result
    }
}

extension Finding.Message {
    /// A form for a category `locale` never selects; `uses` lists the categories it does
    /// (`listing(_:)`).
    fileprivate static func neverShown(form: String, key: String, locale: String, uses: String) -> Finding.Message {
        "the '\(form)' form of '\(key)' is never shown: '\(locale)' has no '\(form)' category (it uses \(uses))"
    }

    /// "'one', 'few' and 'other'".
    fileprivate static func categoryList(_ categories: [PluralCategory]) -> String {
        listing(categories.map { "'\($0.rawValue)'" })
    }
}
