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
            return patterns.contains { $0.matchesPath(root) } || root.hasSuffix(".apns") ? [root] : []
        }
        let base = URL(fileURLWithPath: root)
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey], options: [.skipsPackageDescendants])
        else { return [] }
        var result: [String] = []
        let prefix = base.standardizedFileURL.path
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                if ProjectLoader.skippedFolders.contains(url.lastPathComponent) || url.pathExtension == "lproj" {
                    enumerator.skipDescendants()
                }
                continue
            }
            if values?.isSymbolicLink == true { continue }
            let name = url.lastPathComponent
            guard name.hasSuffix(".json") || name.hasSuffix(".apns") else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix + "/") else { continue }
            let relative = String(full.dropFirst(prefix.count + 1))
            let display = ProjectLoader.join(root.hasSuffix("/") ? String(root.dropLast()) : root, relative)
            // The root's own name counts too: checking `backend/payloads` finds the files in it.
            if patterns.contains(where: { $0.matchesPath(relative) || $0.matchesPath(full) }) {
                result.append(display)
            }
        }
        return result.sorted()
    }

    /// Reads each template; an unreadable file becomes a diagnostic in its place.
    public static func read(_ paths: [String]) -> [PayloadTemplateFile] {
        paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                return PayloadTemplateFile(
                    path: path, payloads: [],
                    diagnostics: [Diagnostic(.fileUnreadable, "cannot read the file", path: path, at: SourcePosition(line: 1, column: 1))],
                    lines: nil)
            }
            return PayloadReader.read(bytes: [UInt8](data), path: path)
        }
    }
}
