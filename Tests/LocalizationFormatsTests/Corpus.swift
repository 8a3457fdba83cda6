import Foundation

/// The shared real-world corpus beside the project (`../shared/corpus`), absent in outside clones.
enum Corpus {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `STRINGSCHECK_CORPUS` points elsewhere (CI sets a path that does not exist to run the suite
    /// as an outside clone does, without building it twice).
    static let root =
        ProcessInfo.processInfo.environment["STRINGSCHECK_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.path)
    }

    static let skipMessage = "../shared/corpus is absent (outside clone): corpus tests skipped"

    /// Every file under `folder` of the corpus whose name ends in one of `extensions`, sorted.
    static func files(under folder: String = "", extensions: Set<String>) -> [URL] {
        let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var result: [URL] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
            result.append(url)
        }
        return result.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}
