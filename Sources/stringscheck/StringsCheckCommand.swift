import ArgumentParser
import LocalizationFormats

struct StringsCheckCommand: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "stringscheck",
        abstract: "Checks Apple localization resources and push payload templates.",
        version: "stringscheck \(version) (libxml2 \(XMLPropertyListReader.libxml2Version))",
        subcommands: [
            CheckCommand.self, CoverageCommand.self, RenderCommand.self, InitCommand.self, DumpCommand.self, RulesCommand.self,
            ExplainCommand.self,
            PluralsCommand.self,
        ]
    )
}
