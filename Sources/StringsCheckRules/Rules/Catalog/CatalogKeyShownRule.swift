import LocalizationFormats
import LocalizationIndex

/// A catalog key with no development-language text that reads as an identifier.
struct CatalogKeyShownRule: Rule {
    static let description = RuleDescription(
        id: "catalog-key-shown", name: "Catalog key shown as its own text", area: .catalog,
        summary:
            "a String Catalog key that reads as an identifier (settings.title) and has no text in the source language: users see the key",
        rationale:
            "Xcode extracts keys that are the development text ('Delete this post?'), and for those a key without a source-language value is right: the key is the text. A key added by hand as an identifier ('settings.title') needs its text in the source language: without one the compiled table has none, the lookup returns the key, and users of the source language, and of every language without a translation, read 'settings.title'. The key is judged as an identifier as for a table's missing keys (a dot between lowercase words, an underscore, camelCase after a lowercase word; the catalog's other keys decide in between). Only keys added by hand (extraction state 'manual') are judged: a key Xcode extracted from code is the code's own text ('macOS', 'example.com'). Entries marked 'Don't translate', keys holding format specifiers and InfoPlist catalogs (whose missing values fall back to the Info.plist's) are left alone.",
        fix: "Give the key its text in the source language (in Xcode's catalog editor, the source language's column).",
        defaultSeverity: .warning,
        triggering: [
            catalogExample(
                "    ↓\"settings.title\" : {\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Einstellungen\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"Delete this post?\" : {\n      \"localizations\" : {\n        \"ja\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"この投稿を削除しますか？\" } }\n      }\n    }"
            ),
            catalogExample(
                "    \"settings.title\" : {\n      \"localizations\" : {\n        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Settings\" } },\n        \"ar\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"الإعدادات\" } }\n      }\n    }"
            ),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            guard let source = catalog.sourceLanguage.map(LocaleName.normalize) else { continue }
            let style = context.keyStyle(of: [file.tableID])
            // Every locale the catalog names, worked out for the first key reported only: it
            // walks every localization.
            var locales: [String]?
            var normalized = NormalizedLocaleNames()
            // An InfoPlist catalog's key without a value falls back to the Info.plist's own value.
            guard file.table != "InfoPlist" else { continue }
            let written = catalog.sourceLanguage
            func hasText(_ localization: CatalogLocalization) -> Bool {
                localization.value.hasStringUnit || localization.value.hasVariations
            }
            // Keys added by hand only: one Xcode extracted from code is the code's own text. Asked
            // of each entry in place: a copy of every entry retained its strings and lists.
            catalog.entries.withUnsafeBufferPointer { entries in
                for index in entries.indices
                where entries[index].shouldTranslate && entries[index].extractionState == "manual"
                    && !entries[index].key.containsMark(ascii: UInt8(ascii: "%")) && style.readsAsIdentifier(entries[index].key)
                {
                    let entry = entries[index]
                    // Nearly every such key has its source text: that is asked first, with no set
                    // of every translated locale made. A locale written exactly as the source
                    // language is that language, known without naming it; the locales are named
                    // (once per catalog each) only when none is written so.
                    let sourceTranslated =
                        entry.localizations.contains { $0.locale == written && hasText($0) }
                        || entry.localizations.contains { normalized($0.locale) == source && hasText($0) }
                    guard !sourceTranslated else { continue }
                    let translated = Set(entry.localizations.filter(hasText).map { normalized($0.locale) })
                    let all = locales ?? catalog.locales.map(LocaleName.normalize)
                    locales = all
                    let shown = [source] + all.filter { $0 != source && !translated.contains($0) }
                    result.append(
                        finding(
                            .keyShown(key: entry.key, locales: shown), path: file.path, at: entry.keyLocation, key: entry.key,
                            table: file.tableID,
                            locales: shown))
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func keyShown(key: String, locales: [String]) -> Finding.Message {
        "'\(key)' has no text in the source language, so the key is its text: users of \(listing(locales.map { "'\($0)'" })) read '\(key)' on screen"
    }
}
