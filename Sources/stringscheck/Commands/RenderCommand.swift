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

    @Argument(help: "Folders or files to read (default: the configuration's roots, else the current folder).")
    var paths: [String] = []

    @OptionGroup var options: CheckOptions

    @Flag(help: "Render the push payload templates (the default).")
    var payloads = false

    @Option(help: "Render keys instead, those matching a glob (e.g. 'settings.*'); '*' for all.")
    var keys: String?

    @Option(name: .customLong("locale"), help: "Only these locales; repeatable.")
    var locales: [String] = []

    @Option(help: "Output format: text, markdown, html, csv or json.")
    var format: Format = .text

    @Option(help: "Write the preview to this file (atomically) instead of standard output.")
    var output: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, html, csv, json
    }

    func run() async throws {
        var setup = try options.prepare(paths: paths)
        // Given files: the preview keeps to their tables and locales.
        let (project, scope) = await setup.loadScoped(jobs: options.jobs)
        let index = ProjectIndex(project: project, configuration: setup.configuration)
        keepUntilExit(index)
        let only = locales.isEmpty ? scope?.locales ?? [] : Set(locales.map(LocaleName.normalize))
        let showKeys = keys != nil && !payloads
        let findings = await PreviewBuilder.findings(index, configuration: setup.configuration, forKeys: showKeys)
        let rows =
            showKeys
            ? PreviewBuilder.keyRows(
                index, findings: findings, pattern: keys == "*" ? nil : keys, locales: only, tables: scope?.tableIDs ?? [])
            : PreviewBuilder.payloadRows(index, findings: findings, locales: only)
        try Console.write(rows.rendered(as: PreviewFormat(rawValue: format.rawValue) ?? .text), to: output)
        if setup.missingRoots { throw ExitCode(2) }
    }
}
