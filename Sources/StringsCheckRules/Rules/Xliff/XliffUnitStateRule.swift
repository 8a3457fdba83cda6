import LocalizationFormats
import LocalizationIndex

/// A translation whose XLIFF state says it is not final.
struct XliffUnitStateRule: Rule {
    static let description = RuleDescription(
        id: "xliff-unit-state", name: "XLIFF translation not marked final", area: .xliff,
        summary: "an XLIFF <target> in the state new, needs-translation or needs-review-*: nobody confirmed the translation",
        rationale:
            "XLIFF 1.2 marks a `<target>` that is not final with its `state`: `new` and `needs-translation` (not translated yet; Xcode writes `new` for a target it filled with the source text), `needs-review-translation`, `needs-review-l10n` and `needs-review-adaptation` (to be checked). Translation platforms return unconfirmed work this way (a machine suggestion, a changed source). Xcode carries the state into a String Catalog, where the unit stays 'new' or 'needs review' (catalog-untranslated and catalog-needs-review report it there); a `.strings` table has no state, so the text is imported as if final. Either way users see a text no translator approved.",
        fix: "Have the translation reviewed and marked translated (final, signed-off) before the import, or leave the unit out.",
        defaultSeverity: .warning,
        triggering: [
            xliffExample(xliffUnit("done", source: "Done", target: "Erledigt", state: "needs-review-l10n", marked: true)),
            xliffExample(xliffUnit("done", source: "Done", target: "完了", state: "new", marked: true), target: "ja"),
        ],
        nonTriggering: [
            xliffExample(xliffUnit("done", source: "Done", target: "تم", state: "translated"), target: "ar"),
            xliffExample(xliffUnit("done", source: "Done", target: "Fertig", state: "final")),
        ])

    /// The states of XLIFF 1.2 that say a target is not final.
    static let unfinished: Set = ["new", "needs-translation", "needs-review-translation", "needs-review-l10n", "needs-review-adaptation"]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        context.forEachXliffUnit { place in
            guard let state = place.unit.state, Self.unfinished.contains(state), let target = place.unit.target, !target.isEmpty,
                let locale = place.locale, place.unit.translatable
            else { return }
            result.append(
                finding(
                    .unfinished(id: place.unit.id, locale: locale, state: state, target: target, catalog: place.file.kind == .catalog),
                    path: place.path, at: place.unit.translationLocation, key: place.id.key, locale: locale, table: place.table))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func unfinished(id: String, locale: String, state: String, target: String, catalog: Bool) -> Finding.Message {
        let consequence =
            catalog
            ? "Xcode imports it into the catalog in that state, for review"
            : "a .strings table keeps no state, so it is imported as if final"
        return
            "the '\(locale)' translation of '\(id)' is in the state '\(state)' ('\(target.excerpt)'): nobody confirmed it, and \(consequence)"
    }
}
