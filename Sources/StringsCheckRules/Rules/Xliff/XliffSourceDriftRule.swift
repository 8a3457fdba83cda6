import LocalizationFormats
import LocalizationIndex

/// A unit whose source is no longer the project's development text.
struct XliffSourceDriftRule: Rule {
    static let description = RuleDescription(
        id: "xliff-source-drift", name: "XLIFF translation of a text that has since changed", area: .xliff,
        summary:
            "an XLIFF unit whose <source> differs from the project's current development text: the translation is of the old text",
        rationale:
            "An export is a snapshot: while it is with the translators, the development text may change (a new wording, another placeholder, a fixed typo). The unit still carries the old text as its `<source>`, and its translation says what the old text said. Imported, users of the language read a translation of a text the app no longer shows, and a specifier the new text added is missing from it. Checked when the XLIFF is checked together with the project (`stringscheck check App/ de.xliff`); `.stringsdict` forms and catalog keys are compared form by form, catalog variations are not.",
        fix:
            "Export the localizations again and have the changed units translated anew (or update the translation by hand to the new text).",
        defaultSeverity: .warning,
        triggering: [
            xliffExample(
                xliffUnit("welcome", source: "Welcome!", target: "Willkommen!", marked: true),
                extra: [ExampleFile("App/en.lproj/Localizable.strings", "\"welcome\" = \"Welcome back, %@!\";\n")])
        ],
        nonTriggering: [
            xliffExample(
                xliffUnit("welcome", source: "Welcome back, %@!", target: "おかえりなさい、%@！"), target: "ja",
                extra: [ExampleFile("App/en.lproj/Localizable.strings", "\"welcome\" = \"Welcome back, %@!\";\n")])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            guard place.inProject, place.id.variation == nil, let base = context.baseTable(place.table),
                let current = Self.developmentText(of: place.id, in: base.strings), current != place.unit.source
            else { return }
            result.append(
                finding(
                    .drift(id: place.unit.id, old: place.unit.source, current: current, locale: place.locale),
                    path: place.path, at: place.unit.translationLocation, key: place.id.key, locale: place.locale, table: place.table))
        }
        return result
    }

    /// The project's development text for a unit: a key's text, a `.stringsdict` entry's format
    /// key or one plural form.
    static func developmentText(of id: XliffUnitID, in strings: LocaleStrings) -> String? {
        guard let string = strings[id.key] else { return nil }
        guard let entry = string.stringsdictEntry else { return id.form == nil ? string.value : nil }
        guard let variable = id.variable, let form = id.form else { return entry.formatKey }
        return entry.variable(named: variable)?.variant(form)?.value
    }
}

extension Finding.Message {
    fileprivate static func drift(id: String, old: String, current: String, locale: String?) -> Finding.Message {
        "'\(id)' was translated from '\(old.excerpt)', but the development text is now '\(current.excerpt)': imported, users of '\(locale ?? "its language")' read a translation of the old text"
    }
}
