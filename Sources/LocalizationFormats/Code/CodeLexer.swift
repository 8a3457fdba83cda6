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
    /// The code inside the Swift interpolations of the literals read at the top level (`"\(…)"`:
    /// the bytes between the parentheses), which may hold lookups of their own.
    var interpolations: [Range<Int>] = []
    /// Where each Swift literal read inside an interpolation ended, by where it started: an
    /// unterminated literal sends its reader back to just after its quote, so the code after it
    /// is read again, with the literals nested in it; remembered, each is read once (otherwise
    /// every level of nesting doubled the work).
    var nestedSwiftEnds: [Int: Int] = [:]

    public static func tokens(of bytes: [UInt8], language: CodeLanguage) -> [CodeToken] {
        tokensAndInterpolations(of: bytes, language: language).tokens
    }

    /// The tokens, and the code inside Swift string interpolations (byte ranges of `bytes`).
    public static func tokensAndInterpolations(of bytes: [UInt8], language: CodeLanguage)
        -> (tokens: [CodeToken], interpolations: [Range<Int>])
    {
        var lexer = CodeLexer(bytes: bytes, language: language)
        lexer.tokens.reserveCapacity(bytes.count / 5)
        lexer.run()
        return (lexer.tokens, lexer.interpolations)
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

    /// Operator characters, as a table indexed by byte (no set lookup per byte).
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
        // Preprocessor lines are skipped, but an Objective-C `#define` that names a lookup, which may
        // define a wrapper (`#define L(key) NSLocalizedString(key, nil)`); other macros may hold
        // brackets that do not balance.
        if language == .objectiveC, sawLineBreak, starts("#define ", at: index), defineNamesALookup() { return false }
        if language == .csharp || language == .objectiveC { return sawLineBreak && !starts("#\"", at: index) }
        return false
    }

    /// Whether the `#define` at `index` (with its `\`-continued lines) says "ocalized".
    func defineNamesALookup() -> Bool {
        var position = index
        while position + 8 <= bytes.count {
            let byte = bytes[position]
            if byte == 0x0A || byte == 0x0D {
                // A line that ends in `\` goes on.
                var back = position - 1
                while back > index, bytes[back] == 0x20 || bytes[back] == 0x09 { back -= 1 }
                guard bytes[back] == UInt8(ascii: "\\") else { return false }
            }
            if byte == UInt8(ascii: "o"), bytes[position..<(position + 8)].elementsEqual("ocalized".utf8) { return true }
            position += 1
        }
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
}
