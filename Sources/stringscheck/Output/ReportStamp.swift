import Foundation
import LocalizationFormats

/// When and from what a report for people was made: today's date (or `SOURCE_DATE_EPOCH`'s, for
/// reproducible output) and the checked tree's git commit, read from `.git` without running git.
enum ReportStamp {
    /// `2026-11-26`, in UTC.
    static func date() -> String {
        let seconds = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: seconds.map(Date.init(timeIntervalSince1970:)) ?? Date())
    }

    /// The commit checked out where `path` is (12 hex digits), or nil outside a repository.
    static func commit(of path: String) -> String? {
        var folder = FilePath.absolute(path, in: FileManager.default.currentDirectoryPath)
        while true {
            let dotGit = folder + "/.git"
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) {
                var gitFolder = dotGit
                if !isFolder.boolValue {
                    // A worktree or submodule: `.git` is a file saying where the folder is.
                    guard let text = small(dotGit), let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ") else {
                        return nil
                    }
                    let target = String(line.dropFirst("gitdir: ".count))
                    gitFolder = target.hasPrefix("/") ? target : folder + "/" + target
                }
                return resolveHead(gitFolder)
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    private static func resolveHead(_ gitFolder: String) -> String? {
        guard let head = small(gitFolder + "/HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref: ") else { return shortened(head) }
        let reference = String(head.dropFirst("ref: ".count))
        // A worktree keeps its HEAD; its branches are in the common folder.
        let common =
            small(gitFolder + "/commondir").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { $0.hasPrefix("/") ? $0 : gitFolder + "/" + $0 } ?? gitFolder
        for folder in [gitFolder, common] {
            if let hash = small(folder + "/" + reference)?.trimmingCharacters(in: .whitespacesAndNewlines) { return shortened(hash) }
        }
        for line in (small(common + "/packed-refs") ?? "").split(separator: "\n") where line.hasSuffix(" " + reference) {
            return shortened(String(line.prefix { $0 != " " }))
        }
        return nil
    }

    private static func shortened(_ hash: String) -> String? {
        guard hash.count >= 12, hash.allSatisfy(\.isHexDigit) else { return nil }
        return String(hash.prefix(12))
    }

    /// A small text file (at most 1 MB: HEAD, refs, packed-refs of a large repository).
    private static func small(_ path: String) -> String? {
        guard case .success(let bytes) = FileBytes.read(path, maximumSize: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
