import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckReports
import StringsCheckRules

/// `stringscheck check`: runs every rule and reports in the chosen format.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check .lproj trees, .stringsdict files, String Catalogs and push payload templates against every rule.",
        discussion: """
            Exit status: 0 clean, 1 findings at error level (or warnings with --strict), 2 the check could not run \
            (unreadable configuration, a path that does not exist, I/O), 64 usage error.
            """
    )

    @OptionGroup var report: ReportOptions<DiagnosticFormat>

    @OptionGroup var options: CheckOptions

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Option(help: "Print at most this many findings (errors first; text format); the rest are counted.")
    var maxFindings: Int?

    @Flag(help: "Show the source line with a caret under each finding (text format).")
    var showSource = false

    @Option(help: "Colour: auto (on a terminal), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "Hide findings listed in this baseline file.")
    var baseline: String?

    @Option(help: "Write every current finding to this baseline file and exit 0.")
    var writeBaseline: String?

    @Flag(help: "Check payload sizes against the legacy binary interface's 2048 bytes.")
    var legacyBinary = false

    @Flag(help: "Print how long each phase and rule took to standard error (also STRINGSCHECK_TIMINGS=1).")
    var timings = false

    func validate() throws {
        try options.validate()
        if baseline != nil, writeBaseline != nil { throw ValidationError("use --baseline or --write-baseline, not both") }
        if let maxFindings, maxFindings < 0 { throw ValidationError("--max-findings must be 0 or more") }
    }

    func run() async throws {
        var setup = try options.prepare(paths: report.paths)
        let selection = FileSelection.make(paths: setup.roots, configuration: setup.configuration)
        if let selection {
            setup.roots = selection.roots
            try selection.reportUncheckedFiles()
        }
        var loadedBaseline: Baseline?
        if let baseline {
            let bytes = try setup.readSideFile(baseline, what: "the baseline")
            do {
                loadedBaseline = try Baseline.read(
                    bytes, path: baseline, anchor: Baseline.anchor(configurationPath: setup.configuration.path, baselinePath: baseline))
            } catch {
                Console.error("stringscheck: \(error): the baseline is not used")
                throw ExitCode(2)
            }
        }
        if timings, getenv("STRINGSCHECK_TIMINGS") == nil { setenv("STRINGSCHECK_TIMINGS", "1", 1) }
        var phases = PhaseClock("cli")
        let project = await setup.load(jobs: options.jobs)
        phases.lap("load")
        if setup.reportNothingFound(project, filesGiven: selection != nil) { throw ExitCode(2) }
        var configuration = setup.configuration
        configuration.legacyBinaryInterface = legacyBinary
        var result = await RuleEngine.run(
            project: project, configuration: configuration, baseline: loadedBaseline,
            maximumFindings: nil, keepContext: { keepUntilExit($0) })
        if let selection { result = selection.filter(result, project: project) }
        // Bounded after the files given are chosen, so findings elsewhere never take their places;
        // a baseline records every finding.
        if writeBaseline == nil { result.keep(atMost: RuleEngine.maximumKeptFindings) }
        phases.lap("check")
        if let writeBaseline {
            let encoded: Data
            do {
                encoded = try Baseline(
                    result.findings, anchor: Baseline.anchor(configurationPath: setup.configuration.path, baselinePath: writeBaseline)
                ).encoded()
            } catch {
                Console.error("stringscheck: cannot encode the baseline: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            try Console.write(
                [UInt8](encoded), to: writeBaseline, reads: setup.readFiles(project), force: report.forceOverwrite)
            Console.error("stringscheck: wrote \(result.findings.count) findings to \(writeBaseline)")
            return
        }
        let diagnostics = DiagnosticReport(result: result, toolVersion: StringsCheckCommand.version)
        let useColour = color.enabled(forTerminal: report.output == nil && isatty(STDOUT_FILENO) == 1)
        let text = diagnostics.rendered(
            as: report.format, showSource: showSource, colour: useColour, sourceLines: SourceLineProvider(), maximumFindings: maxFindings)
        if report.format == .github, let summary = getenv("GITHUB_STEP_SUMMARY").map({ String(cString: $0) }), !summary.isEmpty {
            // GitHub shows ten annotations of each kind per step: the step summary holds them all.
            let fd = open(summary, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            if fd < 0 || writeAll(fd, Array(GitHubRenderer.stepSummary(diagnostics).utf8)) != nil {
                Console.error("stringscheck: warning: cannot write the step summary to '\(summary)'")
            }
            if fd >= 0 { close(fd) }
        }
        phases.lap("format the report")
        try Console.write(text, to: report.output, reads: setup.readFiles(project, others: [baseline]), force: report.forceOverwrite)
        phases.lap("write the report")
        phases.reportPeak()
        if setup.missingRoots { throw ExitCode(2) }
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode(1) }
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    func enabled(forTerminal isTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
