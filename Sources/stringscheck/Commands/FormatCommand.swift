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
            .xcstrings: Xcode's own layout and member order, so a catalog Xcode saved is left byte for byte. With --plists, \
            .stringsdict files and XML property list tables as Xcode's plist editor saves them (keys sorted, tabs); comments \
            there would be lost, so such a file is left alone. A file that does \
            not parse cleanly is left alone. Files keep their encoding, byte order mark, line endings, permissions and owner; a \
            symbolic link is written through. Exit status: 0 done (or, with --check, nothing to change), 1 with --check when \
            a file would change, 2 when a file could not be formatted.
            """
    )

    @OptionGroup var rewrite: RewriteOptions

    @Option(help: "The order of .strings entries: as-is, development (the development table's order) or key.")
    var order: StringsFormatter.Order = .asIs

    @Flag(help: "Also lay out .stringsdict files and .strings tables written as XML property lists, as Xcode's plist editor saves them.")
    var plists = false

    func run() async throws {
        let frontend = try Frontend(options: rewrite.options, paths: rewrite.paths)
        let project = await frontend.load(jobs: rewrite.options.jobs, hugePages: false)
        if frontend.reportNothingFound(project) { throw ExitCode(2) }
        let given = frontend.selection.map { selection in
            Set(project.files.filter { selection.reported.contains(FileSelection.absolute($0.path)) }.map(\.path))
        }
        // The files to format, each once (a file reached by two paths too).
        var seen: Set<FileIdentity> = []
        var jobs: [Job] = []
        for file in project.files where !file.isImported && (given?.contains(file.path) ?? true) {
            let kind: Job.Kind
            switch file.content {
            case .strings(let strings) where file.path.hasSuffix(".strings"): kind = .strings(strings)
            case .catalog: kind = .catalog
            case .stringsdict where plists: kind = .plist
            default: continue
            }
            guard FileIdentity(path: file.path).map({ seen.insert($0).inserted }) ?? true else { continue }
            jobs.append(
                Job(
                    path: file.path, kind: kind, plists: plists,
                    developmentKeys: order == .development && kind.isStrings ? Self.developmentKeys(of: file, in: project) : []))
        }
        // Both cores: each file is read and laid out on its own.
        let order = order
        // Written, a file is parsed again as read now; only reporting, the load's parse serves.
        let writes = !rewrite.dryRun && !rewrite.check
        let dryRun = rewrite.dryRun
        let maximumSize = frontend.configuration.maximumFileSize
        let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask { (index, job.run(order: order, writes: writes, diff: dryRun, maximumSize: maximumSize)) }
            }
            var outcomes = [Outcome](repeating: .unchanged, count: jobs.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        var changed: [Change] = []
        var refused: [EditRefusal] = []
        for outcome in outcomes {
            switch outcome {
            case .unchanged: break
            case .changed(let change): changed.append(change)
            case .refused(let refusal): refused.append(refusal)
            }
        }
        for refusal in refused { Console.error("\(refusal.path): not formatted: \(refusal.reason)") }
        let failed = refused.isEmpty ? 0 : 2
        if rewrite.dryRun {
            try Console.write(changed.map(\.diff).joined(), to: nil)
            Console.error("would format \(Self.files(changed.count))")
            throw ExitCode(Int32(failed))
        }
        if rewrite.check {
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

    struct Change: Sendable {
        var path: String
        var original: [UInt8]
        var formatted: [UInt8]
        /// The change as a unified diff of the decoded texts.
        var diff: String
    }

    enum Outcome: Sendable {
        case unchanged
        case changed(Change)
        case refused(EditRefusal)
    }

    /// One file to lay out: a `.strings` table (with its parse), a catalog or a property list.
    struct Job: Sendable {
        enum Kind: Sendable {
            case strings(StringsFile)
            case catalog
            case plist

            var isStrings: Bool {
                if case .strings = self { return true }
                return false
            }
        }

        var path: String
        var kind: Kind
        /// Whether a `.strings` table written as an XML property list is laid out as one.
        var plists: Bool
        var developmentKeys: [String]

        /// Whether the bytes are an XML (`<?xml`, `<plist`) or binary (`bplist00`) property list:
        /// in the encoding CoreFoundation detects (not decoded), the first character after white
        /// space is `<`.
        static func isPropertyListDocument(_ bytes: [UInt8]) -> Bool {
            let (encoding, start) = bytes.withUnsafeBufferPointer { TextDecoder.detect($0) }
            let width: Int
            switch encoding {
            case .binaryPropertyList: return true
            // UTF-16 without a BOM is not read as text at all.
            case .utf16LE, .utf16BE: return false
            case .utf8, .utf8BOM: width = 1
            case .utf16LEBOM, .utf16BEBOM: width = 2
            case .utf32LEBOM, .utf32BEBOM: width = 4
            }
            let lowOffset = encoding == .utf16BEBOM || encoding == .utf32BEBOM ? width - 1 : 0
            var index = start
            while index + width <= bytes.count {
                guard (0..<width).allSatisfy({ $0 == lowOffset || bytes[index + $0] == 0 }) else { return false }
                switch bytes[index + lowOffset] {
                case 0x20, 0x09, 0x0A, 0x0D: index += width
                case UInt8(ascii: "<"):
                    // Text that does not decode is no property list (and is refused as a table).
                    return width > 1
                        ? (try? EditableText(bytes: bytes, path: "")) != nil : String(validating: bytes[start...], as: UTF8.self) != nil
                default: return false
                }
            }
            return false
        }

        /// Every result is checked to load what the file loads (so `--check` and `--dry-run` say what
        /// a write would do); for a result that is `writes`, against the file parsed again as read
        /// now. `diff` makes the change's diff.
        func run(order: StringsFormatter.Order, writes: Bool, diff: Bool, maximumSize: Int) -> Outcome {
            guard case .success(let bytes) = FileBytes.read(path, maximumSize: maximumSize) else {
                return .refused(EditRefusal(path: path, reason: "it cannot be read"))
            }
            do throws(EditRefusal) {
                let formatted: [UInt8]
                switch kind {
                case .catalog: formatted = try CatalogFormatter.format(bytes, path: path)
                case .plist: formatted = try PlistFormatter.format(bytes, path: path)
                case .strings(let parsed):
                    // A `.strings` file that is an XML or binary property list is laid out as one
                    // with --plists, else left as it is.
                    if Self.isPropertyListDocument(bytes) {
                        guard plists else { return .unchanged }
                        formatted = try PlistFormatter.format(bytes, path: path)
                    } else {
                        formatted = try StringsFormatter.format(
                            bytes, path: path, order: order, developmentKeys: developmentKeys, parsed: writes ? nil : parsed)
                    }
                }
                guard formatted != bytes else { return .unchanged }
                guard diff else { return .changed(Change(path: path, original: bytes, formatted: formatted, diff: "")) }
                let before = try EditableText(bytes: bytes, path: path).utf8
                let after = try EditableText(bytes: formatted, path: path).utf8
                return .changed(
                    Change(path: path, original: bytes, formatted: formatted, diff: UnifiedDiff.diff(before, after, path: path)))
            } catch {
                return .refused(error)
            }
        }
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
