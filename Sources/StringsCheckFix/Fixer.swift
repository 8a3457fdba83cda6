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
    /// `read` gives a file's bytes as they are now. Fix-its that change what a file delivers are
    /// applied only when `unsafe`; the catalog translations the findings of `review` find a
    /// defect in are marked `needs_review` (see ``ReviewMarker``).
    public static func fixes(
        for findings: [Finding], unsafe: Bool = false, review: [Finding] = [], read: (String) -> [UInt8]?
    ) -> (fixes: [FileFix], refused: [EditRefusal]) {
        var byPath: [String: [(FixIt, String)]] = [:]
        for finding in findings {
            for fixIt in finding.diagnostic.fixIts where unsafe || !fixIt.unsafe {
                byPath[fixIt.path, default: []].append((fixIt, finding.diagnostic.id))
            }
        }
        var refused: [EditRefusal] = []
        if !review.isEmpty {
            let (marks, unreadable) = ReviewMarker.fixIts(for: review, read: read)
            for (fixIt, rule) in marks { byPath[fixIt.path, default: []].append((fixIt, rule)) }
            refused += unreadable
        }
        var fixes: [FileFix] = []
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

    /// One file's fix. A repair of CoreFoundation's grammar goes first, on its own: the other
    /// repairs are checked against the file as it then loads. The ranges of `applied` and
    /// `skipped` are then in two texts (the grammar's in the original, the rest in the repaired
    /// one); they are reported by rule and count, never applied again.
    static func fix(bytes: [UInt8], path: String, fixIts: [(FixIt, String)]) throws(EditRefusal) -> FileFix {
        let text = try EditableText(bytes: bytes, path: path)
        let edits = try self.edits(of: fixIts, in: text, path: path)
        let grammar = edits.filter { FixVerification.grammarRules.contains($0.rule) }
        guard !grammar.isEmpty, grammar.count < edits.count else { return try round(edits, text: text, bytes: bytes, path: path) }
        let first = try round(grammar, text: text, bytes: bytes, path: path)
        var rest: [TextEdit] = []
        var skipped = first.skipped
        for var edit in edits where !FixVerification.grammarRules.contains(edit.rule) {
            if let moved = moved(edit.range, by: first.applied) {
                edit.range = moved
                rest.append(edit)
            } else {
                skipped.append(edit)
            }
        }
        let repaired = try EditableText(bytes: first.fixed, path: path)
        let second = try round(rest, text: repaired, bytes: first.fixed, path: path)
        return FileFix(
            path: path, original: bytes, fixed: second.fixed, applied: first.applied + second.applied, skipped: skipped + second.skipped,
            originalText: text.utf8, fixedText: second.fixedText)
    }

    /// The fix-its as edits of the text, each checked to find what it replaces.
    static func edits(of fixIts: [(FixIt, String)], in text: EditableText, path: String) throws(EditRefusal) -> [TextEdit] {
        var edits: [TextEdit] = []
        // In the order of the text, so positions are counted on, not from each line's start.
        let ordered = fixIts.sorted { ($0.0.start.line, $0.0.start.column) < ($1.0.start.line, $1.0.start.column) }
        var starts = EditableText.OffsetCursor(text)
        var ends = EditableText.OffsetCursor(text)
        for (fixIt, rule) in ordered {
            guard let start = starts.offset(of: fixIt.start), let end = ends.offset(of: fixIt.end), start <= end else {
                throw EditRefusal(
                    path: path, reason: "a fix-it of \(rule) points outside the file as it is now (it changed since it was read)")
            }
            // The fix-it names the text it replaces: anything else there, and the file is not what was checked.
            if let original = fixIt.original, !text.utf8[start..<end].elementsEqual(original.utf8) {
                throw EditRefusal(
                    path: path, reason: "a fix-it of \(rule) does not find the text it replaces (the file changed since it was read)")
            }
            edits.append(
                TextEdit(
                    range: start..<end, replacement: Array(fixIt.replacement.utf8), rule: rule, message: fixIt.message,
                    position: fixIt.start, removesEntry: fixIt.original == nil && fixIt.replacement.isEmpty))
        }
        return edits
    }

    /// Where `range` stands after `edits`, or nil when one of them changed it.
    static func moved(_ range: Range<Int>, by edits: [TextEdit]) -> Range<Int>? {
        var shift = 0
        for edit in edits {
            let delta = edit.replacement.count - edit.range.count
            if edit.range.upperBound <= range.lowerBound && (edit.range.lowerBound < range.lowerBound || edit.range.isEmpty) {
                shift += delta
            } else if edit.range.lowerBound >= range.upperBound {
                continue
            } else {
                return nil
            }
        }
        return (range.lowerBound + shift)..<(range.upperBound + shift)
    }

    /// Applies `edits` to one text, and checks the result.
    static func round(_ edits: [TextEdit], text: EditableText, bytes: [UInt8], path: String) throws(EditRefusal) -> FileFix {
        var edits = edits
        // Deleting a whole entry deletes its line with it, and its comment where the definition that
        // stays has the same one (otherwise the entry alone goes, and its comment stays).
        if edits.contains(where: \.removesEntry) {
            guard let layout = StringsLayout(text.utf8) else {
                throw EditRefusal(path: path, reason: "it is not a plain table, so no entry of it is removed")
            }
            let spans = Dictionary(
                layout.entries.enumerated().map { ($0.element.span, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let utf8 = text.utf8
            for index in edits.indices where edits[index].removesEntry {
                guard let position = spans[edits[index].range] else {
                    throw EditRefusal(
                        path: path,
                        reason: "a fix-it of \(edits[index].rule) does not find the entry it removes (the file changed since it was read)")
                }
                var entry = layout.entries[position]
                let comments = { (entry: StringsLayout.Entry) in entry.comments.map { Array(utf8[$0]) } }
                let kept = layout.entries[(position + 1)...].last { utf8[$0.key] == utf8[entry.key] }
                if let kept, comments(kept) != comments(entry) { entry.comments = [] }
                edits[index].range = layout.removal(of: entry, in: utf8)
            }
        }
        let (result, applied, skipped) = TextEdit.apply(edits, to: text.utf8)
        let fixed = text.encoded(result)
        try FixVerification.verify(before: bytes, after: fixed, path: path, edits: applied, text: text)
        try FixVerification.verifyComments(before: text.utf8, after: result, edits: applied, path: path)
        return FileFix(
            path: path, original: bytes, fixed: fixed, applied: applied, skipped: skipped, originalText: text.utf8, fixedText: result)
    }
}
