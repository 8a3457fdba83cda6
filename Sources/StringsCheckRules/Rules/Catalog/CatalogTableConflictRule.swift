import LocalizationFormats
import LocalizationIndex

/// A String Catalog beside a `.strings` or `.stringsdict` table of the same name.
struct CatalogTableConflictRule: Rule {
    static let description = RuleDescription(
        id: "catalog-table-conflict", name: "String Catalog beside a table of its name", area: .catalog,
        summary: "a String Catalog and a .strings or .stringsdict table of the same name in one bundle: Xcode's build refuses them",
        rationale:
            "Xcode compiles a String Catalog into `.strings` and `.stringsdict` tables of the catalog's name, so a hand-written table of that name in the same target would be a second source for the same table. Xcode's build system groups them by name and stops with 'Localizable.xcstrings cannot co-exist with other .strings or .stringsdict tables with the same name.' (swift-build, `Sources/SWBApplePlatform/XCStringsCompiler.swift` and `XCStringsInputFileGroupingStrategy.swift`, test `compileMixedProjectWithTableOverlap`). It happens when a project migrates a table to a catalog and keeps the old files. The app does not build. Checked per bundle (the folder holding the catalog, its `.lproj` folders and tables outside them); the build groups a target's files by name whatever folder they are in, which a tree without its Xcode project cannot show, so a table of the name in a subfolder is not reported. Tables of other names beside a catalog are fine.",
        fix:
            "Finish the migration: let Xcode move the remaining .strings and .stringsdict entries into the catalog and delete those files, or rename one of the tables (and its lookups).",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings", "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n"),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
                ExampleFile("ja.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"アプリ\";\n"),
            ])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var tables: [String: [ResourceFile]] = [:]
        // Every `.strings` and `.stringsdict` file of the bundle, global tables (outside any `.lproj`) too.
        for file in context.project.files where !file.isImported {
            if case .catalog = file.content { continue }
            tables[file.tableID, default: []].append(file)
        }
        return context.catalogs.compactMap { file, _ in
            guard !file.isImported, let others = tables[file.tableID], !others.isEmpty else { return nil }
            let name = file.table + ".xcstrings"
            return finding(
                .conflict(name: name, others: others.map(\.path).sorted()), path: file.path, at: SourcePosition(line: 1, column: 1),
                table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static func conflict(name: String, others: [String]) -> Finding.Message {
        let shown = others.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
        return
            "the String Catalog '\(name)' has tables of its name beside it (\(shown)): Xcode's build stops with '\(name) cannot co-exist with other .strings or .stringsdict tables with the same name.', so the app does not build"
    }
}
