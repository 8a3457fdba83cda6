import LocalizationFormats

/// Why a file is left as it is.
public struct EditRefusal: Error, Sendable, Hashable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// A text file as `fix` and `format` edit it: its bytes decoded to UTF-8 the way the parsers read
/// them, positions (line, column in Unicode scalars) turned into offsets, and the result encoded
/// back the way the file was stored (its encoding and byte order mark), so that nothing but the
/// edit changes.
public struct EditableText: Sendable {
    public let path: String
    /// The bytes as read.
    public let original: [UInt8]
    public let encoding: TextEncoding
    /// The text, UTF-8, without a byte order mark.
    public let utf8: [UInt8]

    /// Decodes `bytes`; refuses a file that does not decode cleanly (it would not come back the
    /// same), a binary property list, and UTF-16 without a byte order mark (which CoreFoundation
    /// misreads, so no edit could be checked against what the device reads).
    public init(bytes: [UInt8], path: String) throws(EditRefusal) {
        let decoded = TextDecoder.decode(bytes)
        switch decoded.encoding {
        case .binaryPropertyList:
            throw EditRefusal(path: path, reason: "it is a binary property list, not text")
        case .utf16LE, .utf16BE:
            throw EditRefusal(path: path, reason: "it is UTF-16 without a byte order mark, which CoreFoundation misreads")
        default: break
        }
        guard decoded.problemCount == 0 else {
            throw EditRefusal(path: path, reason: "it has bytes that are not valid \(decoded.encoding.rawValue) text")
        }
        self.path = path
        original = bytes
        encoding = decoded.encoding
        utf8 = decoded.utf8
        guard encoded(utf8) == bytes else {
            throw EditRefusal(path: path, reason: "its text does not encode back to the same bytes")
        }
    }

    static func lineStarts(_ utf8: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < utf8.count, utf8[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    /// Offsets in `utf8` where each line starts (after `\n`, `\r\n` or a lone `\r`), for `offset`.
    public var lineStarts: [Int] { Self.lineStarts(utf8) }

    /// The offset in `utf8` of a 1-based line and column (columns count Unicode scalars); nil
    /// past the line's end or the text's. `lineStarts` is the text's, computed once by the caller.
    public func offset(of position: SourcePosition, lineStarts: [Int]) -> Int? {
        var cursor = OffsetCursor(self, lineStarts: lineStarts)
        return cursor.offset(of: position)
    }

    /// `offset(of:lineStarts:)` for positions asked in the order of the text: each counts on from
    /// the last one on its line, so a one-line file of thousands of positions is read once.
    public struct OffsetCursor {
        let text: EditableText
        let lineStarts: [Int]
        var line = 0
        var column = 1
        var offset = 0

        public init(_ text: EditableText, lineStarts: [Int]? = nil) {
            self.text = text
            self.lineStarts = lineStarts ?? text.lineStarts
        }

        public mutating func offset(of position: SourcePosition) -> Int? {
            guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
            if position.line != line || position.column < column {
                line = position.line
                column = 1
                offset = lineStarts[line - 1]
            }
            let end = line < lineStarts.count ? lineStarts[line] : text.utf8.count
            while column < position.column {
                guard offset < end else { return nil }
                offset += EditableText.scalarLength(text.utf8[offset])
                column += 1
            }
            return offset <= end ? offset : nil
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts.
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }

    /// `utf8` (this text or an edited one) in the file's own encoding, byte order mark included.
    public func encoded(_ utf8: [UInt8]) -> [UInt8] {
        switch encoding {
        case .utf8, .binaryPropertyList: return utf8
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + utf8
        case .utf16LEBOM, .utf16LE: return Self.utf16(utf8, littleEndian: true, bom: encoding == .utf16LEBOM)
        case .utf16BEBOM, .utf16BE: return Self.utf16(utf8, littleEndian: false, bom: encoding == .utf16BEBOM)
        case .utf32LEBOM: return Self.utf32(utf8, littleEndian: true)
        case .utf32BEBOM: return Self.utf32(utf8, littleEndian: false)
        }
    }

    // Written into room made once (at most two UTF-16 units, or one UTF-32 scalar, per UTF-8
    // byte, plus the byte order mark): a two- or four-byte array made and appended for each unit
    // was most of the time `format --check` spent on a UTF-16 table.
    private static func utf16(_ utf8: [UInt8], littleEndian: Bool, bom: Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 2 * utf8.count + 2) { buffer, count in
            var n = 0
            func put(_ unit: UInt16) {
                let (low, high) = (UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8))
                (buffer[n], buffer[n + 1]) = littleEndian ? (low, high) : (high, low)
                n += 2
            }
            if bom { put(0xFEFF) }
            for unit in String(decoding: utf8, as: UTF8.self).utf16 { put(unit) }
            count = n
        }
    }

    private static func utf32(_ utf8: [UInt8], littleEndian: Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 4 * utf8.count + 4) { buffer, count in
            var n = 0
            func put(_ value: UInt32) {
                for byte in 0..<4 { buffer[n + (littleEndian ? byte : 3 - byte)] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
                n += 4
            }
            put(0xFEFF)
            for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars { put(scalar.value) }
            count = n
        }
    }
}

/// One replacement in a text: a range of its UTF-8 bytes and what takes their place.
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: [UInt8]
    /// The rule whose fix-it this is, and what it does.
    public var rule: String
    public var message: String
    /// Where it starts, for the report.
    public var position: SourcePosition
    /// Whether it removes a whole `.strings` entry (with its line, and its comment when that goes too).
    public var removesEntry: Bool

    public init(
        range: Range<Int>, replacement: [UInt8], rule: String, message: String, position: SourcePosition, removesEntry: Bool = false
    ) {
        self.range = range
        self.replacement = replacement
        self.rule = rule
        self.message = message
        self.position = position
        self.removesEntry = removesEntry
    }

    /// `utf8` with `edits` applied: in order of place, an edit that overlaps one already taken
    /// left out (it is reported by the next run, on the text as it then is).
    public static func apply(_ edits: [TextEdit], to utf8: [UInt8]) -> (text: [UInt8], applied: [TextEdit], skipped: [TextEdit]) {
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var applied: [TextEdit] = []
        var skipped: [TextEdit] = []
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var cursor = 0
        for edit in sorted {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= utf8.count,
                !applied.contains(where: { $0.range == edit.range && $0.replacement == edit.replacement })
            else {
                if !applied.contains(edit) { skipped.append(edit) }
                continue
            }
            result += utf8[cursor..<edit.range.lowerBound]
            result += edit.replacement
            cursor = edit.range.upperBound
            applied.append(edit)
        }
        result += utf8[cursor...]
        return (result, applied, skipped)
    }
}
