import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckFix
import StringsCheckRules

extension StringsFormatter.Order: ExpressibleByArgument {}

/// `stringscheck format`: `.strings` tables and String Catalogs in one form each, nothing a
/// device loads changed.
struct FormatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Lay out .strings tables and String Catalogs in one form each (catalogs exactly as Xcode writes them).",
        discussion: """
            .strings: `"key" = "value";`, one entry per line, comments with their entries; keys and values as written. \
            .xcstrings: Xcode's own layout and member order, so a catalog Xcode saved is left byte for byte. A file that does \
            not parse cleanly is left alone. Files keep their encoding, byte order mark, line endings, permissions and owner; a \
            symbolic link is written through. Exit status: 0 done (or, with --check, nothing to change), 1 with --check when \
            a file would change, 2 when a file could not be formatted.
            """
    )

    @Argument(
        help: ArgumentHelp("Folders or files to read (default: the configuration's roots, else the current folder).", valueName: "paths"))
    var paths: [String] = []

    @OptionGroup var options: CheckOptions

    @Option(help: "The order of .strings entries: as-is, development (the development table's order) or key.")
    var order: StringsFormatter.Order = .asIs

    @Flag(help: "Print the changes as a unified diff instead of writing them.")
    var dryRun = false

    @Flag(help: "Write nothing; exit 1 when a file would change (for CI and pre-commit).")
    var check = false

    func validate() throws {
        try options.validate()
        if dryRun && check { throw ValidationError("use --dry-run or --check, not both") }
    }

    func run() async throws {
        let frontend = try Frontend(options: options, paths: paths)
        let project = await frontend.load(jobs: options.jobs)
        if frontend.reportNothingFound(project) { throw ExitCode(2) }
        let given = frontend.selection.map { selection in
            Set(project.files.filter { selection.reported.contains(FileSelection.absolute($0.path)) }.map(\.path))
        }
        var seen: Set<FileIdentity> = []
        var changed: [(path: String, original: [UInt8], formatted: [UInt8], texts: (before: [UInt8], after: [UInt8]))] = []
        var refused: [EditRefusal] = []
        for file in project.files where !file.isImported && (given?.contains(file.path) ?? true) {
            let isCatalog: Bool
            switch file.content {
            case .strings where file.path.hasSuffix(".strings"): isCatalog = false
            case .catalog: isCatalog = true
            default: continue
            }
            // A file reached by two paths is formatted once.
            guard FileIdentity(path: file.path).map({ seen.insert($0).inserted }) ?? true else { continue }
            guard case .success(let bytes) = FileBytes.read(file.path, maximumSize: frontend.configuration.maximumFileSize) else {
                refused.append(EditRefusal(path: file.path, reason: "it cannot be read"))
                continue
            }
            do throws(EditRefusal) {
                let formatted =
                    isCatalog
                    ? try CatalogFormatter.format(bytes, path: file.path)
                    : try StringsFormatter.format(
                        bytes, path: file.path, order: order,
                        developmentKeys: order == .development ? Self.developmentKeys(of: file, in: project) : [])
                guard formatted != bytes else { continue }
                let before = try EditableText(bytes: bytes, path: file.path).utf8
                let after = try EditableText(bytes: formatted, path: file.path).utf8
                changed.append((file.path, bytes, formatted, (before, after)))
            } catch {
                refused.append(error)
            }
        }
        for refusal in refused { Console.error("\(refusal.path): not formatted: \(refusal.reason)") }
        let failed = refused.isEmpty ? 0 : 2
        if dryRun {
            try Console.write(changed.map { UnifiedDiff.diff($0.texts.before, $0.texts.after, path: $0.path) }.joined(), to: nil)
            Console.error("would format \(Self.files(changed.count))")
            throw ExitCode(Int32(failed))
        }
        if check {
            for file in changed { Console.error("\(file.path): not formatted") }
            Console.error(changed.isEmpty ? "every file is formatted" : "would format \(Self.files(changed.count))")
            throw ExitCode(changed.isEmpty ? Int32(failed) : 1)
        }
        var written = 0
        var writeFailed = false
        for file in changed {
            do throws(OutputError) {
                try OutputFile.rewrite(file.path, from: file.original, to: file.formatted)
                written += 1
            } catch {
                Console.error("\(file.path): not formatted: \(error.message)")
                writeFailed = true
            }
        }
        Console.error("formatted \(Self.files(written))")
        if failed != 0 || writeFailed { throw ExitCode(2) }
    }

    static func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }

    /// The keys of the development language's `.strings` table of the same name, in order.
    static func developmentKeys(of file: ResourceFile, in project: LocalizationProject) -> [String] {
        for other in project.files where other.tableID == file.tableID && other.locale == project.baseLocale {
            if case .strings(let parsed) = other.content { return parsed.entries.map(\.key) }
        }
        return []
    }
}
