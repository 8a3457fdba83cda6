import ArgumentParser
import Foundation
import LocalizationFormats
import StringsCheckFix
import StringsCheckReports
import StringsCheckRules

/// `stringscheck fix`: applies the fix-its of the fixable rules, each file checked before it is
/// written, and reports what is left.
struct FixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Apply the safe repairs of the fixable rules to the files (see `stringscheck rules`: 'fix-it').",
        discussion: """
            A file is rewritten only when it parsed cleanly and what it loads on a device changes only where the repairs are; it keeps \
            its encoding, byte order mark, line endings, permissions and owner, a symbolic link is written through, and a file \
            changed during the run is left alone. Exit status: 0 when nothing at error level is left, 1 when errors remain (or, with \
            --check, when anything would change), 2 when a file could not be fixed or the fix could not run. --dry-run exits 0 \
            unless a file could not be fixed.
            """
    )

    @OptionGroup var rewrite: RewriteOptions

    @Flag(help: "Also make the repairs that change what a file delivers (removing a deprecated payload key older devices still read).")
    var unsafe = false

    @Flag(
        help: """
            Mark String Catalog translations a rule about a translation's own text finds a defect in (warnings and errors) \
            'needs_review' where they are 'translated', for a translator to see. The device shows them as before.
            """)
    var markReview = false

    func run() async throws {
        let frontend = try Frontend(options: rewrite.options, paths: rewrite.paths)
        let project = await frontend.load(jobs: rewrite.options.jobs)
        if frontend.reportNothingFound(project) { throw ExitCode(2) }
        var result = await RuleEngine.run(project: project, configuration: frontend.configuration, hashingTexts: false)
        if let selection = frontend.selection { result = selection.filter(result, project: project) }
        let fixable = Set(BuiltInRules.descriptions.filter { $0.fixIt != nil }.map(\.id))
        let findings = result.findings.filter { fixable.contains($0.diagnostic.id) }
        let (fixes, refused) = Fixer.fixes(for: findings, unsafe: unsafe, review: markReview ? result.findings : []) { path in
            guard case .success(let bytes) = FileBytes.read(path, maximumSize: frontend.configuration.maximumFileSize) else { return nil }
            return bytes
        }
        for refusal in refused { Console.error("\(refusal.path): not fixed: \(refusal.reason)") }
        let withheld = unsafe ? 0 : findings.reduce(0) { $0 + $1.diagnostic.fixIts.filter(\.unsafe).count }
        if withheld > 0 {
            Console.error(
                "\(withheld) repair\(withheld == 1 ? "" : "s") not made: \(withheld == 1 ? "it changes" : "they change") what a payload sends (`fix --unsafe` makes \(withheld == 1 ? "it" : "them"))"
            )
        }
        // A file reached by two paths (a symbolic link beside it) is fixed once, under its own name.
        var seen: Set<FileIdentity> = []
        let ownNamesFirst = fixes.filter { !Self.isLink($0.path) } + fixes.filter { Self.isLink($0.path) }
        let changed = ownNamesFirst.filter { fix in
            fix.fixed != fix.original && (FileIdentity(path: fix.path).map { seen.insert($0).inserted } ?? true)
        }
        if rewrite.dryRun {
            let diff = changed.map(\.diff).joined()
            try Console.write(diff, to: nil)
            Console.error(Self.summary(changed, verb: "would fix"))
            throw ExitCode(refused.isEmpty ? 0 : 2)
        }
        if rewrite.check {
            for fix in changed { Console.error("\(fix.path): would be \(Self.describe(fix.applied))") }
            Console.error(Self.summary(changed, verb: "would fix"))
            if !changed.isEmpty { throw ExitCode(1) }
            throw ExitCode(refused.isEmpty ? 0 : 2)
        }
        var written: [FileFix] = []
        for fix in changed {
            do throws(OutputError) {
                try OutputFile.rewrite(fix.path, from: fix.original, to: fix.fixed)
                written.append(fix)
                try? Console.write("\(fix.path): \(Self.describe(fix.applied))\n", to: nil)
            } catch {
                Console.error("\(fix.path): not fixed: \(error.message)")
            }
        }
        Console.error(Self.summary(written, verb: "fixed"))
        // What is left, read again from the files as they now are.
        let reread = await frontend.load(jobs: rewrite.options.jobs)
        let after = await RuleEngine.run(project: reread, configuration: frontend.configuration, hashingTexts: false)
        let selected = frontend.selection.map { $0.filter(after, project: project) } ?? after
        let errors = selected.findings.filter { $0.diagnostic.severity == .error }
        if !errors.isEmpty {
            Console.error(
                "\(errors.count) finding\(errors.count == 1 ? "" : "s") at error level \(errors.count == 1 ? "remains" : "remain") (`stringscheck check` lists them)"
            )
        }
        // A file that could not be fixed says more than what is left.
        if !refused.isEmpty || written.count < changed.count { throw ExitCode(2) }
        if !errors.isEmpty { throw ExitCode(1) }
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// What a file's edits do: the repairs by rule, and the translations marked for review.
    static func describe(_ edits: [TextEdit]) -> String {
        let repairs = edits.filter { $0.rule != ReviewMarker.rule }
        let marks = edits.count - repairs.count
        let rules = Dictionary(grouping: repairs, by: \.rule).sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count)" }
        var parts: [String] = []
        if !repairs.isEmpty { parts.append("fixed \(repairs.count) (\(rules.joined(separator: ", ")))") }
        if marks > 0 { parts.append("marked \(marks) translation unit\(marks == 1 ? "" : "s") needs_review") }
        return parts.joined(separator: "; ")
    }

    static func summary(_ fixes: [FileFix], verb: String) -> String {
        let edits = fixes.flatMap(\.applied)
        let marks = edits.filter { $0.rule == ReviewMarker.rule }.count
        let count = edits.count - marks
        var text = "\(verb) \(count) finding\(count == 1 ? "" : "s") in \(fixes.count) file\(fixes.count == 1 ? "" : "s")"
        if marks > 0 {
            text += "; \(verb == "fixed" ? "marked" : "would mark") \(marks) translation unit\(marks == 1 ? "" : "s") needs_review"
        }
        return text
    }
}
