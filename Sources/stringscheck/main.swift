import ArgumentParser
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
    do {
        var command = try StringsCheckCommand.parseAsRoot(arguments)
        if var asyncCommand = command as? AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    } catch {
        // ArgumentParser offers the nearest option however far it is ('--bogus': '--jobs'); the
        // hint stays only when it is as close as the configuration's did-you-mean hints.
        let message = StringsCheckCommand.fullMessage(for: error)
        if let hint = message.firstMatch(of: /Unknown option '-*([^']+)'\.( Did you mean '-*([^']+)'\?)/),
            suggestion(for: String(hint.1), among: [String(hint.3)]) == nil
        {
            Console.error(message.replacingCharacters(in: hint.2.startIndex..<hint.2.endIndex, with: ""))
            exit(StringsCheckCommand.exitCode(for: error).rawValue)
        }
        StringsCheckCommand.exit(withError: error)
    }
}

// Before anything else, while this is the only thread: heap arenas created from here on take the
// tuning (see `prepareHeapForOneRun`).
prepareHeapForOneRun()
HugeHeap.noteStart()
Console.prepareStandardStreams()
await runCommand()
