import ArgumentParser
import Foundation
import LocalizationFormats
import LocalizationIndex
import StringsCheckReports
import StringsCheckRules

/// `stringscheck coverage`: how far each locale is translated, and which pushes are ready.
struct CoverageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Report how much of the base each locale translates, per table, and which push payloads render fully.",
        discussion: """
            Exit status: 0, or 1 when a locale is below --min-coverage (or min_coverage in the configuration); \
            2 when a file cannot be read, nothing is found to report on, or on I/O errors.
            """)

    @OptionGroup var report: ReportOptions<CoverageFormat>

    @OptionGroup var options: CheckOptions

    @Option(help: "Exit 1 when a locale's coverage (percent) is below this.")
    var minCoverage: Double?

    @Option(name: .customLong("locale"), help: "Only these locales; repeatable.")
    var locales: [String] = []

    @Option(name: .customLong("table"), help: "Only these tables (as the report names them); repeatable.")
    var tables: [String] = []

    @Flag(help: "List the missing and identical keys of each locale (text, Markdown and HTML; JSON always lists them).")
    var details = false

    @Option(help: "A previous JSON coverage report: show what went up or down and which keys were added untranslated.")
    var compare: String?

    func validate() throws {
        try options.validate()
        if details, [.json, .csv].contains(report.format) {
            throw ValidationError(
                "--details applies to the text, markdown and html formats; the json report always lists each locale's missing and identical keys, and csv has one row per locale and table"
            )
        }
        if let minCoverage, !(0...100).contains(minCoverage) { throw ValidationError("--min-coverage must be from 0 to 100") }
    }

    func run() async throws {
        let frontend = try Frontend(options: options, paths: report.paths)
        // Given files: the report keeps to their tables and locales.
        let (project, index, scope) = try await frontend.loadIndex(jobs: options.jobs)
        // Which payloads are ready is what their preview rows say: the payload rules' findings.
        let payloadFindings = await PreviewBuilder.findings(index, configuration: frontend.configuration, forKeys: false)
        var coverage = CoverageBuilder.build(
            index, payloadFindings: payloadFindings, allowIdentical: frontend.configuration.allowIdentical,
            locales: locales.isEmpty ? scope?.locales ?? [] : Set(locales.map(LocaleName.normalize)), tables: Set(tables),
            tableIDs: scope?.tableIDs ?? [])
        if report.format == .html {
            coverage.generatedOn = ReportStamp.date()
            coverage.commit = ReportStamp.commit(of: project.roots.first ?? ".")
        }
        if let compare {
            let bytes = try frontend.readSideFile(compare, what: "the previous report")
            do {
                try coverage.compare(withJSON: bytes, path: compare)
            } catch {
                Console.error("stringscheck: \(error): not a usable previous report (a version 1 JSON coverage report)")
                throw ExitCode(2)
            }
        }
        try Console.write(
            coverage.rendered(as: self.report.format, details: details), to: self.report.output,
            reads: frontend.readFiles(project, others: [compare]), force: self.report.forceOverwrite)
        if frontend.reportUnreadable(project) || frontend.missingRoots { throw ExitCode(2) }
        let below = coverage.belowMinimum(global: minCoverage, perLocale: frontend.configuration.minimumCoverage)
        if !below.isEmpty {
            for item in below {
                Console.error(
                    "stringscheck: '\(item.locale)' is \(String(format: "%.1f", item.percent))% translated, below the minimum of \(String(format: "%g", item.minimum))%"
                )
            }
            throw ExitCode(1)
        }
    }
}
