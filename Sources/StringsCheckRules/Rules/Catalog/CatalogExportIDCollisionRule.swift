import LocalizationFormats
import LocalizationIndex

/// A catalog key that reads as another key's variation once exported to XLIFF.
struct CatalogExportIDCollisionRule: Rule {
    static let description = RuleDescription(
        id: "catalog-export-id-collision", name: "Catalog key that exports as a variation", area: .catalog,
        summary: "a String Catalog key holding '|==|', which Xcode's XLIFF export uses to name a key's variations",
        rationale:
            "Xcode exports a catalog key's variations as XLIFF units named `KEY|==|plural.one`, `KEY|==|device.iphone`, `KEY|==|substitutions.NAME.plural.few` (Apple's WWDC23 session 'Discover String Catalogs'; Xcode 26 exports). A key that itself holds `|==|` exports under an ID that reads as a variation of the key before it: a round trip through translators (and tools that read the IDs, stringscheck's XLIFF reader among them) cannot tell the two apart, and when that other key exists with the variation the two units collide. Found in keys made by scripts or pasted from an export.",
        fix: "Rename the key without '|==|' (and its lookups in code).",
        defaultSeverity: .warning,
        triggering: [
            catalogExample(
                "    ↓\"files|==|plural.one\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"eine Datei\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"files | count\" : {\n      \"localizations\" : {\n        \"ja\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"ファイル数\" } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // The catalog's keys, gathered for the first key that names an owner.
            var known: Set<String>?
            for entry in catalog.entries {
                // Few keys hold a '|' at all: the others are passed over without a search.
                guard entry.key.utf8Contains(byte: UInt8(ascii: "|")), let separator = entry.key.range(of: "|==|") else { continue }
                let keys = known ?? Set(catalog.entries.map(\.key))
                known = keys
                let owner = String(entry.key[..<separator.lowerBound])
                result.append(
                    finding(
                        .exportsAsVariation(key: entry.key, owner: owner, ownerExists: keys.contains(owner)), path: file.path,
                        at: entry.keyLocation, key: entry.key, table: file.tableID))
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func exportsAsVariation(key: String, owner: String, ownerExists: Bool) -> Finding.Message {
        let other = owner.isEmpty ? "a key with no name" : ownerExists ? "the catalog's key '\(owner)'" : "a key '\(owner)'"
        return
            "'\(key)' holds '|==|', which Xcode's XLIFF export uses to name a key's variations: its unit ID reads as a variation of \(other), so a round trip through translators cannot tell them apart and its translations may not come back to it"
    }
}
