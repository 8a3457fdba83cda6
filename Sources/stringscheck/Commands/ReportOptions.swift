import ArgumentParser
import StringsCheckReports

/// A report format a command takes with `--format`; `text` is every command's default.
protocol ReportFormat: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {
    static var text: Self { get }
}

extension DiagnosticFormat: ExpressibleByArgument, ReportFormat {}
extension CoverageFormat: ExpressibleByArgument, ReportFormat {}
extension PreviewFormat: ExpressibleByArgument, ReportFormat {}

/// What every reporting command takes: the paths to read, the format, and where to write.
struct ReportOptions<Format: ReportFormat>: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Folders or files to read (default: the configuration's roots, else the current folder).", valueName: "paths"))
    var givenPaths: [String] = []

    /// The paths given, thousands of them included (see `PathArguments`).
    var paths: [String] { givenPaths + PathArguments.extracted }

    @Option(help: ArgumentHelp("Output format: \(Self.formatList).", valueName: "format"))
    var format: Format = .text

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Flag(help: "Let --output replace a file this run reads, or a localization, payload or configuration file.")
    var forceOverwrite = false

    static var formatList: String {
        let names = Format.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }
}
