import Foundation

/// XLIFF files and `.xcloc` bundles: read, and made part of the project as the tables they would
/// import into.
extension ProjectLoader {
    /// The `.xcloc` bundle a displayed path lies in (`de.xcloc/Localized Contents/de.xliff`),
    /// with its `contents.json` read from `filePath`'s bundle folder.
    static func xclocBundle(filePath: String, display: String, maximumFileSize: Int) -> XclocBundle? {
        let displayParts = display.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = displayParts.lastIndex(where: { $0.hasSuffix(".xcloc") }) else { return nil }
        let bundleDisplay = displayParts[...index].joined(separator: "/")
        let depth = displayParts.count - 1 - index
        var bundleFolder = URL(fileURLWithPath: filePath)
        for _ in 0..<depth { bundleFolder.deleteLastPathComponent() }
        var bundle = XclocBundle(path: bundleDisplay, developmentRegion: nil, targetLocale: nil, contentsPath: nil)
        let contents = bundleFolder.appendingPathComponent("contents.json")
        if case .success(let bytes) = FileBytes.read(contents.path, maximumSize: min(maximumFileSize, 1 << 20)),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        {
            bundle.contentsPath = bundleDisplay + "/contents.json"
            bundle.developmentRegion = object["developmentRegion"] as? String
            bundle.targetLocale = object["targetLocale"] as? String
        }
        return bundle
    }

    /// Reads the XLIFF files found (on all cores) and adds their tables to `project`.
    static func addExports(_ found: [(path: String, display: String)], to project: inout LocalizationProject, maximumFileSize: Int) {
        let exports = found.concurrentMap { file -> XliffExport in
            let bundle = xclocBundle(filePath: file.path, display: file.display, maximumFileSize: maximumFileSize)
            switch FileBytes.read(file.path, maximumSize: maximumFileSize) {
            case .success(let bytes):
                return XliffExport(document: XliffReader.read(bytes: bytes, path: file.display), bundle: bundle)
            case .failure(let error):
                let diagnostic = Diagnostic.unreadable(error, path: file.display)
                return XliffExport(document: XliffDocument(path: file.display, files: [], diagnostics: [diagnostic]), bundle: bundle)
            }
        }
        addExports(exports, to: &project)
    }

    /// Adds the exports' tables to `project`. A `<file>` whose table the project has imports into
    /// it: its translations replace the project's `.strings` and `.stringsdict` files of that locale
    /// (an import rewrites them), and the project's development texts stay the source. A `<file>`
    /// the project lacks stands alone: its `<source>` texts become the development table (once
    /// per table, from the first export that has it).
    public static func addExports(_ exports: [XliffExport], to project: inout LocalizationProject) {
        guard !exports.isEmpty else { return }
        let hadTables = !project.files.isEmpty
        let projectTables = Set(project.files.map(\.tableID))
        var exports = exports.sorted { $0.document.path < $1.document.path }
        // Table → the export whose sources stand for its development texts: an export's template
        // (a file into its own source language) when there is one, else the first by path.
        var sourcesAdded: [String: String] = [:]
        for export in exports.sorted(by: { ($0.isTemplate ? 0 : 1, $0.document.path) < ($1.isTemplate ? 0 : 1, $1.document.path) }) {
            for id in export.tableIDs where sourcesAdded[id] == nil { sourcesAdded[id] = export.document.path }
        }
        // Table and locale → the export whose translations import into it.
        var targetsAdded: [String: String] = [:]
        var added: [ResourceFile] = []
        var replaced: Set<String> = []
        for exportIndex in exports.indices {
            for (fileIndex, file) in exports[exportIndex].document.files.enumerated() {
                let standalone = exports[exportIndex].tableIDs[fileIndex]
                // The project's table the file's original path ends with (the shortest such ID:
                // the original is relative to the project's folder, the IDs to the roots given).
                if let match = projectTables.filter({ $0 == standalone || $0.hasSuffix("/" + standalone) }).min(by: {
                    ($0.count, $0) < ($1.count, $1)
                }) {
                    exports[exportIndex].tableIDs[fileIndex] = match
                    exports[exportIndex].inProject[fileIndex] = true
                }
                let tableID = exports[exportIndex].tableIDs[fileIndex]
                let inProject = exports[exportIndex].inProject[fileIndex]
                // One export per table and locale is imported (its `.strings` and `.stringsdict`
                // files both): a second is checked through its own rules only.
                let path = exports[exportIndex].document.path
                let target = exports[exportIndex].targetLocale(of: file).map { tableID + "\u{0}" + $0 }
                var withTargets = target != nil
                if let target {
                    if let earlier = targetsAdded[target], earlier != path { withTargets = false } else { targetsAdded[target] = path }
                }
                let withSources = !inProject && sourcesAdded[standalone] == path
                added += exports[exportIndex].resourceFiles(fileIndex: fileIndex, withTargets: withTargets, withSources: withSources)
                if inProject, withTargets, let target { replaced.insert(target) }
            }
        }
        // The import rewrites the locale's `.strings` and `.stringsdict` files of the table.
        project.files.removeAll { file in
            if case .catalog = file.content { return false }
            guard let locale = file.locale else { return false }
            return replaced.contains(file.tableID + "\u{0}" + locale)
        }
        project.files = (project.files + added).sorted { ($0.path, $0.tableID, $0.locale ?? "") < ($1.path, $1.tableID, $1.locale ?? "") }
        // A storyboard's, xib's or intent definition's texts are its table's: Interface Builder
        // labels, never formatted, whatever the project beside the file has.
        for export in exports {
            for (index, file) in export.document.files.enumerated() where file.kind == .interface {
                let id = export.tableIDs[index]
                if project.interfaceFiles[id] == nil { project.interfaceFiles[id] = file.original }
            }
        }
        project.diagnostics += exports.flatMap(\.document.diagnostics)
        project.exports = exports
        if !hadTables, let language = exports.lazy.flatMap(\.document.files).compactMap(\.sourceLanguage).first {
            project.baseLocale = LocaleName.normalize(language)
            project.baseLocaleReason = "the source-language of the XLIFF files"
        }
    }
}
