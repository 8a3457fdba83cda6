/// String literals in each language's grammar.
extension CodeLexer {
    // MARK: Strings

    /// Reads a literal starting at `index` (a quote), its prefix already read from `start`.
    mutating func readQuoted(prefix: String, from start: Int) {
        let quote = bytes[index]
        switch language {
        case .python:
            let raw = prefix.contains("r")
            let formatted = prefix.contains("f")
            let triple = byte(index + 1) == quote && byte(index + 2) == quote
            readSimple(quote: quote, count: triple ? 3 : 1, escapes: !raw, multiLine: triple, start: start) { value, source in
                formatted && Self.hasBraceInterpolation(source)
            }
        case .javascript:
            if quote == UInt8(ascii: "`") {
                readTemplate(start: start)
            } else {
                readSimple(quote: quote, count: 1, escapes: true, multiLine: false, start: start)
            }
        case .go:
            if quote == UInt8(ascii: "`") {
                readSimple(quote: quote, count: 1, escapes: false, multiLine: true, start: start)
            } else {
                readSimple(quote: quote, count: 1, escapes: true, multiLine: false, start: start)
            }
        case .swift:
            readSwift(hashes: 0, start: start)
        case .java where quote == UInt8(ascii: "\"") && byte(index + 1) == quote && byte(index + 2) == quote:
            // A text block: its incidental indentation and first line break are not part of it.
            readSimple(quote: quote, count: 3, escapes: true, multiLine: true, start: start)
            if let last = tokens.last, last.kind == .string {
                tokens[tokens.count - 1].text = String(decoding: Self.trimmedMultiLine(Array(last.text.utf8)), as: UTF8.self)
            }
        case .java, .kotlin:
            let triple = quote == UInt8(ascii: "\"") && byte(index + 1) == quote && byte(index + 2) == quote
            let kotlin = language == .kotlin
            // Kotlin's raw strings have no escapes; Java's text blocks have them.
            readSimple(
                quote: quote, count: triple ? 3 : 1, escapes: !(kotlin && triple), multiLine: triple, start: start,
                interpolation: kotlin ? .dollar : .none)
        case .csharp:
            if quote == UInt8(ascii: "\""), byte(index + 1) == quote, byte(index + 2) == quote {
                readCSharpRaw(dollars: 0, start: start)
            } else {
                readSimple(quote: quote, count: 1, escapes: true, multiLine: false, start: start)
            }
        case .ruby:
            readSimple(
                quote: quote, count: 1, escapes: quote != UInt8(ascii: "'"), multiLine: true, start: start,
                interpolation: quote == UInt8(ascii: "'") ? .none : .hashBrace, singleQuoteEscapesOnly: quote == UInt8(ascii: "'"))
        case .php:
            readSimple(
                quote: quote, count: 1, escapes: quote != UInt8(ascii: "'"), multiLine: true, start: start,
                interpolation: quote == UInt8(ascii: "'") ? .none : .php, singleQuoteEscapesOnly: quote == UInt8(ascii: "'"))
        case .objectiveC:
            readSimple(quote: quote, count: 1, escapes: true, multiLine: false, start: start)
        }
    }

    enum Interpolation { case none, dollar, hashBrace, php }

    /// Reads a literal closed by `count` quotes. With `escapes`, a backslash escapes the next
    /// character (with `singleQuoteEscapesOnly`, only a quote or a backslash, as in Ruby's and PHP's
    /// single quotes). A literal that may not span lines and meets one is no literal: its quote
    /// becomes punctuation and lexing goes on after it.
    mutating func readSimple(
        quote: UInt8, count: Int, escapes: Bool, multiLine: Bool, start: Int, interpolation: Interpolation = .none,
        singleQuoteEscapesOnly: Bool = false, interpolatedIf: ((String, ArraySlice<UInt8>) -> Bool)? = nil
    ) {
        let open = index
        index += count
        let bodyStart = index
        var value: [UInt8] = []
        var interpolated = false
        while index < bytes.count {
            let current = bytes[index]
            if current == quote, count == 1 || (byte(index + 1) == quote && byte(index + 2) == quote) {
                let body = bytes[bodyStart..<index]
                index += count
                let text = String(decoding: value, as: UTF8.self)
                if let interpolatedIf, interpolatedIf(text, body) { interpolated = true }
                add(.string, text, from: start, interpolated: interpolated)
                return
            }
            if (current == 0x0A || current == 0x0D) && !multiLine {
                break
            }
            // In Python's raw strings a backslash still keeps the next quote in: r"\"" is `\"`.
            if current == UInt8(ascii: "\\"), !escapes, language == .python, index + 1 < bytes.count {
                value.append(current)
                value.append(bytes[index + 1])
                index += 2
                continue
            }
            if current == UInt8(ascii: "\\"), escapes {
                let next = byte(index + 1)
                if singleQuoteEscapesOnly {
                    if next == quote || next == UInt8(ascii: "\\") {
                        value.append(next)
                        index += 2
                    } else {
                        value.append(current)
                        index += 1
                    }
                    continue
                }
                index += 1
                decodeEscape(into: &value)
                continue
            }
            switch interpolation {
            case .dollar
            where current == UInt8(ascii: "$") && (byte(index + 1) == UInt8(ascii: "{") || Self.isIdentifierStart(byte(index + 1))),
                .php where current == UInt8(ascii: "$") && (Self.isIdentifierStart(byte(index + 1))),
                .php where current == UInt8(ascii: "{") && byte(index + 1) == UInt8(ascii: "$"),
                .hashBrace where current == UInt8(ascii: "#") && byte(index + 1) == UInt8(ascii: "{"):
                interpolated = true
                if byte(index + 1) == UInt8(ascii: "{") || current == UInt8(ascii: "{") {
                    index += current == UInt8(ascii: "{") ? 0 : 1
                    skipBalancedBraces()
                    continue
                }
            default: break
            }
            value.append(current)
            index += 1
        }
        // Unterminated: the quote alone is punctuation.
        index = open + 1
        add(.punctuation, String(UnicodeScalar(quote)), from: open)
    }

    /// Skips `{ … }` inside a literal's interpolation, strings within it included.
    mutating func skipBalancedBraces() {
        var depth = 0
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "{") { depth += 1 }
            if current == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            }
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != current, bytes[index] != 0x0A {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            }
            index += 1
        }
    }

    /// Decodes the escape after a backslash (at `index`) and moves past it.
    mutating func decodeEscape(into value: inout [UInt8]) {
        let current = byte(index)
        index += 1
        switch current {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "0"): value.append(0)
        case UInt8(ascii: "u"), UInt8(ascii: "x"):
            var digits: [UInt8] = []
            let braced = byte(index) == UInt8(ascii: "{")
            if braced { index += 1 }
            let limit = braced ? 8 : (current == UInt8(ascii: "u") ? 4 : 2)
            while digits.count < limit, let _ = Self.hexValue(byte(index)) {
                digits.append(byte(index))
                index += 1
            }
            if braced, byte(index) == UInt8(ascii: "}") { index += 1 }
            if let scalarValue = UInt32(String(decoding: digits, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(scalarValue) {
                value.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
        case 0x0A:
            break  // a line continuation
        default:
            value.append(current)
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x37
        case 0x61...0x66: byte - 0x57
        default: nil
        }
    }

    /// A Python f-string's `{x}` (not `{{`).
    static func hasBraceInterpolation(_ source: ArraySlice<UInt8>) -> Bool {
        var index = source.startIndex
        while index < source.endIndex {
            if source[index] == UInt8(ascii: "{") {
                if index + 1 < source.endIndex, source[index + 1] == UInt8(ascii: "{") {
                    index += 2
                    continue
                }
                return true
            }
            index += 1
        }
        return false
    }

    /// A JavaScript template literal: `` `…${expression}…` ``, nested templates included.
    mutating func readTemplate(start: Int) {
        index += 1
        var value: [UInt8] = []
        var interpolated = false
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "`") {
                index += 1
                add(.string, String(decoding: value, as: UTF8.self), from: start, interpolated: interpolated)
                return
            }
            if current == UInt8(ascii: "\\") {
                index += 1
                decodeEscape(into: &value)
                continue
            }
            if current == UInt8(ascii: "$"), byte(index + 1) == UInt8(ascii: "{") {
                interpolated = true
                index += 1
                var depth = 0
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "{") { depth += 1 }
                    if inner == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            break
                        }
                    }
                    if inner == UInt8(ascii: "`") {
                        // A nested template: read it and drop its token.
                        guard nesting < Self.maximumNesting else {
                            index += 1
                            continue
                        }
                        let saved = tokens.count
                        nesting += 1
                        readTemplate(start: index)
                        nesting -= 1
                        tokens.removeSubrange(saved...)
                        continue
                    }
                    if inner == UInt8(ascii: "\"") || inner == UInt8(ascii: "'") {
                        index += 1
                        while index < bytes.count, bytes[index] != inner, bytes[index] != 0x0A {
                            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                            index += 1
                        }
                    }
                    index += 1
                }
                continue
            }
            value.append(current)
            index += 1
        }
        add(.string, String(decoding: value, as: UTF8.self), from: start, interpolated: true)
    }

    /// A Swift string at `index`, after `hashes` `#`s: `"…"`, `"""…"""` or a raw `#"…"#`, with
    /// `\(…)` (or `\#(…)`) interpolation.
    mutating func readSwift(hashes: Int, start: Int) {
        let triple = starts("\"\"\"", at: index)
        index += triple ? 3 : 1
        let open = start
        var value: [UInt8] = []
        var interpolated = false
        let closing = Array((triple ? "\"\"\"" : "\"").utf8) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), Array(bytes[index..<min(bytes.count, index + closing.count)]) == closing {
                index += closing.count
                add(
                    .string, String(decoding: triple ? Self.trimmedMultiLine(value) : value, as: UTF8.self), from: start,
                    interpolated: interpolated)
                return
            }
            let current = bytes[index]
            if !triple && (current == 0x0A || current == 0x0D) { break }
            if current == UInt8(ascii: "\\") {
                // In a raw string of n '#', only a backslash followed by n '#' escapes.
                var marks = 0
                while marks < hashes, byte(index + 1 + marks) == UInt8(ascii: "#") { marks += 1 }
                guard marks == hashes else {
                    value.append(current)
                    index += 1
                    continue
                }
                let after = index + 1 + hashes
                if byte(after) == UInt8(ascii: "(") {
                    interpolated = true
                    // The hole stays in the value as U+0001, for keys SwiftUI makes of
                    // interpolations (`Text("\(count) posts")` is the key "%lld posts").
                    value.append(CodeLexer.hole)
                    index = after
                    var depth = 0
                    while index < bytes.count {
                        if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                        if bytes[index] == UInt8(ascii: ")") {
                            depth -= 1
                            if depth == 0 {
                                // The code between the parentheses, for the lookups it may hold;
                                // those of nested literals are found when it is read in turn.
                                if nesting == 0, index > after + 1 { interpolations.append((after + 1)..<index) }
                                index += 1
                                break
                            }
                        }
                        if bytes[index] == UInt8(ascii: "\"") {
                            // A string inside the interpolation: read it and drop its token.
                            guard nesting < Self.maximumNesting else {
                                index += 1
                                continue
                            }
                            if let end = nestedSwiftEnds[index] {
                                index = end
                                continue
                            }
                            let begin = index
                            let saved = tokens.count
                            nesting += 1
                            readSwift(hashes: 0, start: index)
                            nesting -= 1
                            tokens.removeSubrange(saved...)
                            nestedSwiftEnds[begin] = index
                            continue
                        }
                        index += 1
                    }
                    continue
                }
                index = after
                decodeEscape(into: &value)
                continue
            }
            value.append(current)
            index += 1
        }
        index = open + 1
        add(.punctuation, "\"", from: open)
    }

    /// A multi-line literal's value without its first line break and last line's indentation.
    static func trimmedMultiLine(_ value: [UInt8]) -> [UInt8] {
        var lines = value.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.first?.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) == true { lines.removeFirst() }
        let indent = lines.last.map { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? $0.count : 0 } ?? 0
        if indent > 0 || lines.last?.isEmpty == true { lines.removeLast() }
        return Array(lines.map { Array($0.dropFirst(min(indent, $0.prefix { $0 == 0x20 || $0 == 0x09 }.count))) }.joined(separator: [0x0A]))
    }

    /// The number of `#` before a Swift raw string's quote at `index`, or nil when none follows.
    func rawSwiftHashes() -> Int? {
        var count = 0
        while byte(index + count) == UInt8(ascii: "#") { count += 1 }
        return byte(index + count) == UInt8(ascii: "\"") ? count : nil
    }

    /// Whether `$` at `index` opens a C# interpolated string (`$"`, `$@"`, `$$"""`).
    func csharpInterpolatedStart() -> Bool {
        var position = index
        while byte(position) == UInt8(ascii: "$") { position += 1 }
        if byte(position) == UInt8(ascii: "@") { position += 1 }
        return byte(position) == UInt8(ascii: "\"")
    }

    /// C# `$"…{x}…"`, `$@"…"` and `$"""…"""`.
    mutating func readCSharpInterpolated() {
        let start = index
        var dollars = 0
        while byte(index) == UInt8(ascii: "$") {
            dollars += 1
            index += 1
        }
        if byte(index) == UInt8(ascii: "@") {
            index += 1
            readVerbatim(start: start, interpolated: true)
        } else if starts("\"\"\"", at: index) {
            readCSharpRaw(dollars: dollars, start: start)
        } else {
            readSimple(quote: UInt8(ascii: "\""), count: 1, escapes: true, multiLine: false, start: start) { _, body in
                Self.hasBraceInterpolation(body)
            }
        }
    }

    /// C# `@"…"` and `@$"…"`, Objective-C `@"…"`.
    mutating func readCSharpOrObjectiveCPrefixed() {
        let start = index
        if language == .objectiveC {
            index += 1
            readSimple(quote: UInt8(ascii: "\""), count: 1, escapes: true, multiLine: false, start: start)
            return
        }
        let interpolated = byte(index + 1) == UInt8(ascii: "$")
        index += interpolated ? 2 : 1
        readVerbatim(start: start, interpolated: interpolated)
    }

    /// A C# verbatim string: no escapes but `""`, lines allowed.
    mutating func readVerbatim(start: Int, interpolated: Bool) {
        index += 1
        var value: [UInt8] = []
        var hasHoles = false
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\"") {
                if byte(index + 1) == UInt8(ascii: "\"") {
                    value.append(current)
                    index += 2
                    continue
                }
                index += 1
                add(.string, String(decoding: value, as: UTF8.self), from: start, interpolated: hasHoles)
                return
            }
            if interpolated, current == UInt8(ascii: "{") {
                if byte(index + 1) == UInt8(ascii: "{") {
                    value.append(current)
                    index += 2
                    continue
                }
                hasHoles = true
                skipBalancedBraces()
                continue
            }
            value.append(current)
            index += 1
        }
        add(.string, String(decoding: value, as: UTF8.self), from: start, interpolated: true)
    }

    /// C# 11 raw strings: `"""…"""` (three quotes or more), after `dollars` `$`s.
    mutating func readCSharpRaw(dollars: Int, start: Int) {
        var quotes = 0
        while byte(index) == UInt8(ascii: "\"") {
            quotes += 1
            index += 1
        }
        let bodyStart = index
        let closing = [UInt8](repeating: UInt8(ascii: "\""), count: quotes)
        while index < bytes.count {
            if Array(bytes[index..<min(bytes.count, index + quotes)]) == closing {
                let body = Array(bytes[bodyStart..<index])
                index += quotes
                let holes = dollars > 0 && body.contains(UInt8(ascii: "{"))
                add(.string, String(decoding: Self.trimmedMultiLine(body), as: UTF8.self), from: start, interpolated: holes)
                return
            }
            index += 1
        }
        add(.string, "", from: start, interpolated: true)
    }
}
