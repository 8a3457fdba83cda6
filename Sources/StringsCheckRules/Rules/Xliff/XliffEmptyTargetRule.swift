import LocalizationFormats
import LocalizationIndex

/// An empty `<target>` for a text that is not empty.
struct XliffEmptyTargetRule: Rule {
    static let description = RuleDescription(
        id: "xliff-empty-target", name: "XLIFF translation left empty", area: .xliff,
        summary: "an XLIFF <target> that is empty where its <source> is not",
        rationale:
            "An empty `<target>` is a translation of nothing: taken as the key's text, it shows users of the language an empty label, button or alert where the development text has words (stringscheck reads it as no translation, so the other rules do not compare it). Translation tools write one when a translator saved an empty field or a conversion lost the text. A unit without a `<target>` is untranslated work (xliff-untranslated); an empty one is a defect.",
        fix: "Translate the text, or remove the empty <target> so the unit counts as untranslated.",
        defaultSeverity: .error,
        triggering: [
            xliffExample(xliffUnit("done", source: "Done", target: "", marked: true)),
            xliffExample(xliffUnit("done", source: "Done", target: "", marked: true), target: "zh-Hans"),
        ],
        nonTriggering: [
            xliffExample(xliffUnit("done", source: "Done", target: "完成"), target: "zh-Hans"),
            xliffExample(xliffUnit("spacer", source: "", target: "")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            guard let target = place.unit.target, target.isEmpty, !place.unit.source.isEmpty, place.unit.translatable,
                let locale = place.locale
            else { return }
            result.append(
                finding(
                    .emptyTarget(id: place.unit.id, locale: locale, source: place.unit.source),
                    path: place.path, at: place.unit.translationLocation, key: place.id.key, locale: locale, table: place.table))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func emptyTarget(id: String, locale: String, source: String) -> Finding.Message {
        "the '\(locale)' translation of '\(id)' is empty where its source reads '\(source.excerpt)': the text is not translated, and imported as written, users of '\(locale)' would see no text there"
    }
}
