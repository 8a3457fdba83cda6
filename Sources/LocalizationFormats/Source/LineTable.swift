import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps byte offsets in UTF-8 text to line and column.
///
/// Line starts are found once (CR, LF and CRLF each end a line, as CoreFoundation counts them),
/// and so is the column at every `checkpointStride`th byte of a longer line: a lookup is a binary
/// search plus a scalar count of at most that many bytes, so a file written on one line costs no
/// more per finding than one with short lines.
public struct LineTable: Sendable {
    /// Byte offset at which each line begins; `lineStarts[0] == 0`.
    public private(set) var lineStarts: [Int]
    private let text: [UInt8]
    /// In lines longer than `checkpointStride` bytes, the column at every `checkpointStride`th
    /// byte from the line's start, in text order.
    private var checkpoints: [Checkpoint] = []

    /// The most bytes a lookup counts.
    public static let checkpointStride = 512

    fileprivate struct Checkpoint: Sendable {
        var offset: Int
        var column: Int
    }

    public init(utf8 text: [UInt8]) {
        self.text = text
        var starts = [0]
        starts.reserveCapacity(text.count / 32 + 1)
        // Whether a line is longer than `checkpointStride` bytes: only such lines have
        // checkpoints, and most files have none (the pass that looks for them is then skipped).
        var hasLongLine = false
        text.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            guard let base = buffer.baseAddress else { return }
            // Without a CR anywhere, line starts are found with memchr, much faster than a loop;
            // a large file's two halves on two cores (the parse of a catalog waits for them).
            let hasCR = memchr(base, 0x0D, count) != nil
            if !hasCR, count >= Self.splitSize {
                (starts, hasLongLine) = Self.lineStartsInHalves(base, count)
                return
            }
            if !hasCR {
                var offset = 0
                while offset < count, let hit = memchr(base + offset, 0x0A, count - offset) {
                    let next = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    if next - offset > Self.checkpointStride { hasLongLine = true }
                    offset = next
                    starts.append(offset)
                }
                if count - offset > Self.checkpointStride { hasLongLine = true }
                return
            }
            hasLongLine = true
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
        if hasLongLine { checkpoints = Self.checkpoints(text, lineStarts: starts) }
    }

    /// The size from which a file without CR has its line starts found in two halves at once.
    static let splitSize = 4 << 20

    /// The line starts of `count` bytes without CR at `base`, found in two halves at once, and
    /// whether a line is longer than `checkpointStride` bytes.
    private static func lineStartsInHalves(_ base: UnsafePointer<UInt8>, _ count: Int) -> (starts: [Int], hasLongLine: Bool) {
        let middle = count / 2
        // Each half reads its own bytes and writes its own result.
        nonisolated(unsafe) let base = base
        // Per half: the starts after its line breaks, and whether two of them are far apart.
        var halves: [(starts: [Int], hasLongGap: Bool)] = [([], false), ([], false)]
        halves.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                let end = half == 0 ? middle : count
                var offset = half == 0 ? 0 : middle
                var found: [Int] = []
                found.reserveCapacity((end - offset) / 32)
                var hasLongGap = false
                while offset < end, let hit = memchr(base + offset, 0x0A, end - offset) {
                    let next = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    if let last = found.last, next - last > checkpointStride { hasLongGap = true }
                    found.append(next)
                    offset = next
                }
                results[half] = (found, hasLongGap)
            }
        }
        var starts = [0]
        starts.reserveCapacity(1 + halves[0].starts.count + halves[1].starts.count)
        starts += halves[0].starts
        // The lines the halves do not see whole: the first, the one across the middle, the last.
        let first = halves[0].starts.first ?? halves[1].starts.first ?? count
        let acrossEnd = halves[1].starts.first ?? count
        let acrossStart = halves[0].starts.last ?? 0
        starts += halves[1].starts
        let lastStart = starts[starts.count - 1]
        let hasLongLine =
            halves[0].hasLongGap || halves[1].hasLongGap || first > checkpointStride || acrossEnd - acrossStart > checkpointStride
            || count - lastStart > checkpointStride
        return (starts, hasLongLine)
    }

    private static func checkpoints(_ text: [UInt8], lineStarts: [Int]) -> [Checkpoint] {
        var result: [Checkpoint] = []
        for (line, start) in lineStarts.enumerated() {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : text.count
            guard end - start > checkpointStride else { continue }
            var column = 1
            var offset = start
            while offset + checkpointStride < end {
                column += scalarStarts(text, from: offset, to: offset + checkpointStride)
                offset += checkpointStride
                result.append(Checkpoint(offset: offset, column: column))
            }
        }
        return result
    }

    /// The number of bytes in `text[from..<to]` that start a scalar (are no UTF-8 continuation byte).
    static func scalarStarts(_ text: [UInt8], from: Int, to: Int) -> Int {
        text.withUnsafeBufferPointer { buffer in scalarStarts(buffer, from: from, to: to) }
    }

    /// The same for bytes read in place.
    static func scalarStarts(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        if let base = buffer.baseAddress {
            // Eight bytes at a time (see `continuationBytes`).
            let raw = UnsafeRawPointer(base)
            while index + 8 <= to {
                count += 8 - continuationBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            // The last few bytes: the word that ends at `to`, its bytes before `index` shifted
            // out (the zero bytes shifted in are no continuation bytes).
            let remaining = to - index
            if remaining > 0, to >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: to - 8, as: UInt64.self) >> UInt64(8 * (8 - remaining))
                return count + remaining - continuationBytes(word)
            }
        }
        while index < to {
            if buffer[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// How many of the eight bytes of `word` are UTF-8 continuation bytes (10xxxxxx: the high bit
    /// set and the next clear). Most words have none, and are answered without a population count
    /// (a loop of its own where the processor has no instruction for it).
    @inline(__always)
    private static func continuationBytes(_ word: UInt64) -> Int {
        let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
        return continuation == 0 ? 0 : continuation.nonzeroBitCount
    }

    /// The last known column at or before `column` on 1-based `line`.
    fileprivate func nearestCheckpoint(column: Int, line: Int) -> Checkpoint {
        let lineStart = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] : text.count
        // The line's checkpoints: offsets in (lineStart, lineEnd); columns grow with offsets.
        var low = firstCheckpoint(after: lineStart)
        var end = firstCheckpoint(after: lineEnd - 1)
        var best = Checkpoint(offset: lineStart, column: 1)
        while low < end {
            let mid = (low + end) / 2
            if checkpoints[mid].column <= column {
                best = checkpoints[mid]
                low = mid + 1
            } else {
                end = mid
            }
        }
        return best
    }

    /// The first offset at or after `offset` that starts a scalar. A checkpoint may fall inside
    /// a scalar; its column is the next scalar's, since it counts the scalars that start before it.
    fileprivate func scalarStart(atOrAfter offset: Int) -> Int {
        var index = offset
        while index < text.count, text[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }

    /// The index of the first checkpoint whose offset is greater than `offset`.
    private func firstCheckpoint(after offset: Int) -> Int {
        var low = 0
        var high = checkpoints.count
        while low < high {
            let mid = (low + high) / 2
            if checkpoints[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The nearest known column at or before `offset` on the line starting at `lineStart`.
    fileprivate func nearestColumn(before offset: Int, lineStart: Int) -> Checkpoint {
        let low = firstCheckpoint(after: offset)
        if low > 0, checkpoints[low - 1].offset >= lineStart { return checkpoints[low - 1] }
        return Checkpoint(offset: lineStart, column: 1)
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
        let known = nearestColumn(before: offset, lineStart: lineStarts[low])
        return SourcePosition(line: low + 1, column: known.column + Self.scalarStarts(text, from: known.offset, to: offset))
    }

    /// How many bytes `location(ofByte:)` counts to place `offset` (for tests that count the work).
    func bytesCounted(toLocate offset: Int) -> Int {
        let offset = max(0, min(offset, text.count))
        let line = location(ofByte: offset).line
        return offset - nearestColumn(before: offset, lineStart: lineStarts[line - 1]).offset
    }

    /// The text of a 1-based line without its line break, for source excerpts.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : text.count
        while end > start, text[end - 1] == 0x0A || text[end - 1] == 0x0D { end -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// The part of 1-based `line` around `column`, for source excerpts of very long lines: the
    /// whole line (without its break) when it has at most `whole` characters, else `width`
    /// characters around the column. Only the bytes shown (and at most `checkpointStride` before
    /// them) are read, so an excerpt per finding of a one-line file stays linear.
    public func window(line: Int, column: Int, whole: Int = 1_000, width: Int = 160) -> LineWindow? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : text.count
        while end > start, text[end - 1] == 0x0A || text[end - 1] == 0x0D { end -= 1 }
        // A UTF-8 scalar takes at most four bytes: a line of more than `4 × whole` bytes is long.
        if end - start <= 4 * whole, Self.scalarStarts(text, from: start, to: end) <= whole {
            return LineWindow(text: String(decoding: text[start..<end], as: UTF8.self), column: column, cutBefore: false, cutAfter: false)
        }
        let first = max(1, column - width / 2)
        let known = nearestCheckpoint(column: first, line: line)
        var index = scalarStart(atOrAfter: known.offset)
        var at = known.column
        func advance() {
            index += 1
            while index < end, text[index] & 0xC0 == 0x80 { index += 1 }
            at += 1
        }
        while at < first, index < end { advance() }
        let from = index
        while at < first + width, index < end { advance() }
        return LineWindow(
            text: String(decoding: text[from..<index], as: UTF8.self), column: column - first + 1, cutBefore: from > start,
            cutAfter: index < end)
    }

    /// A piece of a line shown under a finding.
    public struct LineWindow: Sendable, Hashable {
        public var text: String
        /// The finding's column within `text`.
        public var column: Int
        /// Whether the line goes on before or after the piece.
        public var cutBefore: Bool
        public var cutAfter: Bool
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
                let known = table.nearestCheckpoint(column: position.column, line: line)
                column = known.column
                index = table.scalarStart(atOrAfter: known.offset)
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
            // Read in place: a copy of the list retained and released it, at every lookup.
            table.lineStarts.withUnsafeBufferPointer { starts in
                guard line + 1 < starts.count, starts[line + 1] <= target else { return }
                // Jump to the target's line, then count from the nearest known column on it.
                var next = line + 1
                while next + 1 < starts.count, starts[next + 1] <= target { next += 1 }
                line = next
                lineStart = starts[line]
                // Most files have no line long enough to hold a checkpoint.
                guard !table.checkpoints.isEmpty else {
                    offset = lineStart
                    column = 1
                    return
                }
                let known = table.nearestColumn(before: target, lineStart: lineStart)
                offset = known.offset
                column = known.column
            }
            column += LineTable.scalarStarts(table.text, from: offset, to: target)
            offset = target
            return SourcePosition(line: line + 1, column: column)
        }
    }
}
