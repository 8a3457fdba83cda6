import LocalizationFormats

/// A base key that a translation's table lacks, reported once at the base entry.
struct MissingTranslationRule: Rule {
    static let description = RuleDescription(
        id: "missing-translation", name: "Missing translation", area: .crossLocale,
        summary: "a key of the base locale that a translation's table lacks",
        rationale:
            "Foundation does not fall back to another language for a single key: users of that locale see the raw key ('settings.title'), and a push that names it shows the key as its text. Reported at the base entry, naming every locale that lacks it, so a commit that adds a base key shows it at once.",
        fix: "Add the key to the listed locales, or mark a catalog entry 'Don't translate' when it must stay as is.",
        defaultSeverity: .warning,
        triggering: [
            .tables(("en", "\"a\" = \"A\";\n↓\"b\" = \"B\";\n"), ("de", "\"a\" = \"A\";\n"), ("fr", "\"a\" = \"A\";\n")),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    ↓\"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    },\n    \"bye\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Tschüss\" } },\n        \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Salut\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                )
            ]),
        ],
        nonTriggering: [.tables(("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"A\";\n"))])

    func check(_ context: RuleContext) -> [Finding] {
        let locales = context.translationLocales(for: Self.description.id)
        var result: [Finding] = []
        for table in context.baseTableNames {
            guard let presence = context.keyPresence[table] else { continue }
            let present = locales.compactMap { locale in presence.has[locale].map { (locale: locale, has: $0) } }
            let exempt = context.doNotTranslate[table] ?? []
            for (index, string) in presence.base.enumerated() where !exempt.contains(string.key) {
                let lacking = present.filter { !$0.has[index] }.map(\.locale)
                guard !lacking.isEmpty else { continue }
                let key = string.key
                let share = lacking.count == present.count ? "every translation" : "\(lacking.count) of \(present.count) translations"
                let users = lacking.count == 1 ? "that locale" : "those locales"
                // A missing InfoPlist key falls back to the Info.plist value, not to the raw key.
                let effect = table.hasSuffix("InfoPlist") ? "see the Info.plist value" : "see the raw key"
                result.append(
                    finding(
                        "'\(key)' is missing from \(listing(lacking)) (\(share)); users of \(users) \(effect)",
                        path: string.path, at: string.location, key: key, table: table))
            }
        }
        return result
    }
}
