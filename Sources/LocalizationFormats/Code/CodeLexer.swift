/// One token of source code: what the scanner needs to find localization keys, nothing more.
public struct CodeToken: Sendable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        /// A name (`loc_key`, `$payload`, `setLocKey`); keywords too.
        case identifier
        /// A string literal; `text` is its value with escapes decoded.
        case string
        /// A number literal.
        case number
        /// `(`, `)`, `[`, `]`, `{`, `}`, `,`, `;`, `.`
        case punctuation
        /// A run of operator characters (`=`, `=>`, `:`, `:=`, `==`, `->`, `?`).
        case `operator`
    }

    public var kind: Kind
    /// The identifier, the operator, the punctuation, or the string's decoded value.
    public var text: String
    /// Byte offsets of the token in the file (a string's include its quotes and prefix).
    public var start: Int
    public var end: Int
    /// A string with interpolation (`f"{x}"`, `"\(x)"`, `` `${x}` ``, `"#{x}"`, `"$x"`): its value
    /// is not known before the program runs.
    public var interpolated = false
    /// A line break lies between this token and the one before it.
    public var startsLine = false
    /// A Ruby `%w[…]`-style word list: `text` holds the words separated by single spaces.
    public var wordList = false

    public func `is`(_ kind: Kind, _ text: String) -> Bool { self.kind == kind && self.text == text }
}

extension CodeToken {
    /// For each token, the index of its matching bracket (or -1) and of the innermost open
    /// bracket around it (or -1). Unbalanced brackets stay unmatched.
    static func brackets(_ tokens: [CodeToken]) -> (match: [Int], enclosing: [Int]) {
        var match = [Int](repeating: -1, count: tokens.count)
        var enclosing = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() {
            enclosing[index] = stack.last ?? -1
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{": stack.append(index)
            case ")", "]", "}":
                if let open = stack.last, closes(tokens[open].text, token.text) {
                    stack.removeLast()
                    match[open] = index
                    match[index] = open
                }
            default: break
            }
        }
        return (match, enclosing)
    }

    static func closes(_ open: String, _ close: String) -> Bool {
        (open == "(" && close == ")") || (open == "[" && close == "]") || (open == "{" && close == "}")
    }
}

/// Splits source code into tokens, with comments left out and string literals decoded, for each
/// language's own literal grammar: Python's prefixes and triple quotes, JavaScript's template
/// literals and regular expressions, Go's raw strings, Swift's raw and multi-line strings, Java's
/// and Kotlin's text blocks, C#'s verbatim, interpolated and raw strings, Ruby's and PHP's
/// heredocs. No parser: a literal the lexer cannot close ends at its line, so one odd construct
/// never swallows the rest of a file.
public struct CodeLexer {
    let bytes: [UInt8]
    let language: CodeLanguage
    var index = 0
    var tokens: [CodeToken] = []
    var sawLineBreak = true
    /// Ruby and PHP heredocs opened on the current line: their bodies start on the next one.
    var pendingHeredocs: [(terminator: [UInt8], interpolated: Bool, token: Int, squiggly: Bool)] = []
    /// How deep literals nest inside interpolations (`` `${`${…}`}` ``, `"\("\(…)")"`): past
    /// `maximumNesting` an inner literal is skipped as text, so no input exhausts the stack.
    var nesting = 0
    static let maximumNesting = 32
    /// Marks where a Swift interpolation stands in an interpolated literal's value.
    public static let hole: UInt8 = 0x01

    public static func tokens(of bytes: [UInt8], language: CodeLanguage) -> [CodeToken] {
        var lexer = CodeLexer(bytes: bytes, language: language)
        lexer.tokens.reserveCapacity(bytes.count / 5)
        lexer.run()
        return lexer.tokens
    }

    init(bytes: [UInt8], language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
    }

    // MARK: Bytes

    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    func starts(_ text: String, at offset: Int) -> Bool {
        var position = offset
        for unit in text.utf8 {
            guard position < bytes.count, bytes[position] == unit else { return false }
            position += 1
        }
        return true
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Operator characters, as a table indexed by byte (a set lookup per byte cost more than lexing).
    static let operatorTable: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "=<>!:+-*/%&|^~?@".utf8 { table[Int(byte)] = true }
        return table
    }()

    @inline(__always) static func isOperator(_ byte: UInt8) -> Bool { operatorTable[Int(byte)] }

    /// The text of each one-byte punctuation token, made once.
    static let singleByteText: [String] = (0..<256).map { String(UnicodeScalar(UInt8($0))) }

    mutating func add(_ kind: CodeToken.Kind, _ text: String, from start: Int, interpolated: Bool = false) {
        // An escape at the very end of the file moves past it: a token never does.
        index = min(index, bytes.count)
        tokens.append(
            CodeToken(kind: kind, text: text, start: start, end: index, interpolated: interpolated, startsLine: sawLineBreak))
        sawLineBreak = false
    }

    // MARK: The main loop

    mutating func run() {
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case 0x0A, 0x0D:
                index += 1
                sawLineBreak = true
                if current == 0x0A || byte(index) != 0x0A { readHeredocBodies() }
            case 0x20, 0x09, 0x0C, 0x0B:
                index += 1
            case UInt8(ascii: "#") where hashStartsComment():
                skipLine()
            case UInt8(ascii: "/") where language.slashComments && byte(index + 1) == UInt8(ascii: "/"):
                skipLine()
            case UInt8(ascii: "/") where language.slashComments && byte(index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "=") where language == .ruby && sawLineBreak && starts("=begin", at: index):
                // Ruby's block comment: from a line starting "=begin" to one starting "=end".
                while index < bytes.count, !(sawLineBreak && starts("=end", at: index)) {
                    sawLineBreak = bytes[index] == 0x0A
                    index += 1
                }
                skipLine()
            case UInt8(ascii: "`") where language == .swift || language == .kotlin:
                // `default`, `open`: a name written with backticks (SwiftGen writes keywords so).
                let start = index
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != 0x0A { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "`") else {
                    index += 1
                    add(.punctuation, "`", from: start)
                    continue
                }
                index = end + 1
                add(.identifier, String(decoding: bytes[(start + 1)..<end], as: UTF8.self), from: start)
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                readQuoted(prefix: "", from: index)
            case UInt8(ascii: "#") where language == .swift && rawSwiftHashes() != nil:
                let start = index
                let hashes = rawSwiftHashes() ?? 0
                index += hashes
                readSwift(hashes: hashes, start: start)
            case UInt8(ascii: "$") where language == .csharp && csharpInterpolatedStart():
                readCSharpInterpolated()
            default:
                if Self.isIdentifierStart(current) || (current == UInt8(ascii: "$") && language == .javascript) {
                    readIdentifierOrPrefixedString()
                } else if current == UInt8(ascii: "$") {
                    // PHP's variables: `$alert` is one name.
                    let start = index
                    index += 1
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                    add(.identifier, String(decoding: bytes[start..<index], as: UTF8.self), from: start)
                } else if Self.isDigit(current) {
                    let start = index
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
                        // `1..<n`: a range, not a fraction.
                        if bytes[index] == UInt8(ascii: "."), byte(index + 1) == UInt8(ascii: ".") { break }
                        index += 1
                    }
                    add(.number, String(decoding: bytes[start..<index], as: UTF8.self), from: start)
                } else if current == UInt8(ascii: "@"), language == .csharp || language == .objectiveC,
                    byte(index + 1) == UInt8(ascii: "\"") || (byte(index + 1) == UInt8(ascii: "$") && byte(index + 2) == UInt8(ascii: "\""))
                {
                    readCSharpOrObjectiveCPrefixed()
                } else if current == UInt8(ascii: "/"), regexMayStart() {
                    readRegex()
                } else if current == UInt8(ascii: "%"), language == .ruby, readRubyPercentLiteral() {
                    continue
                } else if current == UInt8(ascii: "<"), language == .ruby || language == .php, readHeredocStart() {
                    continue
                } else if Self.isOperator(current) {
                    let start = index
                    while index < bytes.count, Self.isOperator(bytes[index]) {
                        // `a=-1`, `x:"y"`: a run never swallows a comment start.
                        if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*") {
                            break
                        }
                        // `key:@"value"` (Objective-C), `x=@"…"` (C#): the literal starts at '@'.
                        if index > start, bytes[index] == UInt8(ascii: "@"), byte(index + 1) == UInt8(ascii: "\"") { break }
                        index += 1
                    }
                    if index == start { index += 1 }
                    add(.operator, String(decoding: bytes[start..<index], as: UTF8.self), from: start)
                } else {
                    index += 1
                    add(.punctuation, Self.singleByteText[Int(current)], from: index - 1)
                }
            }
        }
    }

    /// `#` is a comment in Python, Ruby and PHP, except PHP's `#[Attribute]`; in C# and
    /// Objective-C a line starting with `#` is a preprocessor directive, skipped as a comment.
    func hashStartsComment() -> Bool {
        if language == .php { return byte(index + 1) != UInt8(ascii: "[") }
        if language.hashComments { return true }
        if language == .csharp || language == .objectiveC { return sawLineBreak && !starts("#\"", at: index) }
        return false
    }

    mutating func skipLine() {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    }

    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if starts("/*", at: index) {
                depth += 1
                index += 2
                if !language.nestedBlockComments && depth > 1 { depth = 1 }
            } else if starts("*/", at: index) {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == 0x0A { sawLineBreak = true }
                index += 1
            }
        }
    }

    mutating func readIdentifierOrPrefixedString() {
        let start = index
        index += 1
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) || (bytes[index] == UInt8(ascii: "$") && language == .javascript) {
            index += 1
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        let next = byte(index)
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
            // Python's r"…", b'…', f"…", rb"…"; C#'s and Swift's are read elsewhere.
            if language == .python, name.count <= 2, name.lowercased().allSatisfy({ "rbuf".contains($0) }) {
                readQuoted(prefix: name.lowercased(), from: start)
                return
            }
            // Go and JavaScript know no prefixes; `u8"…"`-like ones of other languages are names.
        }
        add(.identifier, name, from: start)
    }

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
                            let saved = tokens.count
                            nesting += 1
                            readSwift(hashes: 0, start: index)
                            nesting -= 1
                            tokens.removeSubrange(saved...)
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

    // MARK: Regular expressions, percent literals, heredocs

    /// Whether a `/` here starts a regular expression literal (JavaScript, Ruby): after an
    /// operator, an opening bracket, a comma or a keyword, not after a value.
    func regexMayStart() -> Bool {
        guard language == .javascript || language == .ruby else { return false }
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .string, .number: return false
        case .identifier:
            return [
                "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
                "when", "if", "unless", "and", "or", "not",
            ].contains(last.text)
        case .punctuation: return ![")", "]", "}"].contains(last.text)
        case .operator: return true
        }
    }

    mutating func readRegex() {
        let start = index
        index += 1
        var inClass = false
        while index < bytes.count, bytes[index] != 0x0A {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "[") { inClass = true }
            if current == UInt8(ascii: "]") { inClass = false }
            if current == UInt8(ascii: "/"), !inClass {
                index += 1
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                add(.number, "/regex/", from: start)
                return
            }
            index += 1
        }
        // No closing slash on the line: it was a division.
        index = start + 1
        add(.operator, "/", from: start)
    }

    /// Ruby's `%w[a b]`, `%q(…)`, `%Q{…}`, `%(…)`, `%i[…]`, `%r{…}`, when no value comes before.
    mutating func readRubyPercentLiteral() -> Bool {
        if let last = tokens.last,
            last.kind == .identifier || last.kind == .number || last.kind == .string || [")", "]", "}"].contains(last.text)
        {
            return false
        }
        var kindByte: UInt8 = 0
        var open = index + 1
        if Self.isIdentifierStart(byte(open)) {
            kindByte = byte(open)
            guard "qQwWiIrs".utf8.contains(kindByte) else { return false }
            open += 1
        }
        let opener = byte(open)
        let closer: UInt8
        switch opener {
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        case UInt8(ascii: "["): closer = UInt8(ascii: "]")
        case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
        case UInt8(ascii: "<"): closer = UInt8(ascii: ">")
        case UInt8(ascii: "|"), UInt8(ascii: "!"), UInt8(ascii: "/"): closer = opener
        default: return false
        }
        let start = index
        index = open + 1
        var depth = 1
        var value: [UInt8] = []
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                value.append(byte(index + 1))
                index += 2
                continue
            }
            if current == opener && opener != closer { depth += 1 }
            if current == closer {
                depth -= 1
                if depth == 0 {
                    index += 1
                    break
                }
            }
            value.append(current)
            index += 1
        }
        let text = String(decoding: value, as: UTF8.self)
        if kindByte == UInt8(ascii: "w") || kindByte == UInt8(ascii: "W") || kindByte == UInt8(ascii: "i") || kindByte == UInt8(ascii: "I")
        {
            add(.string, text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " "), from: start)
            tokens[tokens.count - 1].wordList = true
        } else {
            let interpolated = kindByte != UInt8(ascii: "q") && text.contains("#{")
            add(.string, text, from: start, interpolated: interpolated || kindByte == UInt8(ascii: "r"))
        }
        return true
    }

    /// Ruby's `<<~ID`, `<<-ID`, `<<ID`, `<<~'ID'` and PHP's `<<<ID`, `<<<"ID"`, `<<<'ID'`: the token
    /// stands here, its body is read at the next line break.
    mutating func readHeredocStart() -> Bool {
        var position = index
        if language == .php {
            guard starts("<<<", at: index) else { return false }
            position += 3
            while byte(position) == 0x20 { position += 1 }
        } else {
            guard starts("<<", at: index) else { return false }
            // `x << y` is a shift or an append: a heredoc follows no value.
            if let last = tokens.last,
                last.kind == .identifier || last.kind == .number || last.kind == .string || [")", "]"].contains(last.text)
            {
                if !(last.kind == .identifier && ["puts", "print", "return", "raise"].contains(last.text)) { return false }
            }
            position += 2
        }
        var squiggly = false
        if language == .ruby, byte(position) == UInt8(ascii: "~") || byte(position) == UInt8(ascii: "-") {
            squiggly = true
            position += 1
        }
        var quote: UInt8 = 0
        if byte(position) == UInt8(ascii: "'") || byte(position) == UInt8(ascii: "\"") {
            quote = byte(position)
            position += 1
        }
        let nameStart = position
        while Self.isIdentifierByte(byte(position)) { position += 1 }
        guard position > nameStart, language == .php || squiggly || quote != 0 || (byte(nameStart) >= 0x41 && byte(nameStart) <= 0x5A)
        else { return false }
        let terminator = Array(bytes[nameStart..<position])
        if quote != 0 {
            guard byte(position) == quote else { return false }
            position += 1
        }
        let start = index
        index = position
        add(.string, "", from: start)
        pendingHeredocs.append((terminator, quote != UInt8(ascii: "'"), tokens.count - 1, squiggly || language == .php))
        return true
    }

    /// Reads the bodies of the heredocs opened on the line just ended.
    mutating func readHeredocBodies() {
        guard !pendingHeredocs.isEmpty else { return }
        for heredoc in pendingHeredocs {
            var lines: [[UInt8]] = []
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = Array(bytes[index..<end])
                index = min(bytes.count, end + 1)
                let trimmed = heredoc.squiggly ? Array(line.drop { $0 == 0x20 || $0 == 0x09 }) : line
                let body = trimmed.last == 0x0D ? Array(trimmed.dropLast()) : trimmed
                if body.starts(with: heredoc.terminator), !Self.isIdentifierByte(body.dropFirst(heredoc.terminator.count).first ?? 0x20) {
                    break
                }
                lines.append(line)
            }
            if heredoc.squiggly {
                // `<<~`: the least indentation of its lines is removed.
                let indent =
                    lines.filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }.map { $0.prefix { $0 == 0x20 || $0 == 0x09 }.count }.min()
                    ?? 0
                lines = lines.map { Array($0.dropFirst(min(indent, $0.count))) }
            }
            let value = Array(lines.joined(separator: [0x0A]))
            tokens[heredoc.token].text = String(decoding: value, as: UTF8.self)
            tokens[heredoc.token].end = index
            let interpolationMark: [UInt8] = language == .ruby ? Array("#{".utf8) : Array("$".utf8)
            tokens[heredoc.token].interpolated =
                heredoc.interpolated && value.indices.contains { value[$0...].starts(with: interpolationMark) }
        }
        pendingHeredocs = []
        sawLineBreak = true
    }
}
