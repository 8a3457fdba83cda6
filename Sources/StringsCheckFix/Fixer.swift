import LocalizationFormats
import StringsCheckRules

/// What `fix` does to one file: the fix-its it applies, and the bytes that result.
public struct FileFix: Sendable {
    public var path: String
    public var original: [UInt8]
    public var fixed: [UInt8]
    public var applied: [TextEdit]
    /// Fix-its left for the next run: they overlap one applied now.
    public var skipped: [TextEdit]
    /// The text before and after, UTF-8 whatever the file's encoding: what a diff shows.
    public var originalText: [UInt8]
    public var fixedText: [UInt8]

    /// The change as a unified diff of the texts.
    public var diff: String { UnifiedDiff.diff(originalText, fixedText, path: path) }
}

/// Turns the fix-its of a run's findings into edits of the files they name, and checks each
/// result before it is offered: the file must have parsed cleanly, and must parse after the
/// edit with what a device loads changed only where the edits are.
public enum Fixer {
    /// The files `findings` can fix, and the files that are left alone with the reason.
    /// `read` gives a file's bytes as they are now.
    public static func fixes(for findings: [Finding], read: (String) -> [UInt8]?) -> (fixes: [FileFix], refused: [EditRefusal]) {
        var byPath: [String: [(FixIt, String)]] = [:]
        for finding in findings {
            for fixIt in finding.diagnostic.fixIts { byPath[fixIt.path, default: []].append((fixIt, finding.diagnostic.id)) }
        }
        var fixes: [FileFix] = []
        var refused: [EditRefusal] = []
        for path in byPath.keys.sorted() {
            do throws(EditRefusal) {
                guard let bytes = read(path) else { throw EditRefusal(path: path, reason: "it cannot be read") }
                fixes.append(try fix(bytes: bytes, path: path, fixIts: byPath[path] ?? []))
            } catch {
                refused.append(error)
            }
        }
        return (fixes, refused)
    }

    /// One file's fix.
    static func fix(bytes: [UInt8], path: String, fixIts: [(FixIt, String)]) throws(EditRefusal) -> FileFix {
        let text = try EditableText(bytes: bytes, path: path)
        var edits: [TextEdit] = []
        let lines = text.lineStarts
        for (fixIt, rule) in fixIts {
            guard let start = text.offset(of: fixIt.start, lineStarts: lines), let end = text.offset(of: fixIt.end, lineStarts: lines),
                start <= end
            else {
                throw EditRefusal(
                    path: path, reason: "a fix-it of \(rule) points outside the file as it is now (it changed since it was read)")
            }
            edits.append(
                TextEdit(
                    range: start..<end, replacement: Array(fixIt.replacement.utf8), rule: rule, message: fixIt.message,
                    position: fixIt.start))
        }
        // Deleting a whole entry deletes its comment and its line with it.
        if edits.contains(where: { $0.replacement.isEmpty }), let layout = StringsLayout(text.utf8) {
            let spans = Dictionary(layout.entries.map { ($0.span, $0) }, uniquingKeysWith: { first, _ in first })
            for index in edits.indices where edits[index].replacement.isEmpty {
                if let entry = spans[edits[index].range] { edits[index].range = layout.removal(of: entry, in: text.utf8) }
            }
        }
        let (result, applied, skipped) = TextEdit.apply(edits, to: text.utf8)
        let fixed = text.encoded(result)
        try FixVerification.verify(before: bytes, after: fixed, path: path, edits: applied, text: text)
        return FileFix(
            path: path, original: bytes, fixed: fixed, applied: applied, skipped: skipped, originalText: text.utf8, fixedText: result)
    }
}
