import LocalizationFormats
import LocalizationIndex

/// A catalog value that holds a text and variations, or two kinds of variation, on one level.
struct CatalogLossyVariationsRule: Rule {
    static let description = RuleDescription(
        id: "catalog-lossy-variations", name: "Text and variations on one level", area: .catalog,
        summary: "a String Catalog value with both a stringUnit and variations, or plural and device variations side by side",
        rationale:
            "Xcode writes a localization (or a device case) as either one text or its variations: varying a string by plural or device replaces its text, and a string varied by both has the device cases outside and plural cases inside each. A `stringUnit` beside `variations`, or `plural` beside `device`, is written by hand or by a script; Xcode's catalog compiler builds it, but one of the two is lost: only one can be compiled for the key, and Xcode's XLIFF export and import do not carry both back (public fixture corpora and threads). Translators are asked for texts no user sees, or their work is dropped on the next import.",
        fix:
            "Keep one: delete the stringUnit when the variations are meant (their `other` case is the general text), or nest the plural cases inside each device case.",
        defaultSeverity: .warning,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : { \"state\" : \"translated\", \"value\" : ↓\"%lld Dateien\" },\n          \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"eine Datei\" } }, \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } } } }\n        }\n      }\n    }"
            ),
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : {\n          \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } } },\n          \"device\" : { ↓\"mac\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Dateien\" } } }\n        } }\n      }\n    }"
            ),
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"eine Datei\" } }, \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Dateien\" } } } } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // The file's path and table taken once: `report` below captured the whole file,
            // copied for every localization.
            let path = file.path
            let table = file.tableID
            // A value that varies nothing has nothing to nest.
            catalog.forEachLocalization(where: \.hasVariations) { entry, locale, value in
                // What can be reported: a unit beside variations, plural beside device variations,
                // or either nested. Most values with variations are plural forms alone, passed
                // over before the value is copied (a retain of its store, contended between the cores).
                guard value.hasStringUnit || value.nestsVariations || value.variesByPluralAndDevice else { return }
                let key = entry.key
                let value = copy value
                func report(_ value: CatalogValue, _ place: CatalogValuePlace?) {
                    // Worded only for a finding: most nested values have none.
                    func placeText() -> String { place.map { " in its " + $0.cases } ?? "" }
                    if let unit = value.stringUnit, let variation = value.variations.first {
                        result.append(
                            finding(
                                .textBesideVariations(
                                    key: key, locale: locale, place: placeText(), selector: variation.selector, text: unit.value),
                                path: path, at: unit.location, key: key, locale: LocaleName.normalize(locale), table: table))
                    }
                    // Asked of the variations in place: a list of their selectors was made for every value.
                    if value.variations.contains(where: { $0.selector == "plural" }),
                        let device = value.variations.first(where: { $0.selector == "device" })
                    {
                        result.append(
                            finding(
                                .pluralBesideDevice(key: key, locale: locale, place: placeText()),
                                path: path, at: device.cases.first?.nameLocation ?? value.location, key: key,
                                locale: LocaleName.normalize(locale), table: table))
                    }
                }
                report(value, nil)
                // Only a nested value with variations of its own can be reported.
                guard value.nestsVariations else { return }
                value.forEachNestedValue(where: \.hasVariations) { nested, place in
                    // Substitution forms are catalog-variation-nesting's.
                    if place.substitution == nil { report(nested, place) }
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func textBesideVariations(key: String, locale: String, place: String, selector: String, text: String)
        -> Finding.Message
    {
        "the '\(locale)' localization of '\(key)'\(place) has both a text ('\(text)') and \(selector) variations: Xcode writes one or the other, compiles only one of them for the key, and its XLIFF export and import do not carry both, so one is lost"
    }

    fileprivate static func pluralBesideDevice(key: String, locale: String, place: String) -> Finding.Message {
        "the '\(locale)' localization of '\(key)'\(place) varies by plural and by device side by side: Xcode varies by device first and by plural inside each device case, and of two variations on one level only one is compiled and carried through export and import, so the other is lost"
    }
}
