import LocalizationFormats
import LocalizationIndex

/// A catalog translation marked `needs_review`.
struct CatalogNeedsReviewRule: Rule {
    static let description = RuleDescription(
        id: "catalog-needs-review", name: "Translation needs review", area: .catalog,
        summary: "a String Catalog translation in the state needs_review",
        rationale:
            "Xcode marks a translation for review when its source text changed after it was translated, and `stringscheck fix --mark-review` marks one a check finds a defect in: the app shows it as it is (the old meaning, or the defect) until someone checks it.",
        fix: "Review the translation in Xcode's catalog editor and mark it reviewed (state 'translated').",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [catalogUnitExample(state: "needs_review", value: "Hallo", marked: true)],
        nonTriggering: [catalogUnitExample(state: "translated", value: "Hallo", marked: false)])

    func check(_ context: RuleContext) -> [Finding] {
        unitStateFindings(context, state: "needs_review") { key, locale in
            .needsReview(key: key, locale: locale)
        }
    }
}

extension Finding.Message {
    fileprivate static func needsReview(key: String, locale: String) -> Finding.Message {
        "the '\(locale)' translation of '\(key)' is marked needs_review (its source text changed, or a check found a defect in it): the app shows it unreviewed"
    }
}
