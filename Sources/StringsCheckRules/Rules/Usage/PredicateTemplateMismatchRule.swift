import LocalizationFormats
import LocalizationIndex

/// A rule editor template whose translation does not keep the template's placeholders.
struct PredicateTemplateMismatchRule: Rule {
    static let description = RuleDescription(
        id: "predicate-template-mismatch", name: "Rule editor template changed", area: .format,
        summary: "an NSPredicateEditor or NSRuleEditor translation that drops, adds or reshapes a popup or field of its template",
        rationale:
            "A rule editor's formatting table is keyed by the template AppKit builds from its row templates ('%[Name]@ %[contains,begins with]@ %@'); a translation may reword and reorder ('%1$[Nom]@ %3$@ %2$[contient,commence par]@'), but AppKit matches each placeholder by its position and each popup item by its place in the list. A translation that loses a position, turns a popup into a field, or lists a different number of items cannot be matched: the row shows untranslated or with the wrong choices. These are not printf specifiers, so the format rules do not read them (see Docs/TableUsage.md).",
        fix:
            "Keep every placeholder of the key, with the same number of comma-separated items in each popup; number them ('%2$[…]@') to change their order.",
        defaultSeverity: .error,
        triggering: [
            .tables(
                ("fr", "↓\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Nom]@ %2$[contient]@ %3$@\";\n"), table: "Predicates.strings"
            ),
            .tables(("de", "↓\"%[Name]@ %[is,is not]@ %@\" = \"%1$[Name]@ %2$[ist,ist nicht]@\";\n"), table: "Predicates.strings"),
        ],
        nonTriggering: [
            .tables(
                ("fr", "\"%[Name]@ %[contains,does not contain]@ %@\" = \"%1$[Nom]@ %3$@ %2$[contient,ne contient pas]@\";\n"),
                table: "Predicates.strings")
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (table, byLocale) in context.tables.sorted(by: { $0.key < $1.key }) where context.usage(of: table) == .predicate {
            for (locale, localeTable) in byLocale.sorted(by: { $0.key < $1.key }) {
                for string in localeTable.strings.values.sorted(by: { $0.key < $1.key }) {
                    guard let value = string.value, let problem = Self.problem(template: string.key, translation: value) else { continue }
                    result.append(
                        finding(
                            .cannotMatchRow(locale: locale, key: string.key, problem: problem),
                            path: string.path, at: string.location, key: string.key, locale: locale, table: table))
                }
            }
        }
        return result
    }

    /// What a translation changes in its template's placeholders; nil when it keeps them.
    static func problem(template: String, translation: String) -> String? {
        let expected = PredicateTemplate.parse(template).byPosition
        let found = PredicateTemplate.parse(translation).byPosition
        for position in expected.keys.sorted() {
            guard let want = expected[position] else { continue }
            guard let have = found[position] else { return Finding.Message.dropsPlaceholder(position: position, text: want.text) }
            switch (want.items, have.items) {
            case (nil, nil): continue
            case (let items?, nil):
                return Finding.Message.popupTurnedIntoField(position: position, popup: want.text, field: have.text, choices: items.count)
            case (nil, _?): return Finding.Message.fieldTurnedIntoPopup(position: position, field: want.text, popup: have.text)
            case (let wanted?, let had?):
                if wanted.count != had.count {
                    return Finding.Message.listsOtherItemCount(
                        count: had.count, position: position, popup: have.text, templateCount: wanted.count, templatePopup: want.text)
                }
            }
        }
        if let extra = found.keys.sorted().first(where: { expected[$0] == nil }), let have = found[extra] {
            return Finding.Message.addsPlaceholder(position: extra, text: have.text)
        }
        return nil
    }
}

extension Finding.Message {
    /// A rule editor translation whose placeholders AppKit cannot match; `problem` says how they differ.
    fileprivate static func cannotMatchRow(locale: String, key: String, problem: String) -> Finding.Message {
        "the '\(locale)' text of '\(key.excerpt)' \(problem); AppKit cannot match it to the row, which shows untranslated or with the wrong choices"
    }

    fileprivate static func dropsPlaceholder(position: Int, text: String) -> String { "drops placeholder \(position) ('\(text)')" }

    fileprivate static func popupTurnedIntoField(position: Int, popup: String, field: String, choices: Int) -> String {
        "turns the popup \(position) ('\(popup)') into a field ('\(field)') of \(choices) choices"
    }

    fileprivate static func fieldTurnedIntoPopup(position: Int, field: String, popup: String) -> String {
        "turns the field \(position) ('\(field)') into a popup ('\(popup)')"
    }

    /// A popup at `position` with `count` items where the template's has `templateCount`.
    fileprivate static func listsOtherItemCount(
        count: Int, position: Int, popup: String, templateCount: Int, templatePopup: String
    ) -> String {
        "lists \(count) item\(count == 1 ? "" : "s") in popup \(position) ('\(popup)') where the template has \(templateCount) ('\(templatePopup)')"
    }

    fileprivate static func addsPlaceholder(position: Int, text: String) -> String {
        "adds placeholder \(position) ('\(text)'), which the template does not have"
    }
}
