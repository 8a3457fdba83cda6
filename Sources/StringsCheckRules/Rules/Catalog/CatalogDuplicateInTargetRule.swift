import LocalizationFormats
import LocalizationIndex

/// Two String Catalogs of one name in one Swift package target.
struct CatalogDuplicateInTargetRule: Rule {
    static let description = RuleDescription(
        id: "catalog-duplicate-in-target", name: "Two catalogs of one name in a target", area: .catalog,
        summary: "two String Catalogs of the same name in one Swift package target, in different folders: Xcode's build refuses them",
        rationale:
            "Xcode's build system groups a target's catalogs by file name, whatever folder they are in, because both would compile into the same table; it stops with 'Cannot have multiple Localizable.xcstrings files in same target.' (swift-build, `Sources/SWBApplePlatform/XCStringsCompiler.swift` and `XCStringsInputFileGroupingStrategy.swift`, test `compileWithTableOverlap`, for `Sources/Localizable.xcstrings` beside `Sources/Subdir/Localizable.xcstrings`). The same name in two targets is fine. Checked in Swift package targets, whose folders are their targets; an Xcode project's target membership is in its project file, which is not read for this.",
        fix:
            "Merge the two catalogs into one (Xcode can move strings between catalogs), or rename one of them and its lookups' table name.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile("Package.swift", "// swift-tools-version: 5.9\n"),
                ExampleFile(
                    "Sources/Feature/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
                ExampleFile(
                    "Sources/Feature/Settings/Localizable.xcstrings",
                    "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("Package.swift", "// swift-tools-version: 5.9\n"),
                ExampleFile(
                    "Sources/Feature/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
                ExampleFile(
                    "Sources/Settings/Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \"1.0\"\n}\n"),
            ])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var first: [String: String] = [:]
        var result: [Finding] = []
        // Catalogs come sorted by path: the first of a name in a target is the one kept.
        // One inside an .lproj folder is catalog-in-lproj's.
        for (file, _) in context.catalogs where !file.isImported && file.folder == nil {
            guard let target = context.project.packageTarget(of: file.path) else { continue }
            let name = file.table + ".xcstrings"
            guard let other = first[target + "\u{1F}" + name] else {
                first[target + "\u{1F}" + name] = file.path
                continue
            }
            result.append(
                finding(
                    .duplicateInTarget(name: name, other: other, target: String(target.split(separator: "/").last ?? "")),
                    path: file.path, at: SourcePosition(line: 1, column: 1), table: file.tableID))
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func duplicateInTarget(name: String, other: String, target: String) -> Finding.Message {
        "the Swift package target '\(target)' has a second '\(name)' (the first is '\(other)'): Xcode's build stops with 'Cannot have multiple \(name) files in same target.', so the package does not build"
    }
}
