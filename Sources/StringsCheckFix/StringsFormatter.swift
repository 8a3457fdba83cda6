import LocalizationFormats

/// `.strings` tables in one form: `"key" = "value";` with one space around `=`, one entry per
/// line, each comment on its own line before its entry (a comment after an entry on its line
/// stays there), at most one empty line between entries or comments where the file had any,
/// and the file's encoding, byte order mark, line endings and last line break kept. Keys and
/// values are kept as written (quotes and escapes), so what a device loads does not change.
public enum StringsFormatter {
    /// The order of the entries.
    public enum Order: String, Sendable, CaseIterable {
        /// As they are.
        case asIs = "as-is"
        /// As in the development language's table of the same name (keys it lacks after, as they are).
        case development
        /// By key (code point order).
        case key
    }

    /// The formatted bytes; refused when the file does not parse cleanly.
    /// `developmentKeys` gives the order for `.development`.
    /// `parsed` is the file's parse when the caller has it; `verify` (for a result that will be
    /// written) parses the result and refuses it unless it loads what the file loaded.
    public static func format(
        _ bytes: [UInt8], path: String, order: Order = .asIs, developmentKeys: [String] = [], parsed given: StringsFile? = nil,
        verify: Bool = true
    ) throws(EditRefusal) -> [UInt8] {
        let text = try EditableText(bytes: bytes, path: path)
        let parsed = given ?? StringsParser.parse(bytes: bytes, path: path)
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            throw EditRefusal(path: path, reason: "it does not parse cleanly (line \(error.location?.line ?? 0): \(error.message))")
        }
        guard parsed.loads, let layout = StringsLayout(text.utf8), layout.entries.count == parsed.entries.count else {
            throw EditRefusal(path: path, reason: "it is not a plain table")
        }
        let utf8 = text.utf8
        // A table with nothing in it stays as it is: emptied, a file Foundation read as an empty
        // table would be one it refuses.
        if layout.entries.isEmpty && Block.comments(in: utf8).isEmpty { return bytes }
        // The file's line break: its first one (`\r\n`, `\n` or a lone `\r`).
        let newline: [UInt8] =
            utf8.firstIndex { $0 == 0x0A || $0 == 0x0D }.map { index in
                utf8[index] == 0x0A ? [0x0A] : index + 1 < utf8.count && utf8[index + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
            } ?? [0x0A]
        var blocks = layout.entries.enumerated().map {
            Block(entry: $0.element, key: parsed.entries[$0.offset].key, utf8: utf8, isFirst: $0.offset == 0)
        }
        // A comment after an entry on its line stays with it.
        for index in blocks.indices.dropFirst() { blocks[index - 1].trailing = blocks[index].previousEntrysComment }
        // The text after the last entry: a comment on its line is the entry's; the rest follow.
        var tailComments = Block.comments(in: Array(utf8[layout.end...]))
        if !blocks.isEmpty, let first = tailComments.first, first.sameLine {
            blocks[blocks.count - 1].trailing = first.text
            tailComments.removeFirst()
        }
        // Comments before the first entry that are not attached to it (a file header) stay first.
        let header = blocks.first.map { $0.detached } ?? []
        if !blocks.isEmpty { blocks[0].detached = [] }
        switch order {
        case .asIs: break
        case .key:
            blocks = blocks.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
        case .development:
            let rank = Dictionary(developmentKeys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            blocks = blocks.enumerated().sorted {
                (rank[$0.element.key] ?? Int.max, $0.offset) < (rank[$1.element.key] ?? Int.max, $1.offset)
            }.map(\.element)
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        for (comment, blankAfter) in header {
            out += comment + newline
            if blankAfter { out += newline }
        }
        for (index, block) in blocks.enumerated() {
            // Sorted, blank lines between entries say nothing any more.
            if index > 0 && order == .asIs && block.blankBefore { out += newline }
            for (comment, blankAfter) in block.detached {
                out += comment + newline
                if blankAfter { out += newline }
            }
            for comment in block.comments { out += comment + newline }
            out += block.line
            if let trailing = block.trailing { out += [0x20] + trailing }
            if index + 1 < blocks.count { out += newline }
        }
        for (offset, item) in tailComments.enumerated() {
            if !out.isEmpty { out += newline }
            if item.blankBefore && (offset > 0 || !blocks.isEmpty) { out += newline }
            out += item.text
        }
        if utf8.last == 0x0A || utf8.last == 0x0D { out += newline }
        let formatted = text.encoded(out)
        guard verify, formatted != bytes else { return formatted }
        // What the device loads, and the comments, are what they were.
        let after = StringsParser.parse(bytes: formatted, path: path)
        let sameOrder = order != .asIs || after.entries.map(\.key) == parsed.entries.map(\.key)
        let same = after.loads && sameOrder && after.loadedTable == parsed.loadedTable
        // Every comment is still there, once.
        let afterText = (try? EditableText(bytes: formatted, path: path))?.utf8 ?? []
        guard same, let afterLayout = StringsLayout(afterText),
            Self.commentTexts(afterLayout, afterText) == Self.commentTexts(layout, utf8)
        else {
            throw EditRefusal(path: path, reason: "its formatted text would load differently; left as it is")
        }
        return formatted
    }

    /// The texts of a layout's comments (trailing white space aside), sorted.
    static func commentTexts(_ layout: StringsLayout, _ utf8: [UInt8]) -> [[UInt8]] {
        layout.allComments.map { range in
            var text = Array(utf8[range])
            while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
            return text
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// One entry with the comments before it.
    struct Block {
        var key: String
        /// Comments before the entry but separated from it by an empty line, each with whether an
        /// empty line follows it.
        var detached: [(text: [UInt8], blankAfter: Bool)]
        /// Whether an empty line stood before the block.
        var blankBefore: Bool
        var comments: [[UInt8]]
        var line: [UInt8]
        /// A comment after the previous entry on its line belongs to that entry; one here is the
        /// comment after this entry, set by the next block.
        var trailing: [UInt8]?

        /// A comment on the line the text before the key starts on: the previous entry's.
        var previousEntrysComment: [UInt8]?

        init(entry: StringsLayout.Entry, key: String, utf8: [UInt8], isFirst: Bool) {
            self.key = key
            var items = Self.comments(in: Array(utf8[entry.leading]))
            if !isFirst, let first = items.first, first.sameLine {
                previousEntrysComment = first.text
                items.removeFirst()
            }
            let attached = Set(entry.comments.map { $0.lowerBound - entry.leading.lowerBound })
            let blankBeforeKey = Self.blankBeforeKey(utf8, entry)
            var detached: [(text: [UInt8], blankAfter: Bool)] = []
            var comments: [[UInt8]] = []
            for (index, item) in items.enumerated() {
                if attached.contains(item.offset) {
                    comments.append(item.text)
                } else {
                    // An empty line follows it where one stood before what comes next.
                    detached.append((item.text, index + 1 < items.count ? items[index + 1].blankBefore : blankBeforeKey))
                }
            }
            self.detached = detached
            self.comments = comments
            blankBefore = items.first.map { $0.blankBefore } ?? blankBeforeKey
            // An entry with a comment inside it is kept as written.
            var line = Array(utf8[entry.hasInnerComment ? entry.span : entry.key])
            if !entry.hasInnerComment {
                if let value = entry.value { line += Array(" = ".utf8) + utf8[value] }
                line.append(UInt8(ascii: ";"))
            }
            self.line = line
        }

        static func blankBeforeKey(_ utf8: [UInt8], _ entry: StringsLayout.Entry) -> Bool {
            let start = entry.comments.last?.upperBound ?? entry.leading.lowerBound
            return newlines(in: utf8[start..<entry.key.lowerBound]) >= 2
        }

        static func newlines(in bytes: ArraySlice<UInt8>) -> Int {
            var count = 0
            var index = bytes.startIndex
            while index < bytes.endIndex {
                if bytes[index] == 0x0A {
                    count += 1
                } else if bytes[index] == 0x0D, index + 1 == bytes.endIndex || bytes[index + 1] != 0x0A {
                    count += 1
                }
                index += 1
            }
            return count
        }

        /// The comments of a stretch of trivia: where each starts, its text, whether an empty line
        /// stands before it, and whether it starts on the line the stretch starts on.
        static func comments(in trivia: [UInt8]) -> [(offset: Int, text: [UInt8], blankBefore: Bool, sameLine: Bool)] {
            var result: [(offset: Int, text: [UInt8], blankBefore: Bool, sameLine: Bool)] = []
            var index = 0
            var lineBreaks = 0
            var sawBreak = false
            while index < trivia.count {
                let byte = trivia[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0A || index + 1 >= trivia.count || trivia[index + 1] != 0x0A { lineBreaks += 1 }
                    sawBreak = true
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "/"), let end = StringsLayout.commentEnd(in: trivia, at: index) {
                    let start = index
                    index = end.offset
                    var text = Array(trivia[start..<index])
                    while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
                    result.append((start, text, lineBreaks >= 2, !sawBreak))
                    lineBreaks = 0
                    continue
                }
                index += 1
            }
            return result
        }
    }
}
