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
