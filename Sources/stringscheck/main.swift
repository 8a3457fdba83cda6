import Foundation
import StringsCheckRules

/// The command's async entry point; called from an async function so that the async `main`, not
/// `ParsableCommand`'s synchronous one, is chosen.
func runCommand() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    // A misspelt command (`chek`) would otherwise be read as a path of the default command.
    let commands = StringsCheckCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
    if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), !first.contains("/"), !first.contains("."),
        !FileManager.default.fileExists(atPath: first), let close = suggestion(for: first, among: commands)
    {
        Console.error("stringscheck: unknown command '\(first)'; did you mean '\(close)'? (`stringscheck --help` lists them)")
        exit(64)
    }
    PathArguments.extract(from: &arguments)
    await StringsCheckCommand.main(arguments)
}

// Before anything else, while this is the only thread: heap arenas created from here on take the
// tuning (see `prepareHeapForOneRun`).
prepareHeapForOneRun()
Console.prepareStandardStreams()
await runCommand()
