/// The parser's readers of literals, numbers and strings (see `JSONReader.Parser`).
extension JSONReader.Parser {
    mutating func literal(_ word: String) throws {
        let bytes = Array(word.utf8)
        guard pos + bytes.count <= b.count, Array(b[pos..<(pos + bytes.count)]) == bytes else {
            throw JSONReader.SyntaxError(message: .jsonExpectedValue(found: describe(pos)), offset: pos)
        }
        pos += bytes.count
    }

    mutating func number() throws -> String {
        let start = pos
        func digits() -> Int {
            let from = pos
            while pos < b.count, b[pos] >= 0x30, b[pos] <= 0x39 { pos += 1 }
            return pos - from
        }
        if b[pos] == UInt8(ascii: "-") { pos += 1 }
        guard pos < b.count, b[pos] >= 0x30, b[pos] <= 0x39 else {
            throw JSONReader.SyntaxError(message: .jsonExpectedDigit, offset: pos)
        }
        if b[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < b.count, b[pos] >= 0x30, b[pos] <= 0x39 {
                throw JSONReader.SyntaxError(message: .jsonLeadingZero, offset: start)
            }
        } else {
            _ = digits()
        }
        if pos < b.count, b[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits() > 0 else { throw JSONReader.SyntaxError(message: .jsonExpectedFractionDigit, offset: pos) }
        }
        if pos < b.count, b[pos] == UInt8(ascii: "e") || b[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < b.count, b[pos] == UInt8(ascii: "+") || b[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits() > 0 else { throw JSONReader.SyntaxError(message: .jsonExpectedExponentDigit, offset: pos) }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<pos]), as: UTF8.self)
    }

    mutating func hex4() -> UInt16? {
        guard pos + 4 <= b.count else { return nil }
        var value: UInt16 = 0
        for i in 0..<4 {
            guard let digit = hexValue(b[pos + i]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        pos += 4
        return value
    }

    mutating func string() throws -> String {
        try decodedString { bytes, isASCII in
            // The decoder hands over valid UTF-8, and a slice between quotes stays valid.
            isASCII.map { OldStyleScanner.string(validUTF8: bytes, isASCII: $0) } ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The string at `pos`, its UTF-8 written into `texts`, `pos` then past it.
    mutating func text(into texts: inout CatalogTextWriter) throws -> CatalogText {
        try decodedString { bytes, _ in texts.append(bytes) }
    }

    /// Calls `finish` with the UTF-8 of the string at `pos` (its escapes decoded), and whether
    /// it is all ASCII when that is known; `pos` then past it.
    mutating func decodedString<Result>(
        _ finish: (_ bytes: UnsafeBufferPointer<UInt8>, _ isASCII: Bool?) throws -> Result
    ) throws -> Result {
        let opening = pos
        pos += 1
        let start = pos
        // Word by word to the first quote, backslash or control character; non-ASCII noted.
        let scan = WordScan.skipPlain(b, from: pos, quote: UInt8(ascii: "\""), controls: true)
        pos = scan.position
        var highBits = scan.highBits
        while pos < b.count, b[pos] != UInt8(ascii: "\""), b[pos] != UInt8(ascii: "\\"), b[pos] >= 0x20 {
            highBits |= UInt64(b[pos])
            pos += 1
        }
        if pos < b.count, b[pos] == UInt8(ascii: "\"") {
            defer { pos += 1 }
            let isASCII = WordScan.isASCII(highBits)
            if !isASCII { cursor.noteNonASCII() }
            return try finish(UnsafeBufferPointer(rebasing: b[start..<pos]), isASCII)
        }
        cursor.noteNonASCII()
        var out = Array(b[start..<pos])
        while pos < b.count {
            let c = b[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return try out.withUnsafeBufferPointer { try finish($0, nil) }
            }
            if c < 0x20 {
                throw JSONReader.SyntaxError(message: .jsonControlCharacter(byte: c), offset: pos)
            }
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                pos += 1
                continue
            }
            let escape = pos
            pos += 1
            guard pos < b.count else { break }
            let e = b[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4() else {
                    throw JSONReader.SyntaxError(message: .jsonShortUnicodeEscape, offset: escape)
                }
                if unit >= 0xD800, unit <= 0xDBFF, pos + 6 <= b.count, b[pos] == UInt8(ascii: "\\"), b[pos + 1] == UInt8(ascii: "u") {
                    let save = pos
                    pos += 2
                    if let low = hex4(), low >= 0xDC00, low <= 0xDFFF {
                        TextDecoder.appendScalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00), to: &out)
                        continue
                    }
                    pos = save
                }
                if unit >= 0xD800, unit <= 0xDFFF {
                    if tally.admit(.loneSurrogate, key: nil) {
                        diagnostics.append(
                            Diagnostic(
                                .loneSurrogate, .jsonUnpairedSurrogate(unit: unit), path: path, at: lines.table.location(ofByte: escape)
                            ))
                    }
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                } else {
                    TextDecoder.appendScalar(UInt32(unit), to: &out)
                }
            default:
                throw JSONReader.SyntaxError(message: .jsonInvalidEscape(character: e), offset: escape)
            }
        }
        throw JSONReader.SyntaxError(message: .jsonUnterminatedString, offset: opening)
    }
}
