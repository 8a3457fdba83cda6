/// The paths given to `check`, `coverage` or `render` when there are thousands of them (a
/// pre-commit run over a large change): taken out of the arguments before they are parsed, as
/// the argument parser removes each positional argument from a list, which takes time
/// quadratic in their number.
enum PathArguments {
    /// The paths taken out; the command reads them after its own.
    nonisolated(unsafe) static var extracted: [String] = []

    /// Below this many paths the parser is fast and is left to do all of it.
    static let threshold = 64

    /// The commands whose positional arguments are paths.
    static let commands: Set = ["check", "coverage", "render"]

    /// The options of those commands that take a value (a test compares this with their help).
    static let valueOptions: Set = [
        "--config", "--base-locale", "--enable", "--disable", "--jobs", "--format", "--output", "--color", "--baseline",
        "--write-baseline", "--keys", "--locale", "--table", "--min-coverage", "--compare", "--max-findings",
    ]

    /// Takes the paths out of `arguments` when there are more than `threshold` of them.
    static func extract(from arguments: inout [String]) {
        guard let command = arguments.firstIndex(where: { !$0.hasPrefix("-") }), commands.contains(arguments[command]) else { return }
        var paths: [Int] = []
        var index = command + 1
        var afterSeparator = false
        while index < arguments.count {
            let argument = arguments[index]
            if afterSeparator || !argument.hasPrefix("-") || argument == "-" {
                paths.append(index)
            } else if argument == "--" {
                afterSeparator = true
            } else if valueOptions.contains(argument) {
                index += 1  // its value
            }
            index += 1
        }
        guard paths.count > threshold else { return }
        let taken = Set(paths)
        extracted = paths.map { arguments[$0] }
        arguments = arguments.indices.filter { !taken.contains($0) && !(afterSeparator && arguments[$0] == "--") }.map { arguments[$0] }
    }
}
