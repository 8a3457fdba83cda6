import ArgumentParser
import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

/// Options every command that reads a project shares: configuration, base locale, jobs.
struct CheckOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: .stringscheck.yml in the current folder or above).", valueName: "file"))
    var config: String?

    @Flag(help: "Ignore any configuration file.")
    var noConfig = false

    @Option(help: ArgumentHelp("The development locale translations are compared with (overrides the configuration).", valueName: "locale"))
    var baseLocale: String?

    @Option(name: .customLong("enable"), help: ArgumentHelp("Turn on a rule (opt-in rules included); repeatable.", valueName: "rule"))
    var enabledRules: [String] = []

    @Option(name: .customLong("disable"), help: ArgumentHelp("Turn off a rule; repeatable.", valueName: "rule"))
    var disabledRules: [String] = []

    @Option(help: "Number of files parsed at once (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        for id in enabledRules + disabledRules where BuiltInRules.description(of: id) == nil {
            let hint = suggestion(for: id, among: BuiltInRules.descriptions.map(\.id)).map { "; did you mean '\($0)'?" }
            throw ValidationError("unknown rule '\(id)'\(hint ?? "; `stringscheck rules` lists them")")
        }
    }

    struct Setup {
        var configuration: Configuration
        var roots: [String]
        var accept: (@Sendable (String) -> Bool)?
        var missingRoots: Bool

        /// The bytes of a file the run reads beside the tables (a baseline, a previous report),
        /// up to `max_file_size`; exits 2 saying why when it cannot be read.
        func readSideFile(_ path: String, what: String) throws -> [UInt8] {
            switch FileBytes.read(path, maximumSize: configuration.maximumFileSize) {
            case .success(let bytes): return bytes
            case .failure(let error):
                Console.error("stringscheck: cannot read \(what) '\(path)': \(error)")
                throw ExitCode(2)
            }
        }

        /// Every file a run on `project` reads: its tables, templates and configuration, and
        /// `others` (a baseline), which a report must never replace.
        func readFiles(_ project: LocalizationProject, others: [String?] = []) -> ReadFiles {
            ReadFiles(
                project.files.map(\.path) + project.payloadFiles.map(\.path) + project.codeFiles.map(\.path)
                    + ([configuration.path] + others).compactMap { $0 })
        }

        /// What `coverage` and `render` start from: the project (narrowed to the files given,
        /// when files were given) and its index; exits 2 when there is nothing to report on.
        mutating func loadIndex(jobs: Int?) async throws -> (project: LocalizationProject, index: ProjectIndex, scope: FileSelection.Scope?)
        {
            let (project, scope) = try await loadScoped(jobs: jobs)
            if reportNothingFound(project, filesGiven: scope != nil) { throw ExitCode(2) }
            let index = ProjectIndex(project: project, configuration: configuration)
            keepUntilExit(index)
            return (project, index, scope)
        }

        /// Says on standard error that the paths hold nothing to check (and which folders were
        /// skipped by name), when only folders were given and nothing was found in them: a run
        /// that checked nothing must not look like a clean one. True when so (exit 2).
        func reportNothingFound(_ project: LocalizationProject, filesGiven: Bool) -> Bool {
            guard !filesGiven, project.files.isEmpty, project.payloadFiles.isEmpty, project.codeFiles.isEmpty else { return false }
            if !project.diagnostics.isEmpty {
                // Files were found but none could be read (links out of the tree, unreadable
                // files): say why, and fail, since a gate that read nothing has not passed.
                for diagnostic in project.diagnostics.prefix(20) {
                    Console.error("stringscheck: \(TextRenderer.position(diagnostic.path, diagnostic.location)) \(diagnostic.message)")
                }
                Console.error(
                    "stringscheck: no localization file under \(roots.joined(separator: ", ")) could be read (\(project.diagnostics.count) refused, above); nothing was checked"
                )
                return true
            }
            var message =
                "stringscheck: no localization files (.strings, .stringsdict, .xcstrings) or payload templates were found under \(roots.joined(separator: ", "))"
            if !project.skippedFolders.isEmpty {
                let shown = project.skippedFolders.prefix(5).joined(separator: ", ")
                message +=
                    "; skipped by name: \(shown)\(project.skippedFolders.count > 5 ? " and \(project.skippedFolders.count - 5) more" : "")"
            }
            Console.error(message + "; nothing was checked")
            return true
        }

        /// Says on standard error which files and folders could not be read; true when any.
        /// `coverage` and `render` leave them out of their report, so they end with exit 2.
        func reportUnreadable(_ project: LocalizationProject) -> Bool {
            let kinds: Set = [ParseDiagnosticKind.fileUnreadable.rawValue, ParseDiagnosticKind.fileTooLarge.rawValue]
            let unreadable = project.allDiagnostics.filter { kinds.contains($0.id) }
            for diagnostic in unreadable { Console.error("stringscheck: \(diagnostic.path): \(diagnostic.message)") }
            return !unreadable.isEmpty
        }

        /// Reads the roots, payload templates included.
        func load(jobs: Int?) async -> LocalizationProject {
            let project = await ProjectLoader.load(
                roots: roots, accept: accept, jobs: jobs, payloadGlobs: configuration.payloads, code: codeScan,
                maximumFileSize: configuration.maximumFileSize)
            keepUntilExit(project)
            warnAboutUnmatchedIncludes(project)
            return project
        }

        /// The source files scanned for payload keys: those given by name, and under the folders
        /// given those the configuration's `code: include` globs match (relative to its folder).
        var codeScan: CodeScanOptions {
            let code = configuration.code
            var options = CodeScanOptions(functions: code.functions, wrappers: code.wrappers)
            options.everyLiteral = BuiltInRules.description(of: "unused-key").map(configuration.isEnabled) ?? false
            let include = code.include.map(Glob.init)
            let exclude = (code.exclude + configuration.exclude).map(Glob.init)
            let directory = configuration.directory
            if !exclude.isEmpty {
                options.excluded = { path in exclude.contains { $0.matchesPath(relativePath(path, to: directory)) } }
            }
            guard !code.include.isEmpty else { return options }
            options.accept = { path in
                let relative = relativePath(path, to: directory)
                return include.contains { $0.matchesPath(relative) } && !exclude.contains { $0.matchesPath(relative) }
            }
            return options
        }

        /// An `include` glob that matches none of the files read is most likely misspelt
        /// (`*.lporj`): said on standard error, as everything it was meant to pick is skipped.
        func warnAboutUnmatchedIncludes(_ project: LocalizationProject) {
            guard !configuration.include.isEmpty else { return }
            let paths = project.files.map { relativePath($0.path, to: configuration.directory) }
            for pattern in configuration.include {
                let glob = Glob(pattern)
                if !paths.contains(where: glob.matchesPath) {
                    Console.error("stringscheck: warning: the include glob '\(pattern)' matches no file under the paths checked")
                }
            }
        }

        /// Reads the roots, each given file with the bundle around it (see `FileSelection`), and
        /// says which tables and locales the files stand for: nil when only folders were given.
        mutating func loadScoped(jobs: Int?) async throws -> (project: LocalizationProject, scope: FileSelection.Scope?) {
            let selection = FileSelection.make(paths: roots, configuration: configuration)
            if let selection {
                roots = selection.roots
                try selection.reportUncheckedFiles()
            }
            let project = await load(jobs: jobs)
            return (project, selection?.scope(in: project))
        }
    }

    /// Loads the configuration and decides the roots; exits 2 when the configuration is broken.
    func prepare(paths: [String]) throws -> Setup {
        var configuration = Configuration()
        let configPath = noConfig ? nil : (config ?? ConfigurationLoader.find(from: FileManager.default.currentDirectoryPath))
        if let configPath {
            let (loaded, problems) = ConfigurationLoader.load(path: configPath, rules: BuiltInRules.descriptions)
            if !problems.isEmpty {
                for problem in problems { Console.error(TextRenderer().format(problem), newline: false) }
                Console.error(
                    "stringscheck: the configuration has \(problems.count) problem\(problems.count == 1 ? "" : "s"); nothing was checked")
                throw ExitCode(2)
            }
            configuration = loaded
            // Relative to the current folder, so paths in findings and globs agree.
            configuration.directory = Self.displayPath(configuration.directory)
        }
        if let baseLocale { configuration.baseLocale = LocaleName.normalize(baseLocale) }
        for id in enabledRules {
            guard let rule = BuiltInRules.description(of: id) else { continue }
            configuration.rules[rule.id, default: RuleConfiguration()].enabled = true
        }
        for id in disabledRules {
            guard let rule = BuiltInRules.description(of: id) else { continue }
            configuration.rules[rule.id, default: RuleConfiguration()].enabled = false
        }
        var roots = paths
        if roots.isEmpty {
            roots = configuration.roots.map { Self.join(configuration.directory, $0) }
        }
        if roots.isEmpty { roots = ["."] }
        var missing = false
        for root in roots where !FileManager.default.fileExists(atPath: root) {
            Console.error("stringscheck: no such file or folder: \(root)")
            missing = true
        }
        let include = configuration.include.map(Glob.init)
        let exclude = configuration.exclude.map(Glob.init)
        let directory = configuration.directory
        var accept: (@Sendable (String) -> Bool)?
        if !include.isEmpty || !exclude.isEmpty {
            accept = { @Sendable (path: String) -> Bool in
                let relative = relativePath(path, to: directory)
                // `include` picks resource files; payload templates have their own globs.
                let isResource = FileKind.table(path) != nil
                if isResource, !include.isEmpty, !include.contains(where: { $0.matchesPath(relative) }) { return false }
                return !exclude.contains { $0.matchesPath(relative) }
            }
        }
        return Setup(configuration: configuration, roots: roots, accept: accept, missingRoots: missing)
    }

    static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") || directory == "." { return path }
        return directory + "/" + path
    }

    /// A folder as seen from the current folder: "." for the current folder, a relative path
    /// inside it, else absolute.
    static func displayPath(_ directory: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let target = URL(fileURLWithPath: directory).standardizedFileURL.path
        if target == current { return "." }
        if target.hasPrefix(current + "/") { return String(target.dropFirst(current.count + 1)) }
        return target
    }
}
