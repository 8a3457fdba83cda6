import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckReports

/// `stringscheck dump`: prints the parsed model and every parse diagnostic.
struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the parsed model: locales, tables, entries with locations, argument signatures and parse diagnostics.",
        discussion: "The JSON form is a versioned contract (see Docs/DumpFormat.md)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "Folders or files to read (.lproj trees, .strings, .stringsdict, .xcstrings).")
    var paths: [String] = ["."]

    @Option(help: "Output format: json or text.")
    var format: Format = .text

    @Option(help: "Number of files parsed at once (default: the number of cores).")
    var jobs: Int?

    @Flag(
        help:
            "Also scan the Swift and Objective-C code under the paths (test code aside) and list the lookup wrappers inferred from it."
    )
    var code = false

    // `dump` reads no configuration; the flag is accepted so that a script can pass the same
    // options to every command.
    @Flag(help: "Accepted for symmetry with the other commands; dump reads no configuration.")
    var noConfig = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        let project = await ProjectLoader.load(
            roots: paths, jobs: jobs, payloadGlobs: [], code: code ? CodeScanOptions(accept: { _ in true }) : CodeScanOptions())
        let output: String
        switch format {
        case .json: output = DumpJSON.render(project, toolVersion: StringsCheckCommand.version)
        case .text: output = DumpText.render(project)
        }
        try Console.write(output, to: nil)
        let missing = project.diagnostics.contains { $0.id == ParseDiagnosticKind.fileUnreadable.rawValue && paths.contains($0.path) }
        if missing { throw ExitCode(2) }
    }
}
