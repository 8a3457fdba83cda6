import LocalizationFormats
import LocalizationIndex

/// A catalog substitution whose argument number or specifier differs from the source language's.
struct CatalogSubstitutionMismatchRule: Rule {
    static let description = RuleDescription(
        id: "catalog-substitution-mismatch", name: "Substitution differs from the source", area: .catalog,
        summary: "a String Catalog substitution whose argNum or formatSpecifier differs from the source language's",
        rationale:
            "A substitution ('%#@count@' with its own plural forms) stands for one of the app's arguments. A translation that binds it to another argument number or type reads the wrong value: the plural form is chosen from the wrong number, or garbage is printed.",
        fix: "Use the source language's argNum and formatSpecifier for the substitution.",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"en\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\" } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } },\n        \"de\" : { \"substitutions\" : { ↓\"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"@\" } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"en\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\" } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } },\n        \"de\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\" } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        // Each locale named once: normalizing it for every localization made strings apiece.
        var normalized = NormalizedLocaleNames()
        for (file, catalog) in context.catalogs {
            guard let source = catalog.sourceLanguage.map(LocaleName.normalize) else { continue }
            // Only substitutions are compared: an entry none of whose localizations has any
            // (nearly all) is passed over reading its array of localizations only.
            for entry in catalog.entries where entry.hasLocalization(where: \.hasSubstitutions) {
                guard let sourceValue = entry.localizations.first(where: { normalized($0.locale) == source })?.value else {
                    continue
                }
                let expected = Dictionary(sourceValue.substitutions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                for localization in entry.localizations where normalized(localization.locale) != source {
                    let (locale, value) = (localization.locale, localization.value)
                    for substitution in value.substitutions {
                        guard let base = expected[substitution.name] else { continue }
                        // A missing argNum takes its number from the text, so only numbers both give are compared.
                        let numbersDiffer = base.argNum != nil && substitution.argNum != nil && base.argNum != substitution.argNum
                        // Specifiers written byte for byte alike read alike: scanned only when
                        // written otherwise (strings that compare equal may still differ in bytes).
                        let writtenOtherwise = !writtenAlike(base.formatSpecifier, substitution.formatSpecifier)
                        guard numbersDiffer || (writtenOtherwise && typesDiffer(base, substitution)) else { continue }
                        result.append(
                            finding(
                                .substitutionDiffers(
                                    locale: locale, name: substitution.name, key: entry.key, argument: substitution.argNum,
                                    specifier: substitution.formatSpecifier, sourceArgument: base.argNum,
                                    sourceSpecifier: base.formatSpecifier),
                                path: file.path, at: substitution.location, key: entry.key, locale: LocaleName.normalize(locale),
                                table: file.tableID,
                                notes: [
                                    DiagnosticNote(.sourceSubstitutionHere, path: file.path, location: base.location)
                                ]))
                    }
                }
            }
        }
        return result
    }

    /// Whether two specifiers are written with the same bytes (or both left out).
    private func writtenAlike(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        return first.utf8.elementsEqual(second.utf8)
    }

    /// Whether both substitutions give a specifier and the two read different types.
    private func typesDiffer(_ base: CatalogSubstitution, _ substitution: CatalogSubstitution) -> Bool {
        guard let baseType = signature(base.formatSpecifier), let type = signature(substitution.formatSpecifier) else { return false }
        return baseType != type
    }

    private func signature(_ specifier: String?) -> String? {
        specifier.flatMap { FormatScanner.specifier(completing: $0)?.signature }
    }
}

extension Finding.Message {
    /// A translation's substitution bound to another argument or specifier than the source language's ("?" when not given).
    fileprivate static func substitutionDiffers(
        locale: String, name: String, key: String, argument: Int?, specifier: String?, sourceArgument: Int?, sourceSpecifier: String?
    ) -> Finding.Message {
        "the '\(locale)' substitution '\(name)' of '\(key)' is argument \(argument.map(String.init) ?? "?") as '%\(specifier ?? "?")', but the source language uses argument \(sourceArgument.map(String.init) ?? "?") as '%\(sourceSpecifier ?? "?")'"
    }

    fileprivate static let sourceSubstitutionHere: Finding.Message = "the source substitution is here"
}
