/// A `.strings` file cut into its entries and the text between them, byte for byte: what `fix`
/// removes an entry with, and what `format` lays out again. Read from the decoded UTF-8 text
/// with CoreFoundation's old-style grammar (quoted and unquoted strings, `//` and `/* */`
/// comments, `key;` shorthand, and nested `{}`, `()` and `<>` values, kept as written).
public struct StringsLayout: Sendable {
    /// One `key = value;` entry.
    public struct Entry: Sendable, Hashable {
        /// The key token as written (quotes included), and the value token (nil for `key;`).
        public var key: Range<Int>
        public var value: Range<Int>?
        /// From the key to just after the `;`.
        public var span: Range<Int>
        /// The comments right before the key (after the last blank line of the text before it),
        /// each as written; empty when there are none.
        public var comments: [Range<Int>]
        /// The text between the previous entry (or the start) and the key: white space and
        /// every comment, attached or not.
        public var leading: Range<Int>
        /// Whether a comment stands inside the entry (`"a" = /* note */ "b";`).
        public var hasInnerComment: Bool
    }

    public var entries: [Entry]
    /// Where the text after the last entry starts.
    public var end: Int
    /// Every comment outside the quoted strings, in order.
    public var allComments: [Range<Int>]

    /// Cuts `utf8`; nil when the text is not a plain `.strings` table (a syntax error, or an
    /// unterminated string or comment), which is left as it is.
    public init?(_ utf8: [UInt8]) {
        var scanner = Scanner(bytes: utf8)
        var entries: [Entry] = []
        while true {
            let triviaStart = scanner.index
            // A comment on the line the previous entry ends on is that entry's, not the next one's.
            guard let comments = scanner.skipTrivia(sameLineIsPrevious: triviaStart > 0) else { return nil }
            guard scanner.index < utf8.count else { break }
            guard let key = scanner.token() else { return nil }
            let beforeInner = scanner.comments.count
            guard scanner.skipTrivia() != nil else { return nil }
            var value: Range<Int>?
            if scanner.peek == UInt8(ascii: "=") {
                scanner.index += 1
                guard scanner.skipTrivia() != nil, let token = scanner.token() else { return nil }
                value = token
                guard scanner.skipTrivia() != nil else { return nil }
            }
            guard scanner.peek == UInt8(ascii: ";") else { return nil }
            scanner.index += 1
            entries.append(
                Entry(
                    key: key, value: value, span: key.lowerBound..<scanner.index, comments: comments,
                    leading: triviaStart..<key.lowerBound, hasInnerComment: scanner.comments.count > beforeInner))
        }
        self.entries = entries
        end = entries.last?.span.upperBound ?? 0
        allComments = scanner.comments
    }

    /// Where the comment starting at `start` ends, when one starts there: a `//` comment at its
    /// line's end, a `/* */` comment after its `*/` (or at the text's end, not `terminated`).
    static func commentEnd(in bytes: [UInt8], at start: Int) -> (offset: Int, terminated: Bool)? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/") else { return nil }
        var index = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return (index, true)
        case UInt8(ascii: "*"):
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
            return index + 1 < bytes.count ? (index + 2, true) : (bytes.count, false)
        default: return nil
        }
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Every comment skipped so far.
        var comments: [Range<Int>] = []

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Skips white space and comments; the comments after the last blank line (but one on the
        /// line the skipped text starts on, with `sameLineIsPrevious`), or nil at an unterminated
        /// comment.
        mutating func skipTrivia(sameLineIsPrevious: Bool = false) -> [Range<Int>]? {
            var comments: [Range<Int>] = []
            var newlines = 0
            var sawLineBreak = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0A || index + 1 >= bytes.count || bytes[index + 1] != 0x0A { newlines += 1 }
                    sawLineBreak = true
                    index += 1
                    continue
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C {
                    index += 1
                    continue
                }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    index += 3
                    continue
                }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count {
                    if newlines >= 2 { comments.removeAll() }
                    newlines = 0
                    let start = index
                    let isPrevious = sameLineIsPrevious && !sawLineBreak
                    if let end = StringsLayout.commentEnd(in: bytes, at: start) {
                        guard end.terminated else { return nil }
                        index = end.offset
                        if !isPrevious { comments.append(start..<index) }
                        self.comments.append(start..<index)
                        continue
                    }
                }
                break
            }
            if newlines >= 2 { comments.removeAll() }
            return comments
        }

        /// A quoted or unquoted string, or a nested value; nil at anything else.
        mutating func token() -> Range<Int>? {
            let start = index
            guard let first = peek else { return nil }
            switch first {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < bytes.count, bytes[index] != first {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
                guard skipNested() else { return nil }
            default:
                while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
                guard index > start else { return nil }
            }
            return start..<index
        }

        /// A `{…}`, `(…)` or `<…>` value with what nests in it.
        mutating func skipNested() -> Bool {
            var closers: [UInt8] = []
            repeat {
                guard index < bytes.count else { return false }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
                case UInt8(ascii: "("): closers.append(UInt8(ascii: ")"))
                case UInt8(ascii: "<"): closers.append(UInt8(ascii: ">"))
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: ">"):
                    guard closers.last == byte else { return false }
                    closers.removeLast()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard token() != nil else { return false }
                    continue
                case UInt8(ascii: "/"):
                    guard skipTrivia() != nil else { return false }
                    if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
                    continue
                default: break
                }
                index += 1
            } while !closers.isEmpty
            return true
        }

        static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}

extension StringsLayout {
    /// The bytes that removing `entry` takes out: its comments, itself, and the rest of its last
    /// line when nothing else stands there; from the start of its first line when only white
    /// space precedes it (when another entry shares the line, only the entry itself).
    public func removal(of entry: Entry, in utf8: [UInt8]) -> Range<Int> {
        var start = entry.comments.first?.lowerBound ?? entry.span.lowerBound
        var lineStart = start
        while lineStart > 0, utf8[lineStart - 1] == 0x20 || utf8[lineStart - 1] == 0x09 { lineStart -= 1 }
        if lineStart == 0 || utf8[lineStart - 1] == 0x0A || utf8[lineStart - 1] == 0x0D { start = lineStart }
        var end = entry.span.upperBound
        var lineEnd = end
        while lineEnd < utf8.count, utf8[lineEnd] == 0x20 || utf8[lineEnd] == 0x09 { lineEnd += 1 }
        if lineEnd == utf8.count {
            end = lineEnd
        } else if utf8[lineEnd] == 0x0A || utf8[lineEnd] == 0x0D {
            end = lineEnd + (utf8[lineEnd] == 0x0D && lineEnd + 1 < utf8.count && utf8[lineEnd + 1] == 0x0A ? 2 : 1)
        }
        return start..<end
    }
}
