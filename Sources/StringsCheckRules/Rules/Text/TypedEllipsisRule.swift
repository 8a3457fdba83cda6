import LocalizationFormats
import LocalizationIndex

/// A translation that types an ellipsis as three full stops where its development text has '…'.
struct TypedEllipsisRule: Rule {
    static let description = RuleDescription(
        id: "typed-ellipsis", name: "Ellipsis typed as three full stops", area: .text,
        summary: "a translation that writes '...' where its development text has the ellipsis character '…'",
        rationale:
            "The ellipsis character '…' (U+2026) is one glyph: it keeps together at a line break and VoiceOver reads it as a pause. Three full stops may be split across lines and are spaced as three characters. Translation platforms (Mozilla's, Weblate) check it for consistency with the development text. Opt-in, and a note: judged on real apps, the difference shows little, and it is mostly a translator's keyboard habit repeated across a locale.",
        fix: "Replace '...' with '…' (U+2026).",
        defaultSeverity: .note, isOptIn: true,
        triggering: [
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("fr", "\"loading\" = ↓\"Chargement...\";\n")),
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("ja", "\"loading\" = ↓\"読み込み中...\";\n")),
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("ar", "\"loading\" = ↓\"جارٍ التحميل...\";\n")),
        ],
        nonTriggering: [
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("fr", "\"loading\" = \"Chargement…\";\n")),
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("ja", "\"loading\" = \"読み込み中…\";\n")),
            .tables(("en", "\"loading\" = \"Loading…\";\n"), ("ar", "\"loading\" = \"جارٍ التحميل…\";\n")),
            // The development text types it too.
            .tables(("en", "\"loading\" = \"Loading...\";\n"), ("de", "\"loading\" = \"Wird geladen...\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let sources = context.developmentTexts { _, _, text -> Void? in text.contains("\u{2026}") ? () : nil }
        return context.compareTranslations(of: sources, by: self) { source, text, locale in
            guard !text.contains("\u{2026}"), text.contains("...") else { return nil }
            return (.typedEllipsis(key: source.key, locale: locale, source: source.text, translation: text), nil)
        }
    }
}

extension Finding.Message {
    fileprivate static func typedEllipsis(key: String, locale: String, source: String, translation: String) -> Finding.Message {
        "the '\(locale)' text of '\(key)' writes '...' where its development text has '…' ('\(source.excerpt)' → '\(translation.excerpt)'): three full stops may break across lines"
    }
}
