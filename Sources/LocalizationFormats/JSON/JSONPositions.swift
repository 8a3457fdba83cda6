#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The line table of a parsed text, made the first time it is asked for: a parse that counts its
/// own lines (`JSONPositions`) needs none unless something goes wrong or a place before the
/// current line is asked for, so a large catalog's parse starts without a pass over all of it.
/// Shared by the runs of one parse, and by the document they make.
final class LazyLineTable: Sendable {
    /// The text, a mapped file's kept mapped while the table may be asked for.
    private let text: FileContents
    private let made = LockedValue<LineTable?>(nil)
    /// Whether the parse counts its own lines: unless a CR may end one (CR, LF and CRLF each end
    /// a line, as CoreFoundation counts them), or a test has them found in the table.
    let countsLines: Bool

    init(_ text: FileContents, countingLines: Bool? = nil) {
        self.text = text
        countsLines =
            countingLines
            ?? text.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) == nil } ?? true }
    }

    var table: LineTable {
        made.withLock { made in
            if let made { return made }
            // A mapped text is copied out: a line table is made only for a problem's place or a
            // text with a CR.
            let table = LineTable(utf8: text.array)
            made = table
            return table
        }
    }
}

/// The line and column of the bytes a JSON parser meets, counted as it reads. In JSON a line break
/// stands only between tokens (a string holds none unescaped), where the parser skips blanks: it
/// tells the counter of each, and a place on the current line is its line start's column plus
/// the scalars counted from the last place asked for. A text with a CR, whose breaks CoreFoundation
/// counts in three ways, is placed by its line table instead (Xcode writes none).
struct JSONPositions: @unchecked Sendable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let lines: LazyLineTable
    /// The table's own cursor, for a text with a CR.
    private var tableCursor: LineTable.Cursor?
    /// The 0-based line the parser is on, and the offset it starts at.
    private var line = 0
    private var lineStart = 0
    /// The last place asked for on the line, and its column.
    private var offset = 0
    private var column = 1
    /// Whether every byte the parser has read on the line so far is ASCII (names, numbers and
    /// blanks are; the string reader says of each string): a place on such a line is its offset
    /// from the line's start, nothing counted.
    private var lineIsASCII = true

    /// The counter of a parse that starts at `start` (0, or a second run's start), its line and
    /// line start counted from the text's beginning, and whether the line's bytes before `start`
    /// are ASCII.
    init(bytes: UnsafeBufferPointer<UInt8>, lines: LazyLineTable, startingAt start: Int) {
        self.bytes = bytes
        self.lines = lines
        tableCursor = lines.countsLines ? nil : LineTable.Cursor(lines.table)
        guard lines.countsLines, start > 0, let base = bytes.baseAddress else { return }
        let end = min(start, bytes.count)
        line = Self.lineFeeds(UnsafeBufferPointer(start: base, count: end))
        var first = end
        while first > 0, bytes[first - 1] != 0x0A { first -= 1 }
        lineStart = first
        offset = first
        lineIsASCII = !WordScan.containsNonASCII(UnsafeBufferPointer(rebasing: bytes[first..<end]))
    }

    /// Notes a line feed just before `next`, the start of a new line.
    @inline(__always)
    mutating func lineBreak(before next: Int) {
        line &+= 1
        lineStart = next
        offset = next
        column = 1
        lineIsASCII = true
    }

    /// Notes that the parser has read a string that may hold bytes outside ASCII.
    @inline(__always)
    mutating func noteNonASCII() { lineIsASCII = false }

    /// The place of the byte at `target`, at or before the parser's position.
    mutating func location(ofByte target: Int) -> SourcePosition {
        if let place = tableCursor?.location(ofByte: target) { return place }
        // A place before the current line (a member's name whose colon or value is on a later
        // line) is the table's to find.
        guard target >= lineStart, target <= bytes.count else { return lines.table.location(ofByte: target) }
        if lineIsASCII {
            column = target &- lineStart &+ 1
        } else {
            if target < offset {
                offset = lineStart
                column = 1
            }
            column += LineTable.scalarStarts(bytes, from: offset, to: target)
        }
        offset = target
        return SourcePosition(line: line + 1, column: column)
    }

    /// How many line feeds `bytes` holds, eight bytes at a time: each byte's flag (1 for a line
    /// feed) is added up in its own byte of a sum, which is totalled every 255 words (no
    /// population count: a loop of its own where the processor has no instruction for it).
    static func lineFeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let words = bytes.count / 8
        var count = 0
        var word = 0
        while word < words {
            var sums: UInt64 = 0
            let end = min(words, word &+ 255)
            while word < end {
                sums &+= lineFeedFlags(raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self))
                word &+= 1
            }
            // The eight byte sums (each at most 255) added in pairs, then the four pairs (their
            // total, at most 2,040, fits the top sixteen bits).
            let pairs = (sums & 0x00FF_00FF_00FF_00FF) &+ ((sums >> 8) & 0x00FF_00FF_00FF_00FF)
            count &+= Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        for index in (words &* 8)..<bytes.count where bytes[index] == 0x0A { count &+= 1 }
        return count
    }

    /// 1 in each byte of `word` that is a line feed, 0 in the others. A byte of `x` is zero where
    /// the byte was a line feed; its high bit is then the one clear in `(x & 0x7F…) + 0x7F… | x`
    /// (no carry crosses a byte).
    @inline(__always)
    private static func lineFeedFlags(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
        return (~(((x & lows) &+ lows) | x) & ~lows) >> 7
    }
}
