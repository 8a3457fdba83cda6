import LocalizationFormats
import LocalizationIndex

extension RuleContext {
    /// Every catalog with its file.
    var catalogs: [(file: ResourceFile, catalog: StringCatalog)] {
        project.files.compactMap { file in
            if case .catalog(let catalog) = file.content { return (file, catalog) }
            return nil
        }
    }
}

/// A String Catalog example: `key` → locale → (state, value).
/// A catalog whose key `hello` has one `de` string unit in `state` (its value marked when `marked`).
func catalogUnitExample(state: String, value: String, marked: Bool) -> RuleExample {
    catalogExample(
        "    \"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \(marked ? "↓" : "")\"\(value)\" } }\n      }\n    }"
    )
}

func catalogExample(_ strings: String) -> RuleExample {
    RuleExample([
        ExampleFile(
            "Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.0\"\n}\n")
    ])
}

extension Rule {
    /// Findings for string units in a given state.
    func unitStateFindings(_ context: RuleContext, state: String, describe: (String, String) -> Finding.Message) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            let sourceLanguage = catalog.sourceLanguage
            catalog.forEachLocalization { entry, locale, value in
                // The source language's units are the text itself, never a translation to do:
                // Xcode leaves extracted source text in the state 'new'.
                guard entry.shouldTranslate, state != "new" || locale != sourceLanguage else { return }
                // The key, not the entry: a closure that captures the borrowed entry copies all of
                // it for every localization.
                let key = entry.key
                value.forEachUnit { unit in
                    guard unit.state == state else { return }
                    let locale = LocaleName.normalize(locale)
                    result.append(
                        finding(describe(key, locale), path: file.path, at: unit.location, key: key, locale: locale, table: file.tableID))
                }
            }
        }
        return result
    }
}
