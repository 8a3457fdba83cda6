import LocalizationFormats
import LocalizationIndex

/// A unit for a key the project no longer has.
struct XliffUnknownKeyRule: Rule {
    static let description = RuleDescription(
        id: "xliff-unknown-key", name: "XLIFF unit for a key the project no longer has", area: .xliff,
        summary: "an XLIFF unit whose key the project's development table no longer has (removed or renamed since the export)",
        rationale:
            "Keys are renamed and removed while an export is with the translators. A unit for such a key translates a text the app no longer looks up: users never see it, and the translation of a renamed key's new name is still missing. Checked when the XLIFF is checked together with the project (`stringscheck check App/ de.xliff`).",
        fix: "Export the localizations again; a translation of a renamed key can be carried over to its new key by hand.",
        defaultSeverity: .warning,
        triggering: [
            xliffExample(
                xliffUnit("settings.title", source: "Settings", target: "Einstellungen", marked: true),
                extra: [ExampleFile("App/en.lproj/Localizable.strings", "\"settings.header\" = \"Settings\";\n")])
        ],
        nonTriggering: [
            xliffExample(
                xliffUnit("settings.title", source: "Settings", target: "الإعدادات"), target: "ar",
                extra: [ExampleFile("App/en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n")])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            guard place.inProject, let base = context.baseTable(place.table), base.strings[place.id.key] == nil else { return }
            result.append(
                finding(
                    .keyGone(table: place.table, key: place.id.key, source: place.unit.source),
                    path: place.path, at: place.unit.translationLocation, key: place.id.key, locale: place.locale, table: place.table))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func keyGone(table: String, key: String, source: String) -> Finding.Message {
        "the project's table '\(table)' no longer has the key '\(key)' ('\(source.excerpt)'): the app no longer looks this text up, so users never see the translation (a renamed key's own text stays untranslated)"
    }
}
