import Foundation

/// The languages an Xcode project lists (`knownRegions` in `project.pbxproj`, the Project Editor's
/// Localizations), and whether its build compiles only those: with the build setting
/// `BUILD_ONLY_KNOWN_LOCALIZATIONS = YES` (Xcode 26.4), Xcode's build system compiles a String
/// Catalog's languages and copies `.lproj` folders only for the known regions, and skips the others
/// with a note (swift-build, `restrictedLocRegionsToBuild(in:)` in
/// `Sources/SWBCore/MacroEvaluationExtensions.swift`).
public struct KnownRegions: Sendable, Hashable {
    public init(project: String, regions: [String], buildsOnlyKnown: Bool) {
        self.project = project
        self.regions = regions
        self.buildsOnlyKnown = buildsOnlyKnown
    }

    /// The project file, as displayed.
    public var project: String
    /// The regions as written, `Base` included.
    public var regions: [String]
    /// Whether a build configuration of the project sets `BUILD_ONLY_KNOWN_LOCALIZATIONS = YES`.
    public var buildsOnlyKnown: Bool

    /// Whether `locale`, as a folder or catalog writes it, is one of the regions: compared as
    /// written, as the build compares them (`zh_Hans` is not `zh-Hans` there).
    public func contains(_ locale: String) -> Bool { regions.contains(locale) }

    /// Whether the language of `locale` is one of the regions (`pt` for `pt-BR`): its users then
    /// fall back to that language's texts.
    public func containsLanguage(of locale: String) -> Bool {
        let language = LocaleName.language(of: LocaleName.normalize(locale))
        return regions.contains { LocaleName.normalize($0) == language }
    }

    /// The folder the project file's `.xcodeproj` lies in, as displayed ("" at the top).
    public var folder: String {
        let parts = project.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = parts.lastIndex(where: { $0.hasSuffix(".xcodeproj") }) else { return "" }
        return parts[..<index].joined(separator: "/")
    }

    /// The regions of the project nearest the top of the tree that lists any.
    static func find(projects: [(path: String, display: String)]) -> KnownRegions? {
        let sorted = projects.sorted { ($0.display.count { $0 == "/" }, $0.display) < ($1.display.count { $0 == "/" }, $1.display) }
        for project in sorted {
            guard case .success(let bytes) = FileBytes.read(project.path, maximumSize: 32 << 20),
                let found = KnownRegions(project: project.display, text: String(decoding: bytes, as: UTF8.self))
            else { continue }
            return found
        }
        return nil
    }

    /// The regions a project file's text lists; nil when it lists none.
    init?(project: String, text: String) {
        guard let regions = Self.list(of: "knownRegions", in: text), !regions.isEmpty else { return nil }
        self.project = project
        self.regions = regions
        // On only where every configuration that sets it sets YES (Debug and Release alike).
        let settings = text.matches(of: /BUILD_ONLY_KNOWN_LOCALIZATIONS\s*=\s*"?(\w+)"?/).map { String($0.output.1) }
        buildsOnlyKnown = !settings.isEmpty && settings.allSatisfy { $0 == "YES" }
    }

    /// `name = (a, "b", );` in a project file: the items, unquoted.
    static func list(of name: String, in text: String) -> [String]? {
        guard let range = text.range(of: name + " = (") ?? text.range(of: name + "=(") else { return nil }
        guard let end = text[range.upperBound...].firstIndex(of: ")") else { return nil }
        return text[range.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }
}
