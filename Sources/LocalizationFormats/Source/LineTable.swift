#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps byte offsets in UTF-8 text to line and column.
///
/// Line starts are found once (CR, LF and CRLF each end a line, as CoreFoundation counts them);
/// a lookup is a binary search plus a scalar count within one line, so converting every entry of a
/// large table stays linear overall.
public struct LineTable: Sendable {
    /// Byte offset at which each line begins; `lineStarts[0] == 0`.
    public private(set) var lineStarts: [Int]
    private let text: [UInt8]

    public init(utf8 text: [UInt8]) {
        self.text = text
        var starts = [0]
        starts.reserveCapacity(text.count / 32 + 1)
        text.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            guard let base = buffer.baseAddress else { return }
            // Without a CR anywhere, line starts are found with memchr, much faster than a loop.
            if memchr(base, 0x0D, count) == nil {
                var offset = 0
                while offset < count, let hit = memchr(base + offset, 0x0A, count - offset) {
                    offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(offset)
                }
                return
            }
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        self.lineStarts = starts
    }

    /// The number of lines, counting a final line without a line break.
    public var lineCount: Int { lineStarts.count }

    /// The location of the byte at `offset` (an offset equal to the text length is the end).
    public func location(ofByte offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, text.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        var column = 1
        text.withUnsafeBufferPointer { buffer in
            var index = start
            while index < offset {
                if buffer[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
        }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The text of a 1-based line without its line break, for source excerpts.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : text.count
        while end > start, text[end - 1] == 0x0A || text[end - 1] == 0x0D { end -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// The byte offset of a position (the inverse of `location(ofByte:)`); nil past the text.
    public func offset(of position: SourcePosition) -> Int? {
        var cursor = OffsetCursor(self)
        return cursor.offset(of: position)
    }

    /// Byte offsets of positions that mostly increase (the nodes of a JSON document, in order): each
    /// lookup counts only the characters since the previous one on the same line, where
    /// `offset(of:)` counts from the line's start (quadratic over a long one-line file).
    public struct OffsetCursor {
        let table: LineTable
        var line = 0
        var column = 1
        var index = 0

        public init(_ table: LineTable) { self.table = table }

        public mutating func offset(of position: SourcePosition) -> Int? {
            guard position.line >= 1, position.line <= table.lineStarts.count else { return nil }
            if position.line != line || position.column < column {
                line = position.line
                column = 1
                index = table.lineStarts[line - 1]
            }
            let text = table.text
            while column < position.column, index < text.count {
                index += 1
                while index < text.count, text[index] & 0xC0 == 0x80 { index += 1 }
                column += 1
            }
            return column == position.column ? index : nil
        }
    }

    /// The raw bytes, for callers that re-read a span they already located.
    public var bytes: [UInt8] { text }

    /// Positions for offsets that mostly increase (the entries of a file, in order): each lookup
    /// counts only the bytes since the previous one instead of searching and recounting the line.
    public struct Cursor {
        let table: LineTable
        var line = 0
        var lineStart = 0
        var offset = 0
        var column = 1

        public init(_ table: LineTable) { self.table = table }

        public mutating func location(ofByte target: Int) -> SourcePosition {
            let target = max(0, min(target, table.text.count))
            if target < offset {
                // Going back (rare): start over from a binary search.
                let position = table.location(ofByte: target)
                line = position.line - 1
                lineStart = table.lineStarts[line]
                offset = target
                column = position.column
                return position
            }
            let starts = table.lineStarts
            if line + 1 < starts.count, starts[line + 1] <= target {
                // Jump to the target's line, then count from its start.
                var next = line + 1
                while next + 1 < starts.count, starts[next + 1] <= target { next += 1 }
                line = next
                lineStart = starts[line]
                offset = lineStart
                column = 1
            }
            table.text.withUnsafeBufferPointer { buffer in
                var index = offset
                if let base = buffer.baseAddress {
                    // Eight bytes at a time: a column per byte that is not a UTF-8 continuation
                    // byte (10xxxxxx): high bit set and the next bit clear.
                    let raw = UnsafeRawPointer(base)
                    while index + 8 <= target {
                        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
                        column += 8 - continuation.nonzeroBitCount
                        index += 8
                    }
                }
                while index < target {
                    if buffer[index] & 0xC0 != 0x80 { column += 1 }
                    index += 1
                }
            }
            offset = target
            return SourcePosition(line: line + 1, column: column)
        }
    }
}
