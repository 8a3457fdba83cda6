import LocalizationFormats
import LocalizationIndex

/// A language the build skips: not among the project's known regions while it builds only those.
struct UnknownRegionRule: Rule {
    static let description = RuleDescription(
        id: "unknown-region", name: "Language the build leaves out", area: .catalog,
        summary:
            "a String Catalog language or .lproj folder not among the Xcode project's known regions while BUILD_ONLY_KNOWN_LOCALIZATIONS is on: it does not ship",
        rationale:
            "With the build setting `BUILD_ONLY_KNOWN_LOCALIZATIONS = YES` (Xcode 26.4 release notes), Xcode's build system compiles a String Catalog only for the languages in the project's Localizations (`knownRegions` in `project.pbxproj`) and skips `.lproj` folders of other languages, saying so only in a note of the build log ('Skipping file in .lproj directory 'ja.lproj' because 'ja' is not in project's known localizations'; swift-build, `restrictedLocRegionsToBuild(in:)` and the tests of `XCStringsCompiler`). The translations are in the repository and the app ships without them: its users get the development language. Read from the project file nearest the top of the tree, for the folders under it outside Swift packages, and only when every configuration that sets it says YES; a setting made only in an `.xcconfig` file is not seen. Locales are compared as written, as the build compares them, and a regional variant whose language is known (`pt-BR` beside `pt`) is not reported: its users fall back to that language.",
        fix:
            "Add the language to the project's Localizations (Project Editor › Info › Localizations), or remove its translations if it is not meant to ship.",
        defaultSeverity: .warning,
        triggering: [
            RuleExample([
                ExampleFile(
                    "App.xcodeproj/project.pbxproj",
                    "knownRegions = (\n\ten,\n\tBase,\n\tde,\n);\nBUILD_ONLY_KNOWN_LOCALIZATIONS = YES;\n"),
                ExampleFile("App/en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n"),
                ExampleFile("App/ja.lproj/Localizable.strings", "↓\"hello\" = \"こんにちは\";\n"),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("App.xcodeproj/project.pbxproj", "knownRegions = (\n\ten,\n\tBase,\n\tar,\n);\n"),
                ExampleFile("App/en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n"),
                ExampleFile("App/ja.lproj/Localizable.strings", "\"hello\" = \"こんにちは\";\n"),
                ExampleFile("App/ar.lproj/Localizable.strings", "\"hello\" = \"مرحبا\";\n"),
            ])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        guard let known = context.project.knownRegions, known.buildsOnlyKnown else { return [] }
        var result: [Finding] = []
        // One finding per bundle and language folder, at its first file.
        var seen: Set<String> = []
        // The project's own folders only, outside Swift packages (which its regions do not govern).
        func governed(_ file: ResourceFile) -> Bool {
            !file.isImported && (known.folder.isEmpty || file.path.hasPrefix(known.folder + "/"))
                && context.project.packageTarget(of: file.path) == nil
        }
        for file in context.project.files where governed(file) {
            guard let locale = file.locale, let folder = file.folder, folder.hasSuffix(".lproj") else { continue }
            let written = String(folder.dropLast(".lproj".count))
            // A regional variant whose language is known falls back to that language's texts.
            guard written != "Base", !known.contains(written), !known.containsLanguage(of: written),
                seen.insert(file.bundle + "\u{0}" + written).inserted
            else { continue }
            result.append(
                finding(
                    .folderLeftOut(folder: folder, locale: locale, project: known.project), path: file.path,
                    at: SourcePosition(line: 1, column: 1), locale: locale, table: file.tableID))
        }
        for (file, catalog) in context.catalogs where governed(file) {
            let left = catalog.locales.filter { !known.contains($0) && !known.containsLanguage(of: $0) }
            guard !left.isEmpty else { continue }
            result.append(
                finding(
                    .catalogLanguagesLeftOut(locales: left, project: known.project), path: file.path,
                    at: SourcePosition(line: 1, column: 1),
                    table: file.tableID, locales: left))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func folderLeftOut(folder: String, locale: String, project: String) -> Finding.Message {
        "'\(locale)' is not among the known regions of \(project), which builds only those (BUILD_ONLY_KNOWN_LOCALIZATIONS = YES): Xcode skips '\(folder)', so users of '\(locale)' get the development language"
    }

    fileprivate static func catalogLanguagesLeftOut(locales: [String], project: String) -> Finding.Message {
        "\(listing(locales.map { "'\($0)'" })) \(locales.count == 1 ? "is" : "are") not among the known regions of \(project), which builds only those (BUILD_ONLY_KNOWN_LOCALIZATIONS = YES): Xcode does not compile the catalog for \(locales.count == 1 ? "it, so its users get" : "them, so their users get") the development language"
    }
}
