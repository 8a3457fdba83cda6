import Foundation

/// A line of a CI or container recipe in the tree that builds a Swift package with SwiftPM's own
/// build (`swift build`, `swift test`, `swift run`), not Xcode's.
public struct SwiftBuildRecipe: Sendable, Hashable {
    public init(file: String, line: Int, command: String, packageFolder: String) {
        self.file = file
        self.line = line
        self.command = command
        self.packageFolder = packageFolder
    }

    /// The recipe file, as displayed.
    public var file: String
    public var line: Int
    /// The command as written, trimmed.
    public var command: String
    /// The folder (as displayed, "" for the top) of the package the command builds: the
    /// recipe's base (a workflow's repository, a Makefile's or Dockerfile's folder), the `cd` or
    /// `working-directory` before it, and its `--package-path`.
    public var packageFolder: String

    /// Whether a file name is a recipe: a GitHub, GitLab, CircleCI, Travis, Bitrise or Jenkins
    /// pipeline, a Makefile or a Dockerfile.
    static func isRecipe(name: String, folder: String) -> Bool {
        if folder.hasSuffix(".github/workflows") { return name.hasSuffix(".yml") || name.hasSuffix(".yaml") }
        if folder.hasSuffix(".circleci") { return name == "config.yml" }
        return [".gitlab-ci.yml", ".travis.yml", "bitrise.yml", "Jenkinsfile", "Makefile"].contains(name)
            || name.hasPrefix("Dockerfile")
    }

    /// The folder a recipe's relative paths start from: the repository a `.github/workflows` or
    /// `.circleci` folder belongs to, else the recipe's own folder.
    static func base(of file: String) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if parts.last == "workflows", parts.dropLast().last == ".github" {
            parts = parts.dropLast(2)
        } else if parts.last == ".circleci" {
            parts = parts.dropLast()
        }
        return parts.joined(separator: "/")
    }

    /// The SwiftPM build commands of a recipe's text (`file` as displayed).
    static func read(file: String, text: String) -> [SwiftBuildRecipe] {
        guard text.contains("swift ") else { return [] }
        let base = base(of: file)
        var directory: String?
        var result: [SwiftBuildRecipe] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "-" }
            // Comments, step names and messages name a command without running it.
            if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("name:") || line.contains("echo ") { continue }
            if let match = line.firstMatch(of: /working-directory:\s*"?([\w.\/-]+)"?/) { directory = String(match.output.1) }
            guard let command = line.firstMatch(of: /(?:^|[\s;&|`"'(])swift\s+(?:build|test|run)\b[^\n;&|#]*/) else { continue }
            let text = String(line[command.range]).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\"'`(;&|")))
            // SwiftPM building through Xcode's build system compiles catalogs.
            if text.contains(/--build-system[=\s]+"?(xcode|swiftbuild)/) { continue }
            let before = line[..<command.range.lowerBound]
            let cd = before.matches(of: /(?:^|[\s;&|(])cd\s+"?([\w.\/-]+)"?/).last.map { String($0.output.1) }
            let packagePath = text.firstMatch(of: /--package-path[=\s]+"?([\w.\/-]+)"?/).map { String($0.output.1) }
            let folder = resolve(base, [cd ?? directory, packagePath].compactMap { $0 })
            result.append(SwiftBuildRecipe(file: file, line: index + 1, command: text, packageFolder: folder))
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

    /// `base` with relative `paths` applied in turn (`.` and `..` resolved; an absolute path is
    /// taken as relative to the base, as a checkout's paths are).
    static func resolve(_ base: String, _ paths: [String]) -> String {
        var parts = base.split(separator: "/").map(String.init)
        for path in paths {
            for part in path.split(separator: "/") {
                if part == "." { continue }
                if part == ".." {
                    if !parts.isEmpty { parts.removeLast() }
                } else {
                    parts.append(String(part))
                }
            }
        }
        return (base.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
