import Foundation

/// A line of a CI or container recipe in the tree that builds a Swift package with SwiftPM's own
/// build (`swift build`, `swift test`, `swift run`), not Xcode's.
public struct SwiftBuildRecipe: Sendable, Hashable {
    public init(file: String, line: Int, command: String, packagePath: String?, mentions: [String]) {
        self.file = file
        self.line = line
        self.command = command
        self.packagePath = packagePath
        self.mentions = mentions
    }

    /// The recipe file, as displayed.
    public var file: String
    public var line: Int
    /// The command as written, trimmed.
    public var command: String
    /// The folder `--package-path` names, without `./` or a trailing slash.
    public var packagePath: String?
    /// The recipe's other words that look like folders (`working-directory: Packages/Core`,
    /// `cd Packages/Core`), each without `./` or a trailing slash.
    public var mentions: [String]

    /// Whether this command builds the package in `folder` ("" for the top of the tree): named by
    /// `--package-path`, named elsewhere in the recipe, or at the top when the recipe names no
    /// package at all.
    public func builds(packageAt folder: String) -> Bool {
        if let packagePath { return packagePath == folder || (folder.isEmpty && packagePath == ".") }
        if folder.isEmpty { return true }
        return mentions.contains(folder)
    }

    /// Whether a file name is a recipe: a GitHub, GitLab, CircleCI, Travis, Bitrise or Jenkins
    /// pipeline, a Makefile or a Dockerfile.
    static func isRecipe(name: String, folder: String) -> Bool {
        if folder.hasSuffix(".github/workflows") { return name.hasSuffix(".yml") || name.hasSuffix(".yaml") }
        if folder.hasSuffix(".circleci") { return name == "config.yml" }
        return [".gitlab-ci.yml", ".travis.yml", "bitrise.yml", "Jenkinsfile", "Makefile"].contains(name)
            || name.hasPrefix("Dockerfile")
    }

    /// The SwiftPM build commands of a recipe's text.
    static func read(file: String, text: String) -> [SwiftBuildRecipe] {
        guard text.contains("swift ") else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var mentions: [String] = []
        for line in lines {
            for match in line.matches(of: /(?:working-directory:|cd)\s+"?([\w.\/-]+)"?/) { mentions.append(clean(String(match.output.1))) }
        }
        var result: [SwiftBuildRecipe] = []
        for (index, line) in lines.enumerated() {
            // `swift build`, `swift test`, `swift run`: not `xcrun swift …`-less words like `swift-format`.
            guard let command = line.firstMatch(of: /(?:^|[\s;&|`"'(])swift\s+(?:build|test|run)\b[^\n;&|]*/) else { continue }
            let text = String(line[command.range]).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\"'`(;&|")))
            let packagePath = text.firstMatch(of: /--package-path[=\s]+"?([\w.\/-]+)"?/).map { clean(String($0.output.1)) }
            result.append(SwiftBuildRecipe(file: file, line: index + 1, command: text, packagePath: packagePath, mentions: mentions))
        }
        return result
    }

    /// The commands of the recipes among `files` (path read, path displayed).
    static func find(files: [(path: String, display: String)]) -> [SwiftBuildRecipe] {
        files.flatMap { file -> [SwiftBuildRecipe] in
            guard case .success(let bytes) = FileBytes.read(file.path, maximumSize: 1 << 20) else { return [] }
            return read(file: file.display, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    private static func clean(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
