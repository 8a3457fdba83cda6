import Foundation

/// Finds push payload templates under the roots by glob.
public enum PayloadDiscovery {
    /// Where templates are looked for when the configuration names no globs.
    public static let defaultGlobs = ["**/*.apns", "**/*.apns.json", "**/payloads/**/*.json", "**/push/**/*.json"]

    /// Paths (as displayed: root joined with the path inside it) of the templates under a root,
    /// sorted. Symbolic links are not followed; build and dependency folders are skipped.
    public static func find(root: String, globs: [String]) -> [String] {
        let patterns = (globs.isEmpty ? defaultGlobs : globs).map(Glob.init)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            // A file named as a root was asked for by name: the globs choose among a folder's files,
            // not whether a named template is read.
            return FileKind.isPayloadTemplate(root) || patterns.contains { $0.matchesPath(root) } ? [root] : []
        }
        let prefix = URL(fileURLWithPath: root).standardizedFileURL.path
        let displayRoot = root.hasSuffix("/") ? String(root.dropLast()) : root
        var result: [String] = []
        DirectoryWalker.walk(root: root) { entry in
            switch entry.kind {
            case .directory:
                return
                    !(ProjectLoader.skippedFolders.contains(entry.name) || FileKind.isLocaleFolder(entry.name)
                    || entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".app") || entry.name.hasSuffix(".bundle"))
            case .file:
                guard FileKind.isPayloadTemplate(entry.name) else { return false }
                // The root's own name counts too: checking `backend/payloads` finds the files in it.
                if patterns.contains(where: { $0.matchesPath(entry.relativePath) || $0.matchesPath(prefix + "/" + entry.relativePath) }) {
                    result.append(ProjectLoader.join(displayRoot, entry.relativePath))
                }
                return false
            case .symbolicLink, .other:
                return false
            }
        }
        return result.sorted()
    }

    /// Reads each template; an unreadable file becomes a diagnostic in its place.
    public static func read(_ paths: [String], maximumSize: Int = FileBytes.defaultMaximumSize, workers: Int? = nil)
        -> [PayloadTemplateFile]
    {
        paths.concurrentMap(workers: workers) { path in
            switch FileBytes.read(path, maximumSize: maximumSize) {
            case .success(let bytes):
                return PayloadReader.read(bytes: bytes, path: path)
            case .failure(let error):
                return PayloadTemplateFile(
                    path: path, payloads: [],
                    diagnostics: [Diagnostic.unreadable(error, path: path)],
                    lines: nil)
            }
        }
    }
}
