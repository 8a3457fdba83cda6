import LocalizationFormats
import LocalizationIndex

/// A String Catalog in a Swift package target that the tree builds with SwiftPM's own build.
struct CatalogSwiftPMUncompiledRule: Rule {
    static let description = RuleDescription(
        id: "catalog-swiftpm-uncompiled", name: "Catalog in a package built without Xcode", area: .catalog,
        summary:
            "a String Catalog in a Swift package target that a CI or container recipe of the tree builds with `swift build`, which copies it uncompiled",
        rationale:
            "Only Xcode's build system compiles a String Catalog: SwiftPM lists `xcstrings` among the file types that need it (`xcbuildFileTypes` in swift-package-manager's `Sources/PackageLoading/TargetSourcesBuilder.swift`; 'Support String Catalogs when using xcbuild', swift-package-manager #6668). SwiftPM's own build (`swift build`, `swift test`, `swift run`) copies the catalog into the resource bundle as its JSON, and Foundation does not read a catalog at run time, so in what that build makes the bundle has no `.lproj` tables: every lookup shows its key or its default value, in every language. This is what ships from a Linux or server build; for an app that Xcode builds, it is what its `swift test` runs see. Reported when a recipe line runs one of those commands in the package's folder (from the recipe's repository or folder, after its `cd` or `working-directory` and `--package-path`), not through `--build-system xcode`; comments, step names and `echo` lines are not read as commands.",
        fix:
            "Build the package with Xcode's build system (`xcodebuild`, or `swift build --build-system xcode` where available), or ship `.strings`/`.stringsdict` tables for the targets SwiftPM builds.",
        defaultSeverity: .note,
        triggering: [
            RuleExample([
                ExampleFile("Package.swift", "// swift-tools-version: 5.9\n"),
                ExampleFile(".github/workflows/ci.yml", "jobs:\n  linux:\n    steps:\n      - run: swift build -c release\n"),
                ExampleFile(
                    "Sources/Server/Localizable.xcstrings",
                    "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("Package.swift", "// swift-tools-version: 5.9\n"),
                ExampleFile(
                    ".github/workflows/ci.yml",
                    "jobs:\n  ios:\n    steps:\n      - run: xcodebuild test -scheme App -destination 'platform=iOS Simulator'\n"),
                ExampleFile(
                    "Sources/App/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ]),
            RuleExample([
                ExampleFile("Packages/Core/Package.swift", "// swift-tools-version: 5.9\n"),
                ExampleFile(".github/workflows/ci.yml", "steps:\n  - run: swift test --package-path Packages/Other\n"),
                ExampleFile(
                    "Packages/Core/Sources/Core/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let recipes = context.project.swiftBuildRecipes
        guard !recipes.isEmpty else { return [] }
        return context.catalogs.compactMap { file, _ in
            guard let target = context.project.packageTarget(of: file.path) else { return nil }
            // "Pkg/Sources/Target" → "Pkg"; "Sources/Target" → the top of the tree.
            let sources =
                target.hasPrefix("Sources/")
                ? "" : target.range(of: "/Sources/", options: .backwards).map { String(target[..<$0.lowerBound]) } ?? ""
            guard let recipe = recipes.first(where: { $0.packageFolder == sources }) else { return nil }
            return finding(
                .copiedUncompiled(target: String(target.split(separator: "/").last ?? ""), recipe: recipe), path: file.path,
                at: SourcePosition(line: 1, column: 1), table: file.tableID)
        }
    }
}

extension Finding.Message {
    fileprivate static func copiedUncompiled(target: String, recipe: SwiftBuildRecipe) -> Finding.Message {
        "this catalog is a resource of the Swift package target '\(target)', which \(recipe.file):\(recipe.line) builds with '\(recipe.command)': SwiftPM's own build copies a String Catalog as JSON without compiling it, and Foundation does not read catalogs, so in that build every lookup in this table shows its key or default value, in every language"
    }
}
