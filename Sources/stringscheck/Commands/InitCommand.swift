import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckRules

/// `stringscheck init`: writes a commented `.stringscheck.yml` for the project it finds.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .stringscheck.yml for the project in a folder and print the pre-commit snippet.",
        discussion: "Never overwrites an existing file: run again, it leaves the file as it is and exits 0.")

    @Argument(help: "The project folder (default: the current folder).")
    var folder: String = "."

    func run() async throws {
        let path = (folder as NSString).appendingPathComponent(Configuration.fileName)
        // Run again, it has nothing to do: it says so, shows the snippet again and succeeds.
        guard !FileManager.default.fileExists(atPath: path) else {
            Console.error("stringscheck: \(path) already exists; it is left as it is")
            try Console.write(
                "To run it before every commit, add this to .pre-commit-config.yaml (see Docs/PreCommit.md):\n\n\(Self.preCommitSnippet)\n",
                to: nil)
            return
        }
        let project = await ProjectLoader.load(roots: [folder], payloadGlobs: [])
        let text = Self.configurationText(project, folder: folder)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            Console.error("stringscheck: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        let bundles = Set(project.files.map(\.bundle)).count
        try Console.write(
            """
            Wrote \(path): \(project.files.count) resource files in \(bundles) bundle\(bundles == 1 ? "" : "s"), \
            \(project.locales.filter { $0 != "Base" }.count) locales, base locale \(project.baseLocale ?? "unknown"), \
            \(project.payloadFiles.count) payload template\(project.payloadFiles.count == 1 ? "" : "s").

            To run it before every commit, add this to .pre-commit-config.yaml (see Docs/PreCommit.md):

            \(Self.preCommitSnippet)

            """, to: nil)
    }

    static let preCommitSnippet = """
        repos:
          - repo: https://github.com/YOUR-ORG/stringscheck   # where your team gets stringscheck, or a local clone's path
            rev: v0.1.0                                       # a tag or commit of stringscheck
            hooks:
              - id: stringscheck          # builds stringscheck on the first commit (minutes)
              # - id: stringscheck-system # or: the stringscheck on PATH (make install, make dist), no build
        """

    /// Folders that hold payload templates, relative to the project folder.
    static func payloadFolders(_ project: LocalizationProject, folder: String) -> [String] {
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        let folders = project.payloadFiles.map { file -> String in
            let relative = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
            let parts = relative.split(separator: "/").dropLast()
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
        return Array(Set(folders)).sorted()
    }

    static func configurationText(_ project: LocalizationProject, folder: String) -> String {
        let base = project.baseLocale ?? "en"
        let payloads = payloadFolders(project, folder: folder)
        let payloadLines =
            payloads.isEmpty
            ? "# payloads: [\"backend/push/**/*.json\"]   # where the backend's push templates are (defaults: **/*.apns, **/payloads/**/*.json, **/push/**/*.json)"
            : "payloads:\n" + payloads.map { "  - \"\($0 == "." ? "" : $0 + "/")**/*.json\"" }.joined(separator: "\n")
                + "\n  - \"**/*.apns\""
        return """
            # stringscheck configuration (Docs/Configuration.md). Paths and globs are relative to this file.

            # The development language translations are compared with (detected: \(project.baseLocaleReason)).
            base_locale: \(base)

            # Folders to read when `stringscheck check` is given no path.
            roots: ["."]

            # Files never read (globs; `**` crosses folders).
            exclude: ["**/Pods/**", "**/Carthage/**", "**/.build/**"]

            # Locales to leave out while they are being translated.
            # ignore_locales: [ar]

            # Push payload templates, cross-checked against every locale's Localizable table.
            \(payloadLines)

            # Rule severities: error, warning, note, off, or on for opt-in rules (`stringscheck rules` lists them).
            rules:
              # missing-translation: error   # make a missing key block the commit
              # value-equals-key: on         # opt-in: translations that are still the key
              incomplete-locale:
                threshold: 50                # percent of the base keys a locale must have

            # Exceptions by key, locale or path.
            # suppress:
            #   - rules: [format-literal-percent]
            #     keys: ["promo.*"]
            #     reason: marketing copy is never formatted

            """
    }
}
