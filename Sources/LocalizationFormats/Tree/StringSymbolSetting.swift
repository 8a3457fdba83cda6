/// Whether Xcode generates Swift symbols for the project's String Catalogs: the build setting
/// `STRING_CATALOG_GENERATE_SYMBOLS = YES` (Xcode 26; on in new projects, off when not set) in a
/// project file or an `.xcconfig` file of the tree, for a target with Swift sources (swift-build,
/// `shouldGenerateSymbols` in `Sources/SWBApplePlatform/XCStringsCompiler.swift`: the setting,
/// a build that compiles, a catalog outside variant groups, and Swift in the target's sources).
public struct StringSymbolSetting: Sendable, Hashable {
    public init(settingFile: String, swiftSource: String) {
        self.settingFile = settingFile
        self.swiftSource = swiftSource
    }

    /// The project or configuration file that turns the setting on, as displayed.
    public var settingFile: String
    /// A Swift source file of the tree, as displayed: symbols are generated only for Swift.
    public var swiftSource: String

    /// The setting as the first of `files` (nearest the top of the tree first) that turns it on, with a Swift source of the tree; nil when none does or the
    /// tree has no Swift.
    static func find(files: [(path: String, display: String)], swiftSources: [String]) -> StringSymbolSetting? {
        guard let swift = swiftSources.first(where: { isSwiftSource($0.split(separator: "/").last ?? "") }) else { return nil }
        let sorted = files.sorted { ($0.display.count { $0 == "/" }, $0.display) < ($1.display.count { $0 == "/" }, $1.display) }
        for file in sorted {
            guard case .success(let bytes) = FileBytes.read(file.path, maximumSize: 32 << 20),
                turnsOn(String(decoding: bytes, as: UTF8.self))
            else { continue }
            return StringSymbolSetting(settingFile: file.display, swiftSource: swift)
        }
        return nil
    }

    /// Whether a project file's or configuration file's text sets the setting to YES in any
    /// configuration (a Debug build that generates the symbols is enough to fail).
    static func turnsOn(_ text: String) -> Bool {
        guard text.contains("STRING_CATALOG_GENERATE_SYMBOLS") else { return false }
        // A line that sets it, not one a comment holds (`//` in both file kinds).
        return text.split(whereSeparator: \.isNewline).contains { line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            return code.contains(/^\s*STRING_CATALOG_GENERATE_SYMBOLS(\[[^\]]*\])?\s*=\s*"?YES"?\s*;?\s*$/)
        }
    }

    /// Whether a file name is a Swift source of the app, not a package manifest.
    static func isSwiftSource(_ name: Substring) -> Bool {
        name.hasSuffix(".swift") && name != "Package.swift" && !name.hasPrefix("Package@swift")
    }
}
