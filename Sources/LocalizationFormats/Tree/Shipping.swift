/// Why files found under the roots are left out of the check: they are not part of what the
/// app ships, or not the team's to fix. Each left-out folder is said once (`dump` and the text
/// summary), with its reason.
public struct LeftOutFolder: Sendable, Hashable {
    /// The folder, as displayed (relative to the root given).
    public var path: String
    public var reason: LeftOutReason
    /// How many tables (`.strings`, `.stringsdict`, catalogs) it holds.
    public var tableCount = 0

    public init(path: String, reason: LeftOutReason) {
        self.path = path
        self.reason = reason
    }
}

public enum LeftOutReason: String, Sendable, Hashable, CaseIterable {
    /// `fastlane/`: App Store metadata and screenshot strings, never in the app bundle.
    case releaseTooling = "release-tooling"
    /// `vendor/`, `ThirdParty/` …: third-party code whose strings the team does not own.
    case vendored
    /// A prebuilt `.framework` or `.xcframework`: its compiled tables are copied as they are.
    case prebuiltFramework = "prebuilt-framework"
    /// translatewiki's `qqq` pseudo-language: documentation of each message for translators.
    case messageDocumentation = "message-documentation"
    /// A folder inside a Swift package that no target of the package holds (targets live in
    /// `Sources/<name>` or at their `path:`): the package's build copies nothing from it.
    case outsidePackageTargets = "outside-package-targets"

    /// Why the folder does not count, in a phrase.
    public var explanation: String {
        switch self {
        case .releaseTooling: "release tooling (App Store metadata and screenshots), not in the app"
        case .vendored: "vendored third-party code, whose texts the team does not own"
        case .prebuiltFramework: "prebuilt frameworks, whose tables are copied as they are and are not the team's to fix"
        case .messageDocumentation: "message documentation for translators (translatewiki's qqq), not a language"
        case .outsidePackageTargets: "in a Swift package but outside its targets' folders, so no build copies it"
        }
    }
}

/// Decides which folders hold files the app does not ship, by name and by the Swift packages
/// around them.
public enum Shipping {
    /// Folder names whose contents are release tooling or vendored code.
    static let folderReasons: [String: LeftOutReason] = [
        "fastlane": .releaseTooling, "vendor": .vendored, "Vendor": .vendored, "vendors": .vendored, "Vendors": .vendored,
        "ThirdParty": .vendored, "third_party": .vendored, "third-party": .vendored, "3rdParty": .vendored,
    ]

    /// Why a folder found in the walk is left out, if it is.
    public static func reason(forFolder name: String) -> LeftOutReason? {
        if let reason = folderReasons[name] { return reason }
        if name.hasSuffix(".framework") || name.hasSuffix(".xcframework") { return .prebuiltFramework }
        if name == "qqq.lproj" { return .messageDocumentation }
        return nil
    }

    /// The folders of a Swift package (the folder holding `Package.swift`, as displayed) that its
    /// targets hold: `Sources/` and `Tests/`, and every `path:` the manifest names. An Xcode
    /// project beside the manifest may copy anything, so such a package holds everything.
    public static func targetFolders(package folder: String, manifest: String, hasXcodeProject: Bool) -> [String]? {
        guard !hasXcodeProject else { return nil }
        var result = ["Sources", "Tests"]
        // `path: "Some/Folder"` arguments, read without evaluating the manifest.
        var rest = Substring(manifest)
        while let range = rest.range(of: "path:") {
            rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
            var path = String(rest[rest.index(after: rest.startIndex)..<end])
            while path.hasPrefix("./") { path.removeFirst(2) }
            while path.hasSuffix("/") { path.removeLast() }
            guard !path.hasPrefix("/"), !path.contains("..") else { continue }
            // A target at the package folder itself (`path: "."`) holds everything.
            if path.isEmpty || path == "." { return nil }
            result.append(path)
        }
        return result.map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }
}
