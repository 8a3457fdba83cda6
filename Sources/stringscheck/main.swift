/// The command's async entry point; called from an async function so that the async `main`, not
/// `ParsableCommand`'s synchronous one, is chosen.
func runCommand() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    PathArguments.extract(from: &arguments)
    await StringsCheckCommand.main(arguments)
}

// Before anything else, while this is the only thread: heap arenas created from here on take the
// tuning (see `prepareHeapForOneRun`).
prepareHeapForOneRun()
Console.prepareStandardStreams()
await runCommand()
