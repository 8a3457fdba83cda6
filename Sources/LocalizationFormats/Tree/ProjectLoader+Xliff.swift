import Foundation

/// XLIFF files and `.xcloc` bundles: read, and made part of the project as the tables they would
/// import into.
extension ProjectLoader {
    /// The `.xcloc` bundle a file lies in (`de.xcloc/Localized Contents/de.xliff`), found from the
    /// file's real path (so a bundle checked from inside is one too), with its `contents.json`.
    static func xclocBundle(filePath: String, display: String, maximumFileSize: Int) -> XclocBundle? {
        let real = DirectoryWalker.realPath(filePath) ?? URL(fileURLWithPath: filePath).standardizedFileURL.path
        let parts = real.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = parts.lastIndex(where: { $0.hasSuffix(".xcloc") }) else { return nil }
        let folder = parts[...index].joined(separator: "/")
        // Displayed as the paths given show it, else by the bundle's name.
        let displayParts = display.split(separator: "/", omittingEmptySubsequences: false)
        let depth = parts.count - 1 - index
        let shown =
            displayParts.count > depth ? displayParts.dropLast(depth).joined(separator: "/") : String(parts[index])
        var bundle = XclocBundle(path: shown.isEmpty || shown == "." ? String(parts[index]) : shown)
        // A regular file only: a link named contents.json is not followed out of the bundle.
        var info = stat()
        let contents = folder + "/contents.json"
        if lstat(contents, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            case .success(let bytes) = FileBytes.read(contents, maximumSize: min(maximumFileSize, 1 << 20))
        {
            bundle.read(contents: bytes, path: bundle.path + "/contents.json")
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
    /// it: its translations come after the project's files of that locale and override them key
    /// by key (a key the file leaves out or untranslated stays as the project has it), and the
    /// project's development texts stay the source. A `<file>` the project lacks stands alone: its
    /// `<source>` texts become the development table, once per table (from an export's template,
    /// a file into its own source language, when there is one, else the first file by path).
    public static func addExports(_ exports: [XliffExport], to project: inout LocalizationProject) {
        guard !exports.isEmpty else { return }
        let hadTables = !project.files.isEmpty
        let projectTables = Set(project.files.map(\.tableID))
        var exports = exports.sorted { $0.document.path < $1.document.path }
        for index in exports.indices { exports[index].match(projectTables) }
        var sources: [String: String] = [:]
        for export in exports.sorted(by: { ($0.isTemplate ? 0 : 1, $0.document.path) < ($1.isTemplate ? 0 : 1, $1.document.path) }) {
            for id in export.tableIDs where sources[id] == nil { sources[id] = export.document.path }
        }
        // Table and locale → the export whose translations import into it: one per table and
        // locale (its `.strings` and `.stringsdict` files both); a second is checked through its
        // own rules only.
        var targets: [String: String] = [:]
        var added: [ResourceFile] = []
        for export in exports {
            let path = export.document.path
            for (index, file) in export.document.files.enumerated() {
                let tableID = export.tableIDs[index]
                var withTargets = false
                if let locale = export.targetLocale(of: file), !file.isIntoSourceLanguage {
                    let target = tableID + "\u{0}" + locale
                    withTargets = targets[target, default: path] == path
                    if withTargets { targets[target] = path }
                }
                let withSources = !export.inProject[index] && sources[tableID] == path
                added += export.resourceFiles(fileIndex: index, withTargets: withTargets, withSources: withSources)
            }
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

extension XliffExport {
    /// Points each `<file>` at the project's table it imports into, if the project has it: the
    /// `original` path is relative to the project's folder, the table IDs to the paths given, so
    /// either may end with the other (`App/Localizable` for `Localizable` checked from inside
    /// `App`); the exact ID, else the closest in length, wins.
    mutating func match(_ projectTables: Set<String>) {
        for index in tableIDs.indices {
            let own = tableIDs[index]
            let matches = projectTables.filter { $0 == own || $0.hasSuffix("/" + own) || own.hasSuffix("/" + $0) }
            func rank(_ id: String) -> (Int, Int, String) { (id == own ? 0 : 1, abs(id.count - own.count), id) }
            guard let best = matches.min(by: { rank($0) < rank($1) }) else { continue }
            tableIDs[index] = best
            inProject[index] = true
        }
    }
}
