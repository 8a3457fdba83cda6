import LocalizationFormats
import LocalizationIndex

/// A table that exists both outside any `.lproj` folder and inside the bundle's `.lproj` folders.
struct GlobalTableShadowsRule: Rule {
    static let description = RuleDescription(
        id: "global-table-shadows", name: "Global table hides its translations", area: .crossLocale,
        summary: "a .strings or .stringsdict outside any .lproj folder whose table also exists in .lproj folders beside it",
        rationale:
            "A bundle looks for a resource in its top folder before any .lproj folder: \"If a global version of a resource exists, language-specific versions of the same resource are never returned\" (Bundle Programming Guide, the bundle search pattern); swift-corelibs-foundation's `_createQueryTableAtPath` (CFBundle_Resources.c) reads the top folder first and keeps the first file of a name. So every user, in every language, sees the global table's texts and none of the translations. Nothing warns at build or run time.",
        fix:
            "Move the global file into the development language's .lproj folder (or Base.lproj), or delete it if the .lproj copies are current.",
        defaultSeverity: .error,
        triggering: [
            RuleExample([
                ExampleFile("Localizable.strings", "↓\"hello\" = \"Hello\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n"),
                ExampleFile("Base.lproj/Main.storyboard", ""),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("Localizable.strings", "\"hello\" = \"Hello\";\n"),
                ExampleFile("de.lproj/Other.strings", "\"hello\" = \"Hallo\";\n"),
            ]),
            // Another bundle's table of the same name is not found by this one.
            RuleExample([
                ExampleFile("Shared/Localizable.strings", "\"hello\" = \"Hello\";\n"),
                ExampleFile("App/de.lproj/Localizable.strings", "\"hello\" = \"Hallo\";\n"),
            ]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var localized: [String: [ResourceFile]] = [:]
        for file in context.project.files where file.locale != nil { localized[file.tableID, default: []].append(file) }
        var result: [Finding] = []
        for file in context.project.files where file.isGlobal {
            guard let copies = localized[file.tableID], !copies.isEmpty else { continue }
            let folders = Array(Set(copies.compactMap(\.folder))).sorted()
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.table
            let notes = copies.prefix(3).map {
                DiagnosticNote(.hiddenCopyHere, path: $0.path, location: SourcePosition(line: 1, column: 1))
            }
            // Only a bundle's resources are searched: without evidence that this folder is one,
            // the file may be a copy kept for a translation service, which never ships.
            guard let evidence = context.project.bundleEvidence(forFolder: file.bundle) else {
                var made = finding(
                    .mayBeFoundBeforeCopies(file: name, folders: folders), path: file.path, at: SourcePosition(line: 1, column: 1),
                    table: file.tableID, notes: notes)
                made.diagnostic.severity = .warning
                result.append(made)
                continue
            }
            result.append(
                finding(
                    .foundBeforeCopies(file: name, folders: folders, evidence: evidence),
                    path: file.path, at: SourcePosition(line: 1, column: 1), table: file.tableID, notes: notes))
        }
        return result
    }
}

extension Finding.Message {
    /// A global table found before its copies in `folders` (the first `PerTextLimit.limit` named).
    fileprivate static func foundBeforeCopies(file: String, folders: [String], evidence: String) -> Finding.Message {
        "'\(file)' outside any .lproj folder is found before its copies in \(shownFolders(folders)): users of every language see this file's texts and never a translation (this folder is a bundle's resources: \(evidence))"
    }

    /// The same without evidence that the folder is a bundle's resources.
    fileprivate static func mayBeFoundBeforeCopies(file: String, folders: [String]) -> Finding.Message {
        "'\(file)' outside any .lproj folder would be found before its copies in \(shownFolders(folders)) if a target copies this folder into its bundle, and users of every language would see this file's texts; nothing beside it (an Info.plist, an asset catalog, a storyboard, a Swift package target) shows that it ships, so it may be a copy kept for a translation service"
    }

    private static func shownFolders(_ folders: [String]) -> String {
        let shown =
            folders.prefix(PerTextLimit.limit).map { "'\($0)'" }
            + (folders.count > PerTextLimit.limit ? ["\(folders.count - PerTextLimit.limit) more"] : [])
        return listing(shown)
    }

    fileprivate static let hiddenCopyHere: Finding.Message = "a hidden copy is here"
}
