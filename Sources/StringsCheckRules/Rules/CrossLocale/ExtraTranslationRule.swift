import LocalizationFormats

/// A key in a translation that the base locale does not have.
struct ExtraTranslationRule: Rule {
    static let description = RuleDescription(
        id: "extra-translation", name: "Key not in the base", area: .crossLocale,
        summary: "a key in a translation that the base locale does not have",
        rationale:
            "The code never asks for a key the base lacks, so the text is dead weight, or, more often, the key was renamed in the base and the translation still uses the old name, so the new key shows raw.",
        fix: "Rename the key to match the base, or delete it.",
        defaultSeverity: .warning,
        triggering: [.tables(("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"A\";\n↓\"old.name\" = \"Alt\";\n"))],
        nonTriggering: [.tables(("en", "\"a\" = \"A\";\n\"b\" = \"B\";\n"), ("de", "\"a\" = \"A\";\n"))])

    func check(_ context: RuleContext) -> [Finding] {
        guard context.baseLocale != nil else { return [] }
        var result: [Finding] = []
        for locale in context.translationLocales(for: Self.description.id) {
            for (table, byLocale) in context.tables {
                guard let translation = byLocale[locale] else { continue }
                guard let base = context.baseTable(table) else {
                    if let file = context.file(table: table, locale: locale) {
                        result.append(
                            finding(
                                "the table '\(table)' exists in '\(locale)' but not in the base locale '\(context.baseLocale ?? "")'",
                                path: file.path, at: SourcePosition(line: 1, column: 1), locale: locale, table: table))
                    }
                    continue
                }
                for (key, string) in translation.strings where base.strings[key] == nil && string.origin != .catalog {
                    result.append(
                        finding(
                            "'\(key)' is in '\(locale)' but not in the base locale '\(context.baseLocale ?? "")'; the app never asks for it",
                            path: string.path, at: string.location, key: key, locale: locale, table: table))
                }
            }
        }
        return result
    }
}
