import ArgumentParser

/// What the commands that write the files they read (`fix`, `format`) share: the paths, the
/// project options, and the two ways to write nothing.
struct RewriteOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Folders or files to read (default: the configuration's roots, else the current folder).", valueName: "paths"))
    var paths: [String] = []

    @OptionGroup var options: CheckOptions

    @Flag(help: "Print the changes as a unified diff instead of writing them.")
    var dryRun = false

    @Flag(help: "Write nothing; exit 1 when a file would change (for CI and pre-commit).")
    var check = false

    func validate() throws {
        try options.validate()
        if dryRun && check { throw ValidationError("use --dry-run or --check, not both") }
    }
}
