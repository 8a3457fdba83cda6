import LocalizationFormats
import LocalizationIndex

/// A catalog entry whose key the code no longer uses, or a unit marked stale.
struct CatalogStaleRule: Rule {
    static let description = RuleDescription(
        id: "catalog-stale", name: "Stale catalog entry", area: .catalog,
        summary: "a String Catalog entry whose key Xcode no longer finds in the code (extractionState stale)",
        rationale:
            "Stale entries are kept by Xcode until someone deletes them; they are translated (and paid for) again and again, and often mean a key was renamed in code but not in the catalog.",
        fix: "Delete the entry in Xcode's catalog editor, or restore the key in the code if the removal was a mistake.",
        defaultSeverity: .note,
        triggering: [catalogExample("    ↓\"old.key\" : {\n      \"extractionState\" : \"stale\"\n    }")],
        nonTriggering: [catalogExample("    \"key\" : {\n      \"extractionState\" : \"manual\"\n    }")])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            for entry in catalog.entries where entry.extractionState == "stale" {
                result.append(
                    finding(.staleEntry(key: entry.key), path: file.path, at: entry.keyLocation, key: entry.key, table: file.tableID))
            }
        }
        return result
            + unitStateFindings(context, state: "stale") { key, locale in
                .staleTranslation(key: key, locale: locale)
            }
    }
}

extension Finding.Message {
    fileprivate static func staleEntry(key: String) -> Finding.Message { "'\(key)' is stale: Xcode no longer finds it in the code" }

    fileprivate static func staleTranslation(key: String, locale: String) -> Finding.Message {
        "the '\(locale)' translation of '\(key)' is marked stale"
    }
}
