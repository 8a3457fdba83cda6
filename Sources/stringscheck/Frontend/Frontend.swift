import ArgumentParser
import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

/// What every command that reads a project shares between its arguments and the libraries: the
/// configuration, the roots and the files given (`FileSelection`), loading the tree, the files
/// read beside it (a baseline, a previous report), the files a report must never replace, and
/// what is said on standard error when there is nothing to report on. A command is its options
/// plus a few lines over this.
struct Frontend {
    var configuration: Configuration
    var roots: [String]
    var accept: (@Sendable (String) -> Bool)?
    var missingRoots: Bool
    /// The files given, when files were given (pre-commit's staged files): nil when only
    /// folders were.
    let selection: FileSelection?

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

    /// Says on standard error that the paths hold nothing to check (and which folders were
    /// skipped by name), when only folders were given and nothing was found in them: a run
    /// that checked nothing must not look like a clean one. True when so (exit 2).
    func reportNothingFound(_ project: LocalizationProject) -> Bool {
        guard selection == nil, project.files.isEmpty, project.payloadFiles.isEmpty, project.codeFiles.isEmpty else { return false }
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

    /// Reads the roots (the bundles around the files given), payload templates and code included.
    /// A run about to read large catalogs starts over with its heap on huge pages when the
    /// environment asks for it (see `HugeHeap`), unless `hugePages` is false: `format`, which lays
    /// whole files out again, measured slower with them (the 26 MB catalog's `format --check` 3.6 →
    /// 3.9 s, medians of 9 runs in turn).
    func load(jobs: Int?, hugePages: Bool = true) async -> LocalizationProject {
        var beforeReading: (([ProjectLoader.Candidate]) -> Void)?
        if hugePages { beforeReading = { HugeHeap.restartIfLarge(tables: $0) } }
        let project = await ProjectLoader.load(
            roots: roots, accept: accept, jobs: jobs, payloadGlobs: configuration.payloads, code: codeScan,
            maximumFileSize: configuration.maximumFileSize, checkUnshipped: configuration.checkUnshipped, beforeReading: beforeReading)
        keepUntilExit(project)
        warnAboutUnmatchedIncludes(project)
        warnAboutCodeScanning(project)
        return project
    }

    /// A code scan that read nothing, said where it looked: an `include` that matches no source
    /// file (resolved against the configuration's folder), or `unused-key` with no code to read
    /// (it would report nothing, which is not "every key is used").
    func warnAboutCodeScanning(_ project: LocalizationProject) {
        let code = configuration.code
        let folder = configuration.directory == "." ? "the current folder" : "'\(configuration.directory)'"
        if !code.include.isEmpty, !project.codeTreeScanned || project.codeFiles.isEmpty {
            Console.error(
                "stringscheck: warning: code: include (\(code.include.joined(separator: ", "))) matched no source file under the paths checked; its globs are relative to \(folder)"
            )
        }
        let unused = BuiltInRules.description(of: "unused-key").map(configuration.isEnabled) ?? false
        if unused, code.include.isEmpty, project.codeFiles.isEmpty {
            Console.error(
                "stringscheck: warning: unused-key reads the app's code, and none was scanned: set code: include in .stringscheck.yml or pass --code"
            )
        }
    }

    /// The source files scanned for payload keys: those given by name, and under the folders
    /// given those the configuration's `code: include` globs match (relative to its folder).
    var codeScan: CodeScanOptions {
        let code = configuration.code
        var options = CodeScanOptions(functions: code.functions, wrappers: code.wrappers)
        options.everyLiteral = BuiltInRules.description(of: "unused-key").map(configuration.isEnabled) ?? false
        options.includeTests = code.tests
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

    /// Loads the configuration, decides the roots and, when files are given, the bundles around
    /// them (saying which given files nothing is checked in); exits 2 when the configuration is
    /// broken or no path given is a file stringscheck reads.
    init(options: CheckOptions, paths: [String]) throws {
        var configuration = Configuration()
        let configPath =
            options.noConfig ? nil : (options.config ?? ConfigurationLoader.find(from: FileManager.default.currentDirectoryPath))
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
        if let baseLocale = options.baseLocale { configuration.baseLocale = LocaleName.normalize(baseLocale) }
        for id in options.enabledRules {
            guard let rule = BuiltInRules.description(of: id) else { continue }
            configuration.rules[rule.id, default: RuleConfiguration()].enabled = true
        }
        for id in options.disabledRules {
            guard let rule = BuiltInRules.description(of: id) else { continue }
            configuration.rules[rule.id, default: RuleConfiguration()].enabled = false
        }
        // --code scans every source file under the paths (test code aside); --no-code none.
        switch options.code {
        case true?: if configuration.code.include.isEmpty { configuration.code.include = ["**"] }
        case false?: configuration.code.include = []
        case nil: break
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
        self.configuration = configuration
        self.roots = roots
        self.accept = accept
        missingRoots = missing
        selection = FileSelection.make(paths: roots, configuration: configuration)
        if let selection {
            self.roots = selection.roots
            try selection.reportUncheckedFiles()
        }
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

    // MARK: What `coverage` and `render` start from

    /// The project, its index, and the tables and locales the files given stand for (nil when
    /// only folders were given); exits 2 when there is nothing to report on.
    func loadIndex(jobs: Int?) async throws -> (project: LocalizationProject, index: ProjectIndex, scope: FileSelection.Scope?) {
        let project = await load(jobs: jobs)
        if reportNothingFound(project) { throw ExitCode(2) }
        let index = ProjectIndex(project: project, configuration: configuration)
        keepUntilExit(index)
        return (project, index, selection?.scope(in: project))
    }

    // MARK: Baselines

    /// The baseline the configuration names (`baseline:`), relative to its folder.
    var configuredBaseline: String? {
        guard let path = configuration.baseline else { return nil }
        return path.hasPrefix("/") || configuration.directory == "." ? path : configuration.directory + "/" + path
    }

    /// The baseline at `path`; exits 2 saying why when it cannot be read or is not a baseline.
    func readBaseline(_ path: String) throws -> Baseline {
        let bytes = try readSideFile(path, what: "the baseline")
        do {
            var baseline = try Baseline.read(bytes, path: path)
            baseline.anchor = Baseline.anchor(version: baseline.version, configurationPath: configuration.path, baselinePath: path)
            return baseline
        } catch {
            Console.error("stringscheck: \(error): the baseline is not used")
            throw ExitCode(2)
        }
    }

    /// Writes every finding of `result` to a baseline at `path` (atomically, never over a file
    /// the run read unless forced) and says so on standard error.
    func writeBaseline(_ result: CheckResult, to path: String, project: LocalizationProject, force: Bool) throws {
        let encoded: Data
        do {
            encoded = try Baseline(result.findings, anchor: Baseline.anchor(configurationPath: configuration.path, baselinePath: path))
                .encoded()
        } catch {
            Console.error("stringscheck: cannot encode the baseline: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        try Console.write([UInt8](encoded), to: path, reads: readFiles(project), force: force)
        Console.error("stringscheck: wrote \(result.findings.count) findings to \(path)")
    }
}
