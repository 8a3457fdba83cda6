import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckRules

/// Files given on the command line (as pre-commit passes the staged ones): the tree around them is
/// loaded, so cross-locale rules see every locale, and only findings in those files are reported.
struct FileSelection {
    /// Folders (and payload templates) to load.
    var roots: [String]
    /// The given files, as absolute standardized paths.
    var reported: Set<String>
    /// Given files that are no table, catalog or template, as given: nothing in them is checked.
    var unchecked: [String] = []

    /// Nil when every path is a folder: then the whole tree is checked as usual.
    static func make(paths: [String], configuration: Configuration) -> FileSelection? {
        var isDirectory: ObjCBool = false
        let files = paths.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        guard !files.isEmpty else { return nil }
        let fileSet = Set(files)
        var roots = paths.filter { !fileSet.contains($0) }
        let foldersGiven = !roots.isEmpty
        // Templates named here are read even where the folder around them holds them under no
        // payload glob, so they stay roots of their own (the loader reads each file once).
        var templates: [String] = []
        var unchecked: [String] = []
        for given in files {
            // A file named from inside its `.lproj` folder (`cd de.lproj; check Localizable.strings`)
            // is found in its bundle by its absolute path.
            let file =
                given.split(separator: "/").dropLast().contains(where: { FileKind.isLocaleFolder(String($0)) })
                    || !FileKind.isLocaleFolder(URL(fileURLWithPath: absolute(given)).deletingLastPathComponent().lastPathComponent)
                ? given : absolute(given)
            let components = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            // Source code is read like a template: its payload keys are looked up in the app's strings.
            let isTemplate = FileKind.isPayloadTemplate(file) || CodeLanguage(fileName: components.last ?? file) != nil
            // An XLIFF file is read as itself, beside the folders given (the project it imports into).
            if FileKind.isXliff(components.last ?? file) {
                roots.append(file)
                continue
            }
            if FileKind.table(components.last ?? file) == nil && !isTemplate {
                unchecked.append(file)
                continue
            }
            if let lproj = components.dropLast().lastIndex(where: FileKind.isLocaleFolder) {
                // The bundle: every locale of the tables the file belongs to.
                roots.append(lproj == 0 ? "." : components[..<lproj].joined(separator: "/"))
            } else if !isTemplate {
                // A catalog or a global table: its folder is the bundle (a global table shadows
                // the localized ones beside it).
                roots.append(components.count > 1 ? components.dropLast().joined(separator: "/") : ".")
            } else {
                // A payload template: its keys are looked up in the app's strings, under the
                // folders given beside it, else the configured roots, else the current folder.
                templates.append(file)
                let configured = configuration.roots.map { Frontend.join(configuration.directory, $0) }
                if !foldersGiven { roots += configured.isEmpty ? ["."] : configured }
            }
        }
        return FileSelection(roots: outermost(roots) + templates, reported: Set(files.map(absolute)), unchecked: unchecked)
    }

    /// The path made absolute against the current folder, `.` and `..` resolved (links are not).
    static func absolute(_ path: String) -> String { FilePath.absolute(path, in: currentDirectory) }

    private static let currentDirectory = FileManager.default.currentDirectoryPath

    /// Drops roots that lie inside another root, so nothing is read twice. Each root's folders
    /// are looked up among the roots kept, not tested against every other root (quadratic in the
    /// number of files given).
    static func outermost(_ roots: [String]) -> [String] {
        let unique = Array(Set(roots)).map { (root: $0, path: absolute($0)) }.sorted { $0.path.count < $1.path.count }
        var keptPaths: Set<String> = []
        var kept: [String] = []
        for (root, path) in unique {
            var ancestor = Substring(path)
            var inside = keptPaths.contains(path) || keptPaths.contains("/")
            while !inside, let slash = ancestor.lastIndex(of: "/") {
                ancestor = ancestor[..<slash]
                if keptPaths.contains(String(ancestor)) { inside = true }
            }
            if inside { continue }
            keptPaths.insert(path)
            kept.append(root)
        }
        return kept.sorted()
    }

    /// Says on standard error which given files nothing is checked in; exits 2 when that is
    /// every path given, since a run that checked nothing must not pass.
    func reportUncheckedFiles() throws {
        for file in unchecked {
            Console.error(
                "stringscheck: warning: \(file) is not a table (.strings or .stringsdict), a String Catalog (.xcstrings), an XLIFF file (.xliff, .xlf), a payload template (.json, .apns) or source code stringscheck reads; nothing in it is checked"
            )
        }
        if roots.isEmpty {
            Console.error("stringscheck: none of the paths given is a file stringscheck reads; nothing was checked")
            throw ExitCode(2)
        }
    }

    /// The tables and locales the given files stand for, to narrow a report to them: a
    /// translation's file names its table and locale; a base file or a catalog names its table in
    /// every locale.
    typealias Scope = (tableIDs: Set<String>, locales: Set<String>)

    func scope(in project: LocalizationProject) -> Scope {
        let given = project.files.filter { reported.contains(Self.absolute($0.path)) }
        let tableIDs = Set(given.map(\.tableID))
        let translations = given.compactMap { file in file.locale.flatMap { $0 == project.baseLocale ? nil : $0 } }
        let everyLocale = translations.count < given.count
        return (tableIDs, everyLocale ? [] : Set(translations))
    }

    /// Keeps the findings about the given files (see `CheckResult.keepFindings(inFiles:tables:)`).
    func filter(_ result: CheckResult, project: LocalizationProject) -> CheckResult {
        var result = result
        let givenTables = Set(project.files.filter { reported.contains(Self.absolute($0.path)) }.map(\.table))
        result.keepFindings(inFiles: { reported.contains(Self.absolute($0)) }, tables: givenTables)
        return result
    }
}
