import Foundation
import PackagePlugin

/// `swift package stringscheck [command] [options] [paths]`: runs the stringscheck command on a
/// package without installing it. The command defaults to `check`; the paths default to the
/// package's folder, or to the folders of the targets named with `--target`.
@main
struct StringsCheckCommandPlugin: CommandPlugin {
    static let commands: Set = ["check", "coverage", "render", "dump", "rules", "plurals", "init", "version", "help"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        var command = "check"
        if let first = rest.first, Self.commands.contains(first) { command = rest.removeFirst() }
        var paths: [String] = []
        if !targetNames.isEmpty {
            let targets = try context.package.targets(named: targetNames)
            paths = targets.map(\.directoryURL.path)
        }
        let tool = try context.tool(named: "stringscheck")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [command] + rest + paths
        // Relative paths, the default path "." and the configuration file are the package's.
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // One line: SwiftPM prints the thrown error as the plugin's failure.
            let status = process.terminationStatus
            throw PluginFailure(
                description: "stringscheck \(command) ended with exit status \(status)\(Self.meaning(of: status, command: command))")
        }
    }

    /// What a status means, as the command's help says.
    static func meaning(of status: Int32, command: String) -> String {
        switch status {
        case 1: command == "coverage" ? " (a locale is below its minimum coverage)" : " (findings that fail the run)"
        case 2: " (a file could not be read, nothing was found, or an I/O error)"
        case 64: " (a usage error)"
        default: ""
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
}
