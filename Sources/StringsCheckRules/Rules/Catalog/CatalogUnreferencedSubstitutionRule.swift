import LocalizationFormats
import LocalizationIndex

/// A catalog substitution that no text of its localization references.
struct CatalogUnreferencedSubstitutionRule: Rule {
    static let description = RuleDescription(
        id: "catalog-unreferenced-substitution", name: "Substitution no text references", area: .catalog,
        summary: "a String Catalog substitution that no text of its localization references with %#@NAME@",
        rationale:
            "A substitution's plural forms are shown only where a text of its localization writes `%#@NAME@`. Xcode's catalog compiler warns 'Substitution 'NAME' was never referenced. To reference, use %#@NAME@ in some other string' (the message swift-build's `StringCatalogCompilerOutputParser` test reads from `xcstringstool`), and the forms are never shown: a translation that dropped the reference shows no count, or its own fixed number. A localization that has substitutions but no text at all (no `stringUnit`, no variations) has nothing for the compiled table to show; Xcode's compiler rejects substitutions without a parent `stringUnit` (public fixture corpora and threads), so that case is an error.",
        fix:
            "Write `%#@NAME@` where the count belongs in the localization's text (add the `stringUnit` when it is missing), or delete the substitution.",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"substitutions\" : { ↓\"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } } }\n      }\n    }"
            ),
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Dateien\" }, \"substitutions\" : { ↓\"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } } }\n      }\n    }"
            ),
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%1$#@n@\" }, \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            for entry in catalog.entries where entry.hasLocalization(where: \.hasSubstitutions) {
                for localization in entry.localizations where localization.value.hasSubstitutions {
                    let (locale, value) = (localization.locale, localization.value)
                    // The source language's key is its text where it has none of its own.
                    let keyIsText = locale == catalog.sourceLanguage && !value.hasStringUnit && !value.hasVariations
                    var referenced = Set(keyIsText ? catalogSubstitutionReferences(in: entry.key) : [])
                    value.forEachUnit { unit in
                        referenced.formUnion(catalogSubstitutionReferences(in: unit.value))
                    }
                    // Texts of the substitutions' own forms are not the localization's text.
                    let hasText = keyIsText || value.hasStringUnit || value.hasVariations
                    for substitution in value.substitutions where !referenced.contains(substitution.name) {
                        var made = finding(
                            .unreferencedSubstitution(name: substitution.name, key: entry.key, locale: locale, hasText: hasText),
                            path: file.path, at: substitution.location, key: entry.key, locale: LocaleName.normalize(locale),
                            table: file.tableID)
                        // A text that leaves the count out is shown, only without its forms.
                        if hasText { made.diagnostic.severity = .warning }
                        result.append(made)
                    }
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func unreferencedSubstitution(name: String, key: String, locale: String, hasText: Bool) -> Finding.Message {
        if !hasText {
            return
                "the '\(locale)' localization of '\(key)' has the substitution '\(name)' but no text that references it (no stringUnit): Xcode's catalog compiler rejects substitutions without a parent stringUnit, and the compiled table would have no '\(locale)' text for the key"
        }
        return
            "no '\(locale)' text of '\(key)' references the substitution '\(name)' (%#@\(name)@): Xcode's catalog compiler warns 'Substitution '\(name)' was never referenced', and '\(locale)' users never see its forms (the count is left out of the text)"
    }
}
