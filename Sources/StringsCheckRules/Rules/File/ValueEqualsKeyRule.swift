import LocalizationFormats
import LocalizationIndex

/// A translation whose text is its own key, while the base text differs.
struct ValueEqualsKeyRule: Rule {
    static let description = RuleDescription(
        id: "value-equals-key", name: "Translation equals its key", area: .file,
        summary: "a translation whose text is its key, while the base text is different",
        rationale:
            "Export tools fill untranslated entries with the key, so the file looks complete while users see 'settings.title'. Opt-in, since some projects use the English text as key.",
        fix: "Translate the entry, or delete it so the key is reported as missing.",
        defaultSeverity: .warning, isOptIn: true,
        triggering: [.tables(("en", "\"settings.title\" = \"Settings\";\n"), ("de", "\"settings.title\" = ↓\"settings.title\";\n"))],
        nonTriggering: [
            .tables(("en", "\"settings.title\" = \"Settings\";\n"), ("de", "\"settings.title\" = \"Einstellungen\";\n")),
            .tables(("en", "\"OK\" = \"OK\";\n"), ("de", "\"OK\" = \"OK\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for table in context.baseTableNames {
            guard let base = context.baseTable(table) else { continue }
            for locale in context.translationLocales {
                guard let strings = context.tables[table]?[locale]?.strings else { continue }
                for (key, string) in strings where string.value == key && string.origin == .strings {
                    guard let baseValue = base.strings[key]?.value, baseValue != key, key.contains(where: \.isLetter) else { continue }
                    result.append(
                        finding(
                            .translationIsKey(key: key, locale: locale, baseText: baseValue),
                            path: string.path, at: string.textLocation, key: key, locale: locale, table: table))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func translationIsKey(key: String, locale: String, baseText: String) -> Finding.Message {
        "the translation of '\(key)' in '\(locale)' is the key itself, not a translation of '\(baseText)'"
    }
}
