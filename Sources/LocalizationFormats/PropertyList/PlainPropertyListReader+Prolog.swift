/// The prolog of a plain property list: the XML declaration and a `<!DOCTYPE>` without an
/// internal subset, read as strictly as `PlainPropertyListReader` reads the rest.
extension PlainPropertyListScanner {
    /// The XML declaration, whitespace and a `<!DOCTYPE>` without an internal subset.
    mutating func prolog() -> Bool {
        if matches("<?xml") {
            index += 5
            guard declaration() else { return false }
        }
        skipWhitespace()
        if matches("<!DOCTYPE") {
            index += 9
            guard doctype() else { return false }
            skipWhitespace()
        }
        return index < count && base[index] == UInt8(ascii: "<")
    }

    /// `version="1.0"`, then optionally `encoding="UTF-8"` and `standalone="yes"|"no"`, then `?>`.
    mutating func declaration() -> Bool {
        var seen = 0
        while true {
            let hadSpace = isWhitespace(peek(0))
            skipWhitespace()
            if matches("?>") {
                index += 2
                return seen >= 1
            }
            guard hadSpace, let (name, value) = attribute() else { return false }
            switch (seen, name) {
            case (0, "version"):
                guard value == "1.0" else { return false }
                seen = 1
            case (1, "encoding"):
                guard value.uppercased() == "UTF-8" else { return false }
                seen = 2
            case (1, "standalone"), (2, "standalone"):
                guard value == "yes" || value == "no" else { return false }
                seen = 3
            default:
                return false
            }
        }
    }

    /// `name="value"` (or single quotes) in ASCII letters and plain value characters.
    mutating func attribute() -> (name: String, value: String)? {
        let nameStart = index
        while index < count, isLetter(base[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= Self.maximumPrologItem, peek(0) == UInt8(ascii: "="),
            peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'")
        else { return nil }
        let name = text(nameStart, index)
        let quote = base[index + 1]
        index += 2
        let valueStart = index
        while index < count, base[index] != quote {
            let byte = base[index]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"),
                index - valueStart < Self.maximumPrologItem
            else { return nil }
            index += 1
        }
        guard index < count else { return nil }
        let value = text(valueStart, index)
        index += 1
        return (name, value)
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    /// After `<!DOCTYPE`: a name, an optional `PUBLIC "id" "uri"` or `SYSTEM "uri"`, then `>`.
    mutating func doctype() -> Bool {
        guard isWhitespace(peek(0)) else { return false }
        skipWhitespace()
        let nameStart = index
        while index < count, isLetter(base[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= Self.maximumPrologItem else { return false }
        let hadSpace = isWhitespace(peek(0))
        skipWhitespace()
        if hadSpace, matches("PUBLIC") || matches("SYSTEM") {
            let isPublic = matches("PUBLIC")
            index += 6
            for literal in 0..<(isPublic ? 2 : 1) {
                guard isWhitespace(peek(0)) else { return false }
                skipWhitespace()
                guard quotedLiteral(publicIdentifier: isPublic && literal == 0) else { return false }
            }
            skipWhitespace()
        }
        guard peek(0) == UInt8(ascii: ">") else { return false }
        index += 1
        return true
    }

    /// A quoted literal of printable ASCII without `<` (a public identifier's characters only,
    /// for one). A `<` is refused: the libxml2 reader's column search and its refusal of a
    /// crowded tag would see a tag in it.
    mutating func quotedLiteral(publicIdentifier: Bool) -> Bool {
        let quote = peek(0)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
        index += 1
        let start = index
        while index < count, base[index] != quote {
            let byte = base[index]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "<"), index - start < Self.maximumPrologItem else { return false }
            if publicIdentifier, !isPublicIdentifierCharacter(byte) { return false }
            index += 1
        }
        guard index < count else { return false }
        index += 1
        return true
    }

    /// XML's `PubidChar`, less the line break (no carriage return reaches here).
    func isPublicIdentifierCharacter(_ byte: UInt8) -> Bool {
        if isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) { return true }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"),
            UInt8(ascii: ";"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "$"),
            UInt8(ascii: "_"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }
}
