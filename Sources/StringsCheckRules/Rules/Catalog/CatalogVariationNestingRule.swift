import LocalizationFormats
import LocalizationIndex

/// A variation nested where a String Catalog cannot nest one.
struct CatalogVariationNestingRule: Rule {
    static let description = RuleDescription(
        id: "catalog-variation-nesting", name: "Variation nested where it cannot be", area: .catalog,
        summary:
            "a String Catalog variation nested where Xcode cannot compile it: inside a plural case, a device case inside a device case, or inside a substitution's form",
        rationale:
            "Xcode varies a string by device first and by plural inside each device case, and a substitution's forms by plural only: that is what its editor offers and what the `.stringsdict` it compiles to can hold (a device rule, `NSStringDeviceSpecificRuleType`, may hold plural rules; a plural rule's forms are texts, nothing more). Xcode's catalog compiler rejects nested cases where they are not allowed (public fixture corpora and threads). Such a catalog is written by hand or by a script; the app does not build.",
        fix:
            "Vary by device at the top and by plural inside each device case; give a substitution plural forms only.",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"plural\" : {\n          \"one\" : { \"variations\" : { \"device\" : { ↓\"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"eine Datei\" } } } } },\n          \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } }\n        } } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"device\" : {\n          \"mac\" : { \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"eine Datei\" } }, \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } } } } },\n          \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } }\n        } } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // The file's path and table taken once: the nested function below captured the whole
            // file, copied for every localization.
            let path = file.path
            let table = file.tableID
            // A value that varies nothing has nothing to nest.
            catalog.forEachLocalization(where: \.hasForms) { entry, locale, value in
                // What can be reported: a substitution's variation, or one nested in a case. Most
                // values with forms are plural forms of text alone, passed over by their shape
                // before the value is copied (a retain of its store, contended between the cores).
                guard value.hasSubstitutions || value.nestsVariations || value.nestsSubstitutions else { return }
                let key = entry.key
                let value = copy value
                // A substitution's forms vary by plural only.
                func checkSubstitutions(of value: CatalogValue) {
                    // Nearly every substitution varies by plural alone: found so in place, without
                    // copying each substitution and variation (a retain of each of their strings).
                    guard value.hasSubstitutions,
                        value.substitutions.contains(where: { $0.variations.contains { $0.selector != "plural" } })
                    else { return }
                    for substitution in value.substitutions {
                        for variation in substitution.variations where variation.selector != "plural" {
                            result.append(
                                finding(
                                    .nestedVariation(
                                        selector: variation.selector, place: "its substitution '\(substitution.name)'",
                                        key: key, locale: locale),
                                    path: path, at: variation.cases.first?.nameLocation ?? substitution.location,
                                    key: key, locale: LocaleName.normalize(locale), table: table))
                        }
                    }
                }
                checkSubstitutions(of: value)
                // Only a nested value with variations or substitutions of its own can be reported.
                guard value.nestsVariations || value.nestsSubstitutions else { return }
                value.forEachNestedValue(where: \.hasForms) { nested, place in
                    checkSubstitutions(of: nested)
                    for variation in nested.variations where !Self.allowed(variation.selector, inside: place) {
                        result.append(
                            finding(
                                .nestedVariation(
                                    selector: variation.selector, place: place.description, key: key, locale: locale),
                                path: path, at: variation.cases.first?.nameLocation ?? nested.location, key: key,
                                locale: LocaleName.normalize(locale), table: table))
                    }
                }
            }
        }
        return result
    }

    /// Only a plural variation inside one device case, and nothing inside a substitution's form.
    static func allowed(_ selector: String, inside place: CatalogValuePlace) -> Bool {
        place.substitution == nil && selector == "plural" && place.steps.allSatisfy { $0.selector == "device" }
            && place.steps.count == 1
    }
}

extension Finding.Message {
    fileprivate static func nestedVariation(selector: String, place: String, key: String, locale: String) -> Finding.Message {
        "the '\(locale)' localization of '\(key)' varies by \(selector) inside \(place): a catalog varies by device first and by plural inside a device case only, as the .stringsdict it compiles to can hold, and Xcode's catalog compiler rejects this nesting, so the app does not build"
    }
}
