/// Nested `{…}`, `(…)` and `<…>` values, which `.strings` tables may hold but lookups cannot use.
extension OldStyleStringsParser {
    // MARK: Nested values

    /// Validates a nested `{…}`, `(…)` or `<…>` value as CoreFoundation would parse it.
    /// Returns its kind, or nil after reporting a fatal error.
    mutating func parseNestedObject(depth: Int) -> StringsValueKind? {
        if depth > StringsParser.maximumDepth {
            fatal("arrays and dictionaries are nested more than \(StringsParser.maximumDepth) deep", at: scanner.pos, kind: .nestingTooDeep)
            return nil
        }
        guard scanner.skipSpace() else {
            fatal("expected a value, found the end of the file", at: scanner.pos)
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
            fatal("expected a value, found \(describeCharacter(at: start))", at: start)
            return nil
        }
    }

    private mutating func parseNestedDictionary(depth: Int, start: Int) -> Bool {
        while true {
            guard scanner.skipSpace() else {
                fatal("expected '}' to close the dictionary opened here", at: start)
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
                fatal("expected a key or '}' in the dictionary, found \(describeCharacter(at: keyOffset))", at: keyOffset)
                return false
            }
            guard scanner.skipSpace() else {
                fatal("expected '=' or ';' after a key, found the end of the file", at: scanner.pos)
                return false
            }
            if bytes[scanner.pos] == UInt8(ascii: "=") {
                scanner.pos += 1
                guard parseNestedObject(depth: depth + 1) != nil else { return false }
            } else if bytes[scanner.pos] != UInt8(ascii: ";") {
                fatal("expected '=' or ';' after a key, found \(describeCharacter(at: scanner.pos))", at: scanner.pos)
                return false
            }
            guard scanner.skipSpace(), bytes[scanner.pos] == UInt8(ascii: ";") else {
                fatal("expected ';' after a dictionary entry", at: scanner.pos)
                return false
            }
            scanner.pos += 1
        }
    }

    private mutating func parseNestedArray(depth: Int, start: Int) -> Bool {
        guard scanner.skipSpace() else {
            fatal("expected ')' to close the array opened here", at: start)
            return false
        }
        if bytes[scanner.pos] == UInt8(ascii: ")") {
            scanner.pos += 1
            return true
        }
        while true {
            guard parseNestedObject(depth: depth + 1) != nil else { return false }
            guard scanner.skipSpace() else {
                fatal("expected ',' or ')' in the array opened here", at: start)
                return false
            }
            let c = bytes[scanner.pos]
            scanner.pos += 1
            if c == UInt8(ascii: ")") { return true }
            if c != UInt8(ascii: ",") {
                fatal("expected ',' or ')' in the array, found \(Self.describe(c))", at: scanner.pos - 1)
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
                    fatal("data has an odd number of hex digits", at: scanner.pos)
                    return false
                }
                scanner.pos += 2
            } else if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                scanner.pos += 1
            } else if scanner.isUnicodeSeparator(at: scanner.pos) {
                scanner.pos += 3
            } else {
                fatal("data may hold only hex digits and spaces, found \(describeCharacter(at: scanner.pos))", at: scanner.pos)
                return false
            }
        }
        fatal("expected '>' to close the data opened here", at: start)
        return false
    }
}
