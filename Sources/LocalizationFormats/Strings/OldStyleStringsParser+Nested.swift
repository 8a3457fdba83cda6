/// Nested `{…}`, `(…)` and `<…>` values, which `.strings` tables may hold but lookups cannot use.
extension OldStyleStringsParser {
    // MARK: Nested values

    /// Validates a nested `{…}`, `(…)` or `<…>` value as CoreFoundation would parse it.
    /// Returns its kind, or nil after reporting a fatal error.
    mutating func parseNestedObject(depth: Int) -> StringsValueKind? {
        if depth > StringsParser.maximumDepth {
            fatal(.nestedTooDeep(limit: StringsParser.maximumDepth), at: scanner.pos, kind: .nestingTooDeep)
            return nil
        }
        guard scanner.skipSpace() else {
            fatal(.stringsExpectedValue(found: nil), at: scanner.pos)
            return nil
        }
        let start = scanner.pos
        let c = bytes[start]
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard scanner.scanQuotedText() != nil else {
                fatalAlreadyReported(at: start)
                return nil
            }
            return .string
        case UInt8(ascii: "{"):
            scanner.pos += 1
            return parseNestedDictionary(depth: depth, start: start) ? .dictionary : nil
        case UInt8(ascii: "("):
            scanner.pos += 1
            return parseNestedArray(depth: depth, start: start) ? .array : nil
        case UInt8(ascii: "<"):
            scanner.pos += 1
            return parseData(start: start) ? .data : nil
        default:
            if OldStyleScanner.isUnquotedCharacter(c) {
                _ = scanner.scanUnquotedRange()
                return .string
            }
            fatal(.stringsExpectedValue(found: describeCharacter(at: start)), at: start)
            return nil
        }
    }

    private mutating func parseNestedDictionary(depth: Int, start: Int) -> Bool {
        while true {
            guard scanner.skipSpace() else {
                fatal(.stringsDictionaryNeverClosed, at: start)
                return false
            }
            let c = bytes[scanner.pos]
            if c == UInt8(ascii: "}") {
                scanner.pos += 1
                return true
            }
            let keyOffset = scanner.pos
            if OldStyleScanner.isQuote(c) {
                guard scanner.scanQuotedText() != nil else {
                    fatalAlreadyReported(at: keyOffset)
                    return false
                }
            } else if OldStyleScanner.isUnquotedCharacter(c) {
                _ = scanner.scanUnquotedRange()
            } else {
                fatal(.stringsExpectedNestedKey(found: describeCharacter(at: keyOffset)), at: keyOffset)
                return false
            }
            guard scanner.skipSpace() else {
                fatal(.stringsExpectedSeparatorAfterNestedKey(found: nil), at: scanner.pos)
                return false
            }
            if bytes[scanner.pos] == UInt8(ascii: "=") {
                scanner.pos += 1
                guard parseNestedObject(depth: depth + 1) != nil else { return false }
            } else if bytes[scanner.pos] != UInt8(ascii: ";") {
                fatal(.stringsExpectedSeparatorAfterNestedKey(found: describeCharacter(at: scanner.pos)), at: scanner.pos)
                return false
            }
            guard scanner.skipSpace(), bytes[scanner.pos] == UInt8(ascii: ";") else {
                fatal(.stringsExpectedSemicolonAfterEntry, at: scanner.pos)
                return false
            }
            scanner.pos += 1
        }
    }

    private mutating func parseNestedArray(depth: Int, start: Int) -> Bool {
        guard scanner.skipSpace() else {
            fatal(.stringsArrayNeverClosed, at: start)
            return false
        }
        if bytes[scanner.pos] == UInt8(ascii: ")") {
            scanner.pos += 1
            return true
        }
        while true {
            guard parseNestedObject(depth: depth + 1) != nil else { return false }
            guard scanner.skipSpace() else {
                fatal(.stringsArrayUnfinished, at: start)
                return false
            }
            let c = bytes[scanner.pos]
            scanner.pos += 1
            if c == UInt8(ascii: ")") { return true }
            if c != UInt8(ascii: ",") {
                fatal(.stringsExpectedArraySeparator(found: Self.describe(c)), at: scanner.pos - 1)
                return false
            }
            // CoreFoundation accepts a trailing comma before ')'.
            if scanner.skipSpace(), bytes[scanner.pos] == UInt8(ascii: ")") {
                scanner.pos += 1
                return true
            }
        }
    }

    private mutating func parseData(start: Int) -> Bool {
        while scanner.pos < bytes.count {
            let c = bytes[scanner.pos]
            if c == UInt8(ascii: ">") {
                scanner.pos += 1
                return true
            }
            if hexValue(c) != nil {
                guard scanner.pos + 1 < bytes.count, hexValue(bytes[scanner.pos + 1]) != nil else {
                    fatal(.stringsOddHexDigits, at: scanner.pos)
                    return false
                }
                scanner.pos += 2
            } else if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                scanner.pos += 1
            } else if scanner.isUnicodeSeparator(at: scanner.pos) {
                scanner.pos += 3
            } else {
                fatal(.stringsInvalidDataCharacter(found: describeCharacter(at: scanner.pos)), at: scanner.pos)
                return false
            }
        }
        fatal(.stringsDataNeverClosed, at: start)
        return false
    }
}
