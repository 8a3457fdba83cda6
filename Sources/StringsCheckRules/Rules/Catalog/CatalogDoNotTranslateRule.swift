import LocalizationFormats
import LocalizationIndex

/// A catalog entry marked "Don't translate" that has translations anyway.
struct CatalogDoNotTranslateRule: Rule {
    static let description = RuleDescription(
        id: "catalog-translated-do-not-translate", name: "Translated although marked 'Don't translate'", area: .catalog,
        summary: "a String Catalog entry with shouldTranslate false that has translations in other locales",
        rationale:
            "'Don't translate' marks brand names, codes and format-only strings. Translations of such an entry are shipped and shown, which is either a mistake in the flag or a brand name translated by accident.",
        fix: "Remove the translations, or clear the 'Don't translate' flag if the entry should be translated.",
        defaultSeverity: .warning,
        triggering: [
            catalogExample(
                "    \"AppName\" : {\n      \"shouldTranslate\" : false,\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : ↓\"Anwendung\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [catalogExample("    \"AppName\" : {\n      \"shouldTranslate\" : false\n    }")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            let source = catalog.sourceLanguage.map(LocaleName.normalize)
            for entry in catalog.entries where !entry.shouldTranslate {
                for localization in entry.localizations where LocaleName.normalize(localization.locale) != source {
                    let (locale, value) = (localization.locale, localization.value)
                    guard let unit = value.representativeUnit else { continue }
                    result.append(
                        finding(
                            .translatedAnyway(key: entry.key, locale: locale, translation: unit.value),
                            path: file.path, at: unit.location, key: entry.key, locale: LocaleName.normalize(locale), table: file.tableID))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    /// An entry marked "Don't translate" that has a translation in `locale`.
    fileprivate static func translatedAnyway(key: String, locale: String, translation: String) -> Finding.Message {
        "'\(key)' is marked 'Don't translate' but has a '\(locale)' translation ('\(translation.excerpt)')"
    }
}
