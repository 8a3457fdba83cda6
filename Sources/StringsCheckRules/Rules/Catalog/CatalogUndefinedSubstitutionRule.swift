import LocalizationFormats
import LocalizationIndex

/// A catalog text that references a substitution its localization does not define.
struct CatalogUndefinedSubstitutionRule: Rule {
    static let description = RuleDescription(
        id: "catalog-undefined-substitution", name: "Reference to an undefined substitution", area: .catalog,
        summary: "a String Catalog text with %#@NAME@ where its localization defines no substitution NAME: Xcode's build stops",
        rationale:
            "In a String Catalog, `%#@NAME@` in a text stands for the substitution NAME of the same localization (its own plural forms for one argument). Xcode's catalog compiler stops the build at a reference it cannot resolve, with 'Referencing undefined substitution 'NAME'' (the message swift-build's `StringCatalogCompilerOutputParser` and its tests read from `xcstringstool`). It happens when a translation renames or drops a substitution, or a text is pasted from another key. The app does not build.",
        fix:
            "Define the substitution in that localization (Xcode's catalog editor adds it when the text is edited there), or use the name the localization defines.",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"en\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg file\" } }, \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg files\" } } } } } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } },\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : ↓\"%#@count@\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"en\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg file\" } }, \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg files\" } } } } } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // The names each text references, and where the text is: kept for one localization.
            var references: [(names: [String], location: SourcePosition)] = []
            // A reference is written `%#@name@`: values without a '%' and a '#' are passed over
            // unread.
            // The entries' buffer is what the closure below captures to read a key for a
            // finding: capturing the entry (or the catalog) copied it for every text.
            catalog.entries.withUnsafeBufferPointer { entries in
                catalog.forEachValueInPlace(where: \.mayReferenceSubstitution) { position, _, locale, value in
                    // Every text of the localization may reference its substitutions: the unit,
                    // its variations' and the substitutions' own forms (most values are one unit).
                    // Read in place (copying the unit retained its strings; a borrowed value read
                    // in the closures below was copied, a retain of its store contended between the
                    // cores), and gathered before the value's names are asked for.
                    references.removeAll(keepingCapacity: true)
                    CatalogValue.forEachUnit(at: value) { unit in
                        let names = catalogSubstitutionReferences(in: unit.text)
                        if !names.isEmpty { references.append((names, unit.location)) }
                    }
                    guard !references.isEmpty else { return }
                    // Names defined inside a case are reported by catalog-nested-substitutions.
                    // The value's own substitutions are asked first, in place; the names inside
                    // its cases are gathered only for a name it does not define itself.
                    var nested: Set<String>?
                    for (names, location) in references {
                        var undefined: String?
                        for name in names where !value.pointee.definesSubstitution(named: name) {
                            if value.pointee.nestsSubstitutions {
                                let inside = nested ?? value.pointee.nestedSubstitutionNames
                                nested = inside
                                if inside.contains(name) { continue }
                            }
                            undefined = name
                            break
                        }
                        guard let name = undefined else { continue }
                        let key = entries[position.entry].key
                        result.append(
                            finding(
                                .undefinedSubstitution(name: name, key: key, locale: locale), path: file.path, at: location,
                                key: key, locale: LocaleName.normalize(locale), table: file.tableID))
                    }
                }
            }
        }
        return result
    }

}

extension Finding.Message {
    fileprivate static func undefinedSubstitution(name: String, key: String, locale: String) -> Finding.Message {
        "the '\(locale)' text of '\(key)' references the substitution '\(name)', which its localization does not define: Xcode's build stops with 'Referencing undefined substitution '\(name)'', so the app does not build"
    }
}
