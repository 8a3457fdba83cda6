import LocalizationFormats
import LocalizationIndex

/// A unit an XLIFF file returns without a translation.
struct XliffUntranslatedRule: Rule {
    static let description = RuleDescription(
        id: "xliff-untranslated", name: "XLIFF unit without a translation", area: .xliff,
        summary: "an XLIFF <trans-unit> with no <target>: the deliverable leaves it untranslated",
        rationale:
            "A unit without a `<target>` brings no translation: Xcode's import leaves the key as the project has it (xcodebuild warns 'Incoming translated string is missing'), so users of the language see the development text or an older translation. Work not done yet rather than a defect: backlog, summed up per table unless --backlog lists each. Units marked translate=\"no\", units with an empty source and files into the source language itself (an export's template) are not counted.",
        fix: "Translate the unit before the import, or send it back to the translators.",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [xliffExample(xliffUnit("done", source: "Done", target: nil, marked: true))],
        nonTriggering: [xliffExample(xliffUnit("done", source: "Done", target: "完了"), target: "ja")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            // A file into the source language itself (an export template) needs no translation.
            guard place.unit.target == nil, place.unit.translatable, !place.unit.source.isEmpty, let locale = place.locale,
                !place.file.isIntoSourceLanguage
            else { return }
            result.append(
                finding(
                    .noTarget(id: place.unit.id, locale: locale, source: place.unit.source),
                    path: place.path, at: place.unit.location, key: place.id.key, locale: locale, table: place.table))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func noTarget(id: String, locale: String, source: String) -> Finding.Message {
        "'\(id)' has no '\(locale)' translation in this file ('\(source.excerpt)'): the import leaves the key as the project has it"
    }
}
