import LocalizationFormats
import LocalizationIndex

/// A catalog string unit in the state `new`.
struct CatalogUntranslatedRule: Rule {
    static let description = RuleDescription(
        id: "catalog-untranslated", name: "Translation not done", area: .catalog,
        summary: "a String Catalog string unit in the state new (added, not translated yet)",
        rationale:
            "Xcode creates units in the state 'new' with the source text as a placeholder; shipped as is, the locale shows the base language for that key while the catalog looks complete.",
        fix: "Translate the unit and mark it translated.",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [catalogUnitExample(state: "new", value: "Hello", marked: true)],
        nonTriggering: [catalogUnitExample(state: "translated", value: "Hallo", marked: false)])

    func check(_ context: RuleContext) -> [Finding] {
        unitStateFindings(context, state: "new") { key, locale in
            .notTranslatedYet(key: key, locale: locale)
        }
    }
}

extension Finding.Message {
    fileprivate static func notTranslatedYet(key: String, locale: String) -> Finding.Message {
        "the '\(locale)' translation of '\(key)' is in the state 'new': it has not been translated yet"
    }
}
