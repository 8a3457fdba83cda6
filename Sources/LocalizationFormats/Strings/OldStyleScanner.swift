#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A diagnostic found while scanning, positioned by byte offset until the line table resolves it.
struct PendingDiagnostic {
    var kind: ParseDiagnosticKind
    var message: String
    var offset: Int
    var severity: Severity?
    var notes: [(message: ParseMessage, offset: Int)] = []
    /// The key of the entry it is about, if any.
    var key: String?
    /// A repair of the bytes `range` (offsets in the text) that `stringscheck fix` applies, and
    /// the text it replaces (nil for the removal of a whole entry).
    var fix: (range: Range<Int>, replacement: String, message: String, original: String?)?
}

/// Byte-level lexing of CoreFoundation's old-style property list syntax (`CFOldStylePList.c`).
///
/// Works on UTF-8 bytes. Every character class CoreFoundation tests is ASCII except U+2028 and
/// U+2029, which are matched as their three-byte sequences; multi-byte UTF-8 never contains ASCII
/// bytes, so quoted strings can be scanned bytewise.
struct OldStyleScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var diagnostics: [PendingDiagnostic] = []
    /// Offset of a `/*` that never closes; CoreFoundation skips silently from there to the end.
    var unterminatedCommentOffset: Int?
    /// Comment byte ranges (contents only) seen since the last call to `takeComments()`.
    var commentRanges: [Range<Int>] = []
    /// When set, diagnostics are not recorded (used while re-reading text CoreFoundation never sees).
    var quiet = false
    /// The key whose value is being read, named by the diagnostics about that value.
    var valueOfKey: String?
    /// Where escapes are decoded (`QuotedText.escaped`), kept between strings: one allocation per
    /// file, not per value.
    private(set) var escaped: [UInt8] = []
    /// How many diagnostics of each kind were reported; past the first few, only counted.
    var tally = DiagnosticKindTally()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { pos >= bytes.count }

    mutating func report(
        _ kind: ParseDiagnosticKind, _ message: ParseMessage, at offset: Int, severity: Severity? = nil, key: String? = nil,
        fix: (range: Range<Int>, replacement: String, message: String, original: String?)? = nil
    ) {
        guard !quiet, tally.admit(kind, key: key ?? valueOfKey) else { return }
        diagnostics.append(
            PendingDiagnostic(kind: kind, message: message.text, offset: offset, severity: severity, key: key ?? valueOfKey, fix: fix))
    }

    @inline(__always)
    static func isUnquotedCharacter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// `"` or `'`, which open a quoted string.
    @inline(__always)
    static func isQuote(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
    }

    /// U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR at `index`.
    @inline(__always)
    func isUnicodeSeparator(at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    /// `advanceToNonSpace`: skips whitespace and comments; false at the end of the text.
    @inline(__always)
    mutating func skipSpace() -> Bool {
        // The usual gap between tokens is nothing, one space or one newline, followed by a quote,
        // '=' or ';': decided here, inline, four times an entry, without the general loop's call.
        var index = pos
        let count = bytes.count
        if index < count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
        if index < count {
            let c = bytes[index]
            if c > 0x20, c < 0x80, c != UInt8(ascii: "/") {
                pos = index
                return true
            }
        }
        return skipSpaceAndComments()
    }

    /// The general case of `skipSpace()`.
    private mutating func skipSpaceAndComments() -> Bool {
        let count = bytes.count
        while pos < count {
            let c = bytes[pos]
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                pos += 1
                continue
            }
            if c == 0xE2, isUnicodeSeparator(at: pos) {
                pos += 3
                continue
            }
            if c == UInt8(ascii: "/"), pos + 1 < count {
                let next = bytes[pos + 1]
                if next == UInt8(ascii: "/") {
                    let start = pos + 2
                    pos = start
                    while pos < count {
                        let d = bytes[pos]
                        if d == 0x0A || d == 0x0D || (d == 0xE2 && isUnicodeSeparator(at: pos)) { break }
                        pos += 1
                    }
                    commentRanges.append(start..<pos)
                    continue
                }
                if next == UInt8(ascii: "*") {
                    let opening = pos
                    let start = pos + 2
                    pos = start
                    var closed = false
                    // From star to star with memchr: Xcode writes a long comment before every entry.
                    while pos + 1 < count, let base = bytes.baseAddress,
                        let star = memchr(base + pos, Int32(UInt8(ascii: "*")), count - 1 - pos)
                    {
                        pos = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
                        if bytes[pos + 1] == UInt8(ascii: "/") {
                            closed = true
                            break
                        }
                        pos += 1
                    }
                    if closed {
                        commentRanges.append(start..<pos)
                        pos += 2
                        continue
                    }
                    pos = count
                    if unterminatedCommentOffset == nil { unterminatedCommentOffset = opening }
                    return false
                }
            }
            return true
        }
        return false
    }

    /// The text of the comments seen since the last call, trimmed and joined by newlines,
    /// appended to `text`; its range there, or nil when there is none.
    mutating func takeComments(appendingTo text: inout [UInt8]) -> Range<Int>? {
        guard !commentRanges.isEmpty else { return nil }
        defer { commentRanges.removeAll(keepingCapacity: true) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let start = text.count
        var any = false
        for range in commentRanges {
            var first = range.lowerBound
            var end = range.upperBound
            while first < end, isSpace(bytes[first]) { first += 1 }
            while end > first, isSpace(bytes[end - 1]) { end -= 1 }
            guard first < end else { continue }
            if any { text.append(0x0A) }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<end]))
            any = true
        }
        return any ? start..<text.count : nil
    }

    /// Moves to the start of the line after `offset` (error recovery: one entry per line is the norm).
    mutating func skipToNextLine(after offset: Int) {
        var index = offset
        let count = bytes.count
        while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if index < count, bytes[index] == 0x0D { index += 1 }
        if index < count, bytes[index] == 0x0A { index += 1 }
        pos = max(index, pos)
        commentRanges.removeAll(keepingCapacity: true)
    }

    /// `parseUnquotedPlistString`: `pos` is at a valid unquoted character.
    mutating func scanUnquoted() -> String {
        let range = scanUnquotedRange()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The same, where the word stands.
    mutating func scanUnquotedRange() -> Range<Int> {
        let start = pos
        while pos < bytes.count, Self.isUnquotedCharacter(bytes[pos]) { pos += 1 }
        return start..<pos
    }

    /// What `scanQuotedText` read.
    enum QuotedText {
        /// Written without escapes: the text is this range of the bytes.
        case verbatim(Range<Int>, isASCII: Bool)
        /// Decoded into `escaped`.
        case escaped
    }

    /// `parseQuotedPlistString`: `pos` is at the opening quote. Returns nil after reporting an
    /// unterminated string or backslash sequence (CoreFoundation then rejects the file).
    mutating func scanQuoted() -> String? {
        switch scanQuotedText() {
        case nil: nil
        case .verbatim(let range, let isASCII): Self.string(validUTF8: UnsafeBufferPointer(rebasing: bytes[range]), isASCII: isASCII)
        case .escaped: escaped.withUnsafeBufferPointer { Self.string(validUTF8: $0) }
        }
    }

    /// The same, the string's UTF-8 appended to `text`; its range there.
    mutating func scanQuoted(appendingTo text: inout [UInt8]) -> Range<Int>? {
        guard let quoted = scanQuotedText() else { return nil }
        let start = text.count
        switch quoted {
        case .verbatim(let range, _): text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        case .escaped: text.append(contentsOf: escaped)
        }
        return start..<text.count
    }

    /// The same, without making the string.
    mutating func scanQuotedText() -> QuotedText? {
        let opening = pos
        let quote = bytes[pos]
        pos += 1
        let start = pos
        let count = bytes.count
        let scan = WordScan.skipPlain(bytes, from: pos, quote: quote, controls: false)
        pos = scan.position
        var highBits = scan.highBits
        while pos < count {
            let c = bytes[pos]
            if c == quote {
                let text = QuotedText.verbatim(start..<pos, isASCII: WordScan.isASCII(highBits))
                pos += 1
                return text
            }
            if c == UInt8(ascii: "\\") { return scanQuotedWithEscapes(opening: opening, start: start) ? .escaped : nil }
            highBits |= UInt64(c)
            pos += 1
        }
        report(.stringsSyntaxError, .stringsUnterminatedString(quote: quote), at: opening)
        return nil
    }

    /// A string from a slice of the decoded text. The decoder hands over valid UTF-8 (it repairs
    /// what is not), and a slice between ASCII delimiters stays valid, so the standard library's
    /// second validation is skipped where it can be: a non-ASCII translation is read much faster.
    @inline(__always)
    static func string(validUTF8 slice: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        assert(TextDecoder.firstInvalidUTF8(slice) == slice.count, "the decoder let invalid UTF-8 through")
        assert(isASCII == slice.allSatisfy { $0 < 0x80 }, "the scanner misjudged whether the text is ASCII")
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: unsafe UTF8Span(unchecked: slice.span, isKnownASCII: isASCII))
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The same for a slice whose ASCII-ness is not known yet (comments, unescaped values).
    static func string(validUTF8 slice: UnsafeBufferPointer<UInt8>) -> String {
        var highBits: UInt64 = 0
        var index = 0
        if let base = slice.baseAddress {
            while index + 8 <= slice.count {
                highBits |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                index += 8
            }
        }
        while index < slice.count {
            highBits |= UInt64(slice[index])
            index += 1
        }
        return string(validUTF8: slice, isASCII: WordScan.isASCII(highBits))
    }

    /// The slow path once a backslash is seen: decode escapes into UTF-16 units as `getSlashedChar`
    /// does, pairing surrogates, and append them as UTF-8.
    /// Returns false after reporting an error; the text is in `escaped` otherwise.
    private mutating func scanQuotedWithEscapes(opening: Int, start: Int) -> Bool {
        let quote = bytes[opening]
        // Taken, not copied, and handed back on every exit.
        var out = escaped
        escaped = []
        out.removeAll(keepingCapacity: true)
        defer { escaped = out }
        out.reserveCapacity(pos - start + 32)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<pos]))
        var pendingHigh: (unit: UInt16, offset: Int)?
        let count = bytes.count

        func flushPendingHigh(_ scanner: inout OldStyleScanner, _ out: inout [UInt8]) {
            if let high = pendingHigh {
                scanner.report(.loneSurrogate, .unpairedHighSurrogateEscape(unit: high.unit), at: high.offset)
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                pendingHigh = nil
            }
        }

        while pos < count {
            let c = bytes[pos]
            if c == quote {
                flushPendingHigh(&self, &out)
                pos += 1
                return true
            }
            guard c == UInt8(ascii: "\\") else {
                flushPendingHigh(&self, &out)
                out.append(c)
                pos += 1
                continue
            }
            let escapeOffset = pos
            pos += 1
            guard pos < count else {
                report(.stringsSyntaxError, .stringsBackslashAtEnd, at: escapeOffset)
                return false
            }
            let e = bytes[pos]
            pos += 1
            var unit: UInt16?
            switch e {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits, accumulated in 8 bits as CoreFoundation does (\777 wraps).
                var number = UInt8(e - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, pos < count, bytes[pos] >= UInt8(ascii: "0"), bytes[pos] <= UInt8(ascii: "7") {
                    number = (number &<< 3) &+ (bytes[pos] - UInt8(ascii: "0"))
                    pos += 1
                    digits += 1
                }
                unit = NeXTSTEPLatin.unit(for: number)
            case UInt8(ascii: "U"):
                var number: UInt16 = 0
                var digits = 0
                while digits < 4, pos < count, let digit = hexValue(bytes[pos]) {
                    number = number << 4 | UInt16(digit)
                    pos += 1
                    digits += 1
                }
                unit = number
            case UInt8(ascii: "a"): unit = 0x07
            case UInt8(ascii: "b"): unit = 0x08
            case UInt8(ascii: "f"): unit = 0x0C
            case UInt8(ascii: "n"): unit = 0x0A
            case UInt8(ascii: "r"): unit = 0x0D
            case UInt8(ascii: "t"): unit = 0x09
            case UInt8(ascii: "v"): unit = 0x0B
            default:
                if e == UInt8(ascii: "u") {
                    let hexDigits = (0..<4).allSatisfy { pos + $0 < count && hexValue(bytes[pos + $0]) != nil }
                    if hexDigits {
                        report(
                            .stringsLowercaseUEscape, .stringsLowercaseUEscape, at: escapeOffset,
                            fix: (escapeOffset..<(escapeOffset + 2), "\\U", ParseMessage.writeUpperCaseU.text, "\\u"))
                    } else {
                        report(.stringsUnknownEscape, .stringsUnknownEscape(character: e), at: escapeOffset)
                    }
                } else if (e >= UInt8(ascii: "A") && e <= UInt8(ascii: "Z")) || (e >= UInt8(ascii: "a") && e <= UInt8(ascii: "z"))
                    || e == UInt8(ascii: "8") || e == UInt8(ascii: "9")
                {
                    report(.stringsUnknownEscape, .stringsUnknownEscape(character: e), at: escapeOffset)
                }
                // Any other character stands for itself; copy a whole UTF-8 sequence.
                flushPendingHigh(&self, &out)
                out.append(e)
                if e >= 0xC0 {
                    while pos < count, bytes[pos] & 0xC0 == 0x80 {
                        out.append(bytes[pos])
                        pos += 1
                    }
                }
                continue
            }
            guard let value = unit else { continue }
            if value >= 0xDC00, value <= 0xDFFF, let high = pendingHigh {
                let scalar = 0x10000 + (UInt32(high.unit - 0xD800) << 10) + UInt32(value - 0xDC00)
                TextDecoder.appendScalar(scalar, to: &out)
                pendingHigh = nil
            } else if value >= 0xD800, value <= 0xDBFF {
                flushPendingHigh(&self, &out)
                pendingHigh = (value, escapeOffset)
            } else if value >= 0xDC00, value <= 0xDFFF {
                flushPendingHigh(&self, &out)
                report(.loneSurrogate, .unpairedLowSurrogateEscape(unit: value), at: escapeOffset)
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                flushPendingHigh(&self, &out)
                TextDecoder.appendScalar(UInt32(value), to: &out)
            }
        }
        report(.stringsSyntaxError, .stringsUnterminatedString(quote: quote), at: opening)
        return false
    }
}

@inline(__always)
func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
}

func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension String {
    /// Trims ASCII whitespace without Foundation.
    func trimmingASCIIWhitespace() -> String {
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(self[start..<end])
    }
}
