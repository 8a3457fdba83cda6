import Testing

@testable import LocalizationFormats

/// The path work done for every file found: a table's bundle and a locale folder's path, found
/// in place from the end, agree with splitting the path into components and joining them.
struct PathComponentTests {
    static let paths = [
        "", "/", "a", "a/", "/a", "a//b", "//", "en.lproj", "en.lproj/", "/en.lproj/x.strings", "en.lproj/x.strings",
        "App/en.lproj/Localizable.strings", "App/en.lproj/Sub/en.lproj/x.strings", "App/en.lproj/en.lproj",
        "App/fr.lproj/x.strings", "Caf\u{E9}/fr.lproj/x.strings", "Cafe\u{301}/x.strings", "a/b/c/d/e/f.strings",
        "en.lproj.backup/en.lproj/x", "x/ en.lproj/y",
    ]
    static let names = ["en.lproj", "fr.lproj", "Caf\u{E9}", "Cafe\u{301}", "", "x.strings", "a"]

    /// How both were found before: every component split off, the last one named so looked
    /// for, the parts before it (or through it) joined again.
    static func splitBundle(_ path: String, folder: String?) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if let folder, let index = parts.lastIndex(where: { $0 == folder }) { return parts[..<index].joined(separator: "/") }
        return parts.dropLast().joined(separator: "/")
    }

    static func splitFolderPath(_ path: String, folder: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.lastIndex(where: { $0 == folder }).map { parts[...$0].joined(separator: "/") } ?? path
    }

    @Test func bundlesAgreeWithSplitting() {
        for path in Self.paths {
            for folder in Self.names.map(Optional.some) + [nil] {
                #expect(
                    ResourceFile.bundle(path: path, folder: folder) == Self.splitBundle(path, folder: folder), "\(path) \(folder ?? "nil")")
            }
        }
    }

    @Test func folderPathsAgreeWithSplitting() {
        for path in Self.paths {
            for folder in Self.names {
                let found = ResourceFile.lastComponent(named: folder, in: path).map { String(path[..<$0.upperBound]) } ?? path
                #expect(found == Self.splitFolderPath(path, folder: folder), "\(path) \(folder)")
            }
        }
    }

    @Test func theLastComponentSoNamedIsFound() throws {
        let path = "App/en.lproj/Sub/en.lproj/x.strings"
        let found = try #require(ResourceFile.lastComponent(named: "en.lproj", in: path))
        #expect(path[..<found.lowerBound] == "App/en.lproj/Sub/")
        #expect(path[found] == "en.lproj")
        #expect(ResourceFile.lastComponent(named: "de.lproj", in: path) == nil)
        // Components are compared as strings are: a name spelled with a combining accent is
        // the same name.
        #expect(ResourceFile.lastComponent(named: "Caf\u{E9}", in: "Cafe\u{301}/x") != nil)
        // A path is split at every slash, as the file system splits it, a combining mark after
        // one included (the folder's name as the walk read it starts with the mark).
        #expect(ResourceFile.bundle(path: "a/\u{301}b.lproj/x.strings", folder: "\u{301}b.lproj") == "a")
    }
}
