import LocalizationFormats
import LocalizationIndex

/// Substitutions written inside a variation's case instead of beside the localization's text.
struct CatalogNestedSubstitutionsRule: Rule {
    static let description = RuleDescription(
        id: "catalog-nested-substitutions", name: "Substitutions inside a variation", area: .catalog,
        summary: "substitutions in a String Catalog written inside a device or plural case instead of beside the localization's text",
        rationale:
            "A localization's `substitutions` stand beside its `stringUnit` and `variations`: that is where Xcode's editor writes them, where its XLIFF export names them from (`KEY|==|substitutions.NAME.plural.few`), and where the references `%#@NAME@` in every text of the localization, its device cases included, are resolved. Xcode's catalog compiler rejects substitutions nested under a device case (public fixture corpora and threads). Such a catalog is written by hand or by a script; the app does not build, or the case's reference to the substitution is undefined.",
        fix:
            "Move the substitutions up, beside the localization's `variations` (one set for all its device cases; give two cases' different plural texts different substitution names).",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"device\" : {\n          \"iphone\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" }, \"substitutions\" : { ↓\"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } } },\n          \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } }\n        } } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } },\n          \"variations\" : { \"device\" : {\n            \"iphone\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } },\n            \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@ gesamt\" } }\n          } }\n        }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // Only a case can hold substitutions in the wrong place.
            catalog.forEachLocalization(where: { $0.hasVariations && $0.nestsSubstitutions }) { entry, locale, value in
                let key = entry.key
                value.forEachNestedValue(where: \.hasSubstitutions) { nested, place in
                    guard let first = nested.substitutions.first else { return }
                    result.append(
                        finding(
                            .nestedSubstitutions(
                                names: nested.substitutions.map(\.name), place: place.description, key: key, locale: locale),
                            path: file.path, at: first.location, key: key, locale: LocaleName.normalize(locale),
                            table: file.tableID))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func nestedSubstitutions(names: [String], place: String, key: String, locale: String) -> Finding.Message {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return
            "the '\(locale)' localization of '\(key)' defines the substitution\(names.count == 1 ? "" : "s") \(list) inside \(place) instead of beside its text: Xcode's catalog compiler resolves a localization's references to substitutions at the localization's own level and rejects substitutions nested under a case, so the app does not build"
    }
}
