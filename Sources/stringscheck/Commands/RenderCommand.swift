import ArgumentParser
import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

/// `stringscheck render`: every payload (or key) in every locale, as the device shows it.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Show every push payload (or key) in every locale exactly as iOS would, as a preview table.")

    @OptionGroup var report: ReportOptions<PreviewFormat>

    @OptionGroup var options: CheckOptions

    @Flag(help: "Render the push payload templates (the default).")
    var payloads = false

    @Option(help: "Render keys instead, those matching a glob (e.g. 'settings.*'); '*' for all.")
    var keys: String?

    @Option(name: .customLong("locale"), help: "Only these locales; repeatable.")
    var locales: [String] = []

    func run() async throws {
        let frontend = try Frontend(options: options, paths: report.paths)
        var phases = PhaseClock("cli")
        // Given files: the preview keeps to their tables and locales.
        let (project, index, scope) = try await frontend.loadIndex(jobs: options.jobs)
        let only = locales.isEmpty ? scope?.locales ?? [] : Set(locales.map(LocaleName.normalize))
        let showKeys = keys != nil && !payloads
        phases.lap("load and index")
        let findings = await PreviewBuilder.findings(index, configuration: frontend.configuration, forKeys: showKeys)
        phases.lap("check")
        let width = report.output == nil ? Console.terminalWidth ?? 100 : 100
        let reads = { frontend.readFiles(project) }
        if showKeys {
            try Console.write(to: report.output, reads: reads(), force: report.forceOverwrite) { write in
                PreviewBuilder.keyPreview(
                    index, findings: findings, pattern: keys == "*" ? nil : keys, locales: only, tables: scope?.tableIDs ?? [],
                    as: report.format, width: width,
                    emptyMessage:
                        "nothing to render: no key of a development table matches '\(keys ?? "*")' (`--keys '*'` renders every key)",
                    into: write)
            }
            phases.lap("render, format and write the rows")
        } else {
            let rows = PreviewBuilder.payloadRows(index, findings: findings, locales: only)
            phases.lap("render the rows")
            let parts = rows.renderedParts(as: report.format, width: width)
            phases.lap("format the preview")
            try Console.write(parts: parts, to: report.output, reads: reads(), force: report.forceOverwrite)
            phases.lap("write the preview")
        }
        phases.reportPeak(heap: HugeHeap.pagingNote)
        if frontend.reportUnreadable(project) || frontend.missingRoots { throw ExitCode(2) }
    }
}
