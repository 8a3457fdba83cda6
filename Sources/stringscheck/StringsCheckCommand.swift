import ArgumentParser
import LocalizationFormats

struct StringsCheckCommand: AsyncParsableCommand {
    static let version = "0.1.0"
    /// What `--version` and `version` print: the version, the commit built, and libxml2's version.
    static let versionLine = "stringscheck \(version) (commit \(buildCommit), libxml2 \(XMLPropertyListReader.libxml2Version))"

    static let configuration = CommandConfiguration(
        commandName: "stringscheck",
        abstract: "Checks Apple localization resources and push payload templates.",
        version: versionLine,
        subcommands: [
            CheckCommand.self, FixCommand.self, FormatCommand.self, CoverageCommand.self, RenderCommand.self, InitCommand.self,
            DumpCommand.self,
            RulesCommand.self,
            ExplainCommand.self,
            PluralsCommand.self, VersionCommand.self,
        ]
    )
}

/// `stringscheck version`: the same line as `--version`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print the version, the commit it was built from, and libxml2's version.")

    func run() throws { try Console.write(StringsCheckCommand.versionLine + "\n", to: nil) }
}
