import LocalizationFormats
import LocalizationIndex

/// A table file of the base locale that a translation's folder lacks.
struct MissingTableRule: Rule {
    static let description = RuleDescription(
        id: "missing-table", name: "Missing table file", area: .crossLocale,
        summary: "a table file of the base locale that a translation's .lproj folder lacks",
        rationale:
            "Without the file, no key of that table is translated for the locale: a whole screen (or every push that uses the table) stays in the base language or shows raw keys. Reported once per table instead of once per key.",
        fix: "Add the file to the listed .lproj folders (Xcode: select the file, then tick the languages in the File inspector).",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
                ExampleFile("en.lproj/InfoPlist.strings", "↓\"CFBundleDisplayName\" = \"Demo\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ])
        ],
        nonTriggering: [.tables(("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"A\";\n"))])

    func check(_ context: RuleContext) -> [Finding] {
        guard let baseLocale = context.baseLocale else { return [] }
        // Only locales the same bundle has: a locale of another target is not missing here.
        let bundleLocales = context.localesByBundle(includingCatalogs: false)
        var result: [Finding] = []
        let baseFiles = context.project.files.filter { ($0.locale == baseLocale || $0.locale == "Base") }
        var reported: Set<String> = []
        for file in baseFiles where reported.insert(file.tableID).inserted {
            // A locale with the table in another form (`.strings` for a base `.stringsdict`) is
            // not missing it; missing-translation names the keys it lacks.
            let lacking = context.translationLocales(for: Self.description.id).filter { locale in
                bundleLocales[file.bundle, default: []].contains(locale) && context.tables[file.tableID]?[locale] == nil
            }
            // A base table without keys has nothing to translate.
            guard !lacking.isEmpty, context.baseTable(file.tableID)?.strings.isEmpty == false else { continue }
            // An XLIFF file holds many tables: the table is named, not the file.
            let name = file.isImported ? file.tableID : file.path.split(separator: "/").last.map(String.init) ?? file.path
            result.append(
                finding(
                    .noCounterpart(file: name, locales: lacking),
                    path: file.path, at: SourcePosition(line: 1, column: 1), table: file.tableID, locales: lacking))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func noCounterpart(file: String, locales: [String]) -> Finding.Message {
        "'\(file)' has no counterpart in \(listing(locales.map { "'\($0)'" })); none of its keys is translated there"
    }
}
