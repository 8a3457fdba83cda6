import Foundation
import PackagePlugin

/// Writes the commit the tool is built from into the build, for `stringscheck --version`:
/// `git describe` of the package's checkout, or "unknown" outside a git checkout.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let package = context.package.directoryURL.path
        let script = """
            commit=$(git -C '\(package)' rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            if [ "$commit" != unknown ] && [ -n "$(git -C '\(package)' status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit+changes"; fi
            text="let buildCommit = \\"$commit\\""
            [ -f '\(output.path)' ] && [ "$(cat '\(output.path)')" = "$text" ] || printf '%s' "$text" > '\(output.path)'
            """
        return [
            .prebuildCommand(
                displayName: "Record the commit for --version", executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
                outputFilesDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}
