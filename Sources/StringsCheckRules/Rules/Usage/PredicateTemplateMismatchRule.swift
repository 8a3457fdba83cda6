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
                            "the '\(locale)' text of '\(string.key.excerpt)' \(problem); AppKit cannot match it to the row, which shows untranslated or with the wrong choices",
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
            guard let have = found[position] else { return "drops placeholder \(position) ('\(want.text)')" }
            switch (want.items, have.items) {
            case (nil, nil): continue
            case (let items?, nil):
                return "turns the popup \(position) ('\(want.text)') into a field ('\(have.text)') of \(items.count) choices"
            case (nil, _?): return "turns the field \(position) ('\(want.text)') into a popup ('\(have.text)')"
            case (let wanted?, let had?):
                if wanted.count != had.count {
                    return
                        "lists \(had.count) item\(had.count == 1 ? "" : "s") in popup \(position) ('\(have.text)') where the template has \(wanted.count) ('\(want.text)')"
                }
            }
        }
        if let extra = found.keys.sorted().first(where: { expected[$0] == nil }), let have = found[extra] {
            return "adds placeholder \(extra) ('\(have.text)'), which the template does not have"
        }
        return nil
    }
}
