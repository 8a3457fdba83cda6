import LocalizationFormats
import LocalizationIndex

/// A catalog substitution that reads its argument as another type than the key's format passes.
struct CatalogSubstitutionTypeRule: Rule {
    static let description = RuleDescription(
        id: "catalog-substitution-type", name: "Substitution read as another type than the code passes", area: .catalog,
        summary:
            "a String Catalog substitution whose formatSpecifier reads its argument (argNum) as another type or size than the key's own format passes",
        rationale:
            "Xcode extracts a catalog key from the code's interpolation ('\\(count) files' becomes '%lld files'), so the key's specifiers are what the code passes. A substitution (`%#@count@` with plural forms) stands for argument `argNum`, and its forms' `%arg` is that argument formatted with the substitution's `formatSpecifier` (the compiled `.stringsdict` variable's value type). A `formatSpecifier` of another type ('@' for an integer) or size ('d' for a 64-bit '%lld') reads the argument as what it is not: the plural form is chosen from garbage, and the text shows garbage or crashes. An `argNum` past the key's arguments reads an argument the code never passes. Checked for keys whose text holds specifiers (keys extracted from code); the source language's own substitution is compared too.",
        fix: "Set the substitution's formatSpecifier (and argNum) to the key's specifier for that argument (lld for Swift's Int).",
        defaultSeverity: .error,
        triggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"de\" : { \"substitutions\" : { ↓\"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"@\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%arg Dateien\" } } } } } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } }\n      }\n    }"
            )
        ],
        nonTriggering: [
            catalogExample(
                "    \"%lld files\" : {\n      \"localizations\" : {\n        \"ja\" : { \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%argファイル\" } } } } } }, \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" } }\n      }\n    }"
            )
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        for (file, catalog) in context.catalogs {
            // The byte search first: most keys hold no '%', and Foundation's search is slow.
            for entry in catalog.entries where entry.key.utf8Contains(byte: UInt8(ascii: "%")) && entry.key.contains("%") {
                let passed = FormatScanner.analyze(entry.key).specifiers.filter { $0.variableName == nil }
                guard !passed.isEmpty else { continue }
                for localization in entry.localizations {
                    let (locale, value) = (localization.locale, localization.value)
                    for substitution in value.substitutions {
                        guard let argument = substitution.argNum, let written = substitution.formatSpecifier,
                            let read = FormatScanner.specifier(completing: written)
                        else { continue }
                        let locale = LocaleName.normalize(locale)
                        guard let code = passed.first(where: { $0.argument == argument }) else {
                            result.append(
                                finding(
                                    .argumentNotPassed(name: substitution.name, argument: argument, key: entry.key, locale: locale),
                                    path: file.path, at: substitution.location, key: entry.key, locale: locale, table: file.tableID))
                            continue
                        }
                        guard !read.hasSignature(of: code) else { continue }
                        result.append(
                            finding(
                                .substitutionType(
                                    name: substitution.name, argument: argument, written: "%" + written, passed: code.text, key: entry.key,
                                    locale: locale),
                                path: file.path, at: substitution.location, key: entry.key, locale: locale, table: file.tableID))
                    }
                }
            }
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func substitutionType(name: String, argument: Int, written: String, passed: String, key: String, locale: String)
        -> Finding.Message
    {
        "the '\(locale)' substitution '\(name)' of '\(key)' reads argument \(argument) with '\(written)', but the key's format passes it as '\(passed)': the plural form is chosen from a misread value, and the text shows garbage or crashes"
    }

    fileprivate static func argumentNotPassed(name: String, argument: Int, key: String, locale: String) -> Finding.Message {
        "the '\(locale)' substitution '\(name)' of '\(key)' reads argument \(argument), which the key's format does not pass: it shows garbage or crashes"
    }
}
