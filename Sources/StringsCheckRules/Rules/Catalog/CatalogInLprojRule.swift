import LocalizationFormats
import LocalizationIndex

/// A String Catalog inside an `.lproj` folder other than `mul.lproj`.
struct CatalogInLprojRule: Rule {
    static let description = RuleDescription(
        id: "catalog-in-lproj", name: "String Catalog inside a language folder", area: .catalog,
        summary: "a String Catalog inside an .lproj folder other than mul.lproj: Xcode's build refuses it",
        rationale:
            "A String Catalog holds every language itself, so it does not belong in a language's folder. Xcode's build system stops with 'Localizable.xcstrings should not be inside an lproj directory.' for a catalog in `en.lproj` or any other `.lproj` except `mul.lproj` (\"multi-lingual\"), where a catalog paired with a storyboard or xib lives (swift-build, `Sources/SWBApplePlatform/XCStringsCompiler.swift`, and its test `compileWithinLproj`). The app does not build, so no user of any language gets it.",
        fix:
            "Move the catalog out of the .lproj folder (beside the folders, where Xcode creates it), or into mul.lproj when it holds a storyboard's or xib's strings.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.xcstrings",
                    "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n")
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n")
            ]),
            RuleExample([
                ExampleFile("Base.lproj/Main.storyboard", "<document/>\n"),
                ExampleFile(
                    "mul.lproj/Main.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.catalogs.compactMap { file, _ in
            guard let folder = file.folder, folder != "mul.lproj" else { return nil }
            return finding(
                .catalogInLproj(name: file.table + ".xcstrings", folder: folder), path: file.path, at: SourcePosition(line: 1, column: 1),
                table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static func catalogInLproj(name: String, folder: String) -> Finding.Message {
        "the String Catalog '\(name)' is inside '\(folder)': Xcode's build stops with '\(name) should not be inside an lproj directory.', so the app does not build (only mul.lproj may hold a catalog, beside a storyboard or xib)"
    }
}
