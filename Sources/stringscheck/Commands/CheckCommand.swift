import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckReports
import StringsCheckRules

/// `stringscheck check`: runs every rule and reports in the chosen format.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check .lproj trees, .stringsdict files, String Catalogs, XLIFF exports and push payload templates against every rule.",
        discussion: """
            Exit status: 0 clean, 1 findings at error level (or warnings with --strict; translation backlog only with --strict-backlog), 2 the check could not run \
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

    @Flag(
        name: [.customLong("notes"), .customShort("v"), .customLong("verbose")],
        help: "Print notes and fix-its (text format); otherwise they are counted.")
    var notes = false

    @Flag(help: "List each translation backlog finding (text format); otherwise one line per table sums them up.")
    var backlog = false

    @Flag(help: "With --strict, count translation backlog warnings too (also strict_backlog: true).")
    var strictBacklog = false

    @Option(help: "Colour: auto (on a terminal), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "Hide findings listed in this baseline file (default: the configuration's 'baseline:').")
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
        let frontend = try Frontend(options: options, paths: report.paths)
        // The configuration's baseline is read unless one is given or being written.
        let baselinePath = baseline ?? (writeBaseline == nil ? frontend.configuredBaseline : nil)
        if baseline == nil, let baselinePath, !FileManager.default.fileExists(atPath: baselinePath) {
            Console.error(
                "stringscheck: the baseline '\(baselinePath)' that \(frontend.configuration.path ?? Configuration.fileName) names does not exist; write it with `stringscheck check --write-baseline \(baselinePath)`"
            )
            throw ExitCode(2)
        }
        let loadedBaseline = try baselinePath.map(frontend.readBaseline)
        if timings, getenv("STRINGSCHECK_TIMINGS") == nil { setenv("STRINGSCHECK_TIMINGS", "1", 1) }
        var phases = PhaseClock("cli")
        let project = await frontend.load(jobs: options.jobs)
        phases.lap("load")
        if frontend.reportNothingFound(project) { throw ExitCode(2) }
        var configuration = frontend.configuration
        configuration.legacyBinaryInterface = legacyBinary
        var result = await RuleEngine.run(
            project: project, configuration: configuration, baseline: loadedBaseline,
            maximumFindings: nil, hashingTexts: writeBaseline != nil, keepContext: { keepUntilExit($0) })
        if let selection = frontend.selection { result = selection.filter(result, project: project) }
        // Bounded after the files given are chosen, so findings elsewhere never take their places;
        // a baseline records every finding.
        if writeBaseline == nil { result.keep(atMost: RuleEngine.maximumKeptFindings) }
        phases.lap("check")
        if let writeBaseline {
            try frontend.writeBaseline(result, to: writeBaseline, project: project, force: report.forceOverwrite)
            return
        }
        // Never freed (see `keepUntilExit`): freeing each finding at the end cost a large run more
        // than sorting them.
        keepUntilExit(result.findings)
        var diagnostics = DiagnosticReport(result: result, toolVersion: StringsCheckCommand.version)
        diagnostics.strict = strict
        diagnostics.strictBacklog = strictBacklog || frontend.configuration.strictBacklog
        let useColour = color.enabled(forTerminal: report.output == nil && isatty(STDOUT_FILENO) == 1)
        let text = diagnostics.rendered(
            as: report.format, showSource: showSource, colour: useColour, sourceLines: SourceLineProvider(), maximumFindings: maxFindings,
            showNotes: notes, listBacklog: backlog)
        if report.format == .github { StepSummary.append(diagnostics) }
        phases.lap("format the report")
        try Console.write(text, to: report.output, reads: frontend.readFiles(project, others: [baselinePath]), force: report.forceOverwrite)
        phases.lap("write the report")
        phases.reportPeak(heap: HugeHeap.pagingNote)
        if frontend.missingRoots { throw ExitCode(2) }
        if diagnostics.failsTheRun { throw ExitCode(1) }
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
