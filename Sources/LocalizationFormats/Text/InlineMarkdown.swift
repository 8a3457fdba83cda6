/// The inline Markdown of a localized text, read the way Foundation's `AttributedString`
/// reads it for SwiftUI's `Text(_: LocalizedStringKey)` and `AttributedString(localized:)`
/// (inline-only parsing of CommonMark with GitHub's strikethrough): emphasis `*…*` `_…_`, strong
/// `**…**` `__…__`, strikethrough `~~…~~`, code `` `…` `` and links `[text](target)`.
///
/// A simplification of CommonMark's delimiter rules that decides what a translator can break:
/// a run of `*` counts when a non-space stands on one side of it (`5 * 3` is no emphasis), a run
/// of `_` only outside a word (`snake_case` is none), and a delimiter is balanced when its
/// count is even. Printf specifiers (`%*d`, `%@`) are read past.
public struct InlineMarkdown: Sendable, Equatable {
    /// A delimiter a text opens and closes.
    public enum Delimiter: String, Sendable, CaseIterable, Comparable {
        case strong = "**"
        case strongUnderscore = "__"
        case emphasis = "*"
        case emphasisUnderscore = "_"
        case strikethrough = "~~"
        case code = "`"

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    public struct Link: Sendable, Equatable {
        public var text: String
        public var target: String

        public init(text: String, target: String) {
            self.text = text
            self.target = target
        }
    }

    public private(set) var links: [Link] = []
    /// How many times each delimiter stands in the text (a `**` counts once).
    public private(set) var counts: [Delimiter: Int] = [:]
    /// A `](` with no closing `)`: the link shows as typed.
    public private(set) var brokenLinks = 0

    public init(_ text: String) {
        // Most texts hold no delimiter and no bracket at all: found from the bytes first.
        guard Self.mayHoldMarkup(text) else { return }
        let scalars = Array(text.unicodeScalars)
        let pairs = Pairs(scalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                index += 2
            case "%":
                index = Self.pastSpecifier(scalars, from: index)
            case "`":
                let run = Self.run(of: "`", in: scalars, from: index)
                // A code span runs to the next run of the same length; its content is no markup.
                if let close = Self.closingRun(of: run, in: scalars, from: index + run) {
                    counts[.code, default: 0] += 2
                    index = close + run
                } else {
                    counts[.code, default: 0] += 1
                    index += run
                }
            case "*", "_", "~":
                let run = Self.run(of: scalar, in: scalars, from: index)
                for (delimiter, count) in Self.delimiters(ofRunAt: index, length: run, in: scalars) {
                    counts[delimiter, default: 0] += count
                }
                index += run
            case "[":
                guard let link = Self.link(in: scalars, from: index, pairs) else {
                    index += 1
                    continue
                }
                switch link {
                case .link(let text, let target, let end):
                    links.append(Link(text: text, target: target))
                    // The link's text may hold emphasis of its own (a link holds no link: its
                    // brackets are text, and the reading stays one level deep).
                    if !text.unicodeScalars.contains("[") {
                        for (delimiter, count) in InlineMarkdown(text).counts { counts[delimiter, default: 0] += count }
                    }
                    index = end
                case .broken(let end):
                    brokenLinks += 1
                    index = end
                }
            default:
                index += 1
            }
        }
    }

    /// Whether the text holds any byte Markdown starts with (`` ` ``, `*`, `_`, `~`, `[`).
    public static func mayHoldMarkup(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes
            where byte == UInt8(ascii: "`") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "[")
            {
                return true
            }
            return false
        }
    }

    /// Whether the text holds any Markdown: a link, or a delimiter that pairs up.
    public var hasMarkup: Bool { !links.isEmpty || counts.values.contains { $0 > 0 && $0 % 2 == 0 } }

    /// Whether every delimiter pairs up and every link closes.
    public var isBalanced: Bool { brokenLinks == 0 && unpaired.isEmpty }

    /// The delimiters whose count is odd: one shows as typed.
    public var unpaired: [Delimiter] { counts.filter { $0.value % 2 == 1 }.map(\.key).sorted() }

    /// The text as `Text` shows it: delimiters dropped, links as their text (code spans and
    /// escapes as their content). Delimiters that do not pair up stay, as they show.
    public static func rendered(_ text: String) -> String {
        let markdown = InlineMarkdown(text)
        let unpaired = Set(markdown.unpaired)
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        let pairs = Pairs(scalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where index + 1 < scalars.count && isEscapable(scalars[index + 1]):
                out.append(scalars[index + 1])
                index += 2
            case "%":
                let end = pastSpecifier(scalars, from: index)
                out.append(contentsOf: scalars[index..<end])
                index = end
            case "`" where !unpaired.contains(.code):
                let run = Self.run(of: "`", in: scalars, from: index)
                if let close = closingRun(of: run, in: scalars, from: index + run) {
                    out.append(contentsOf: scalars[(index + run)..<close])
                    index = close + run
                } else {
                    out.append(contentsOf: scalars[index..<(index + run)])
                    index += run
                }
            case "*", "_", "~":
                let run = Self.run(of: scalar, in: scalars, from: index)
                let kinds: [Delimiter]
                switch scalar {
                case "*": kinds = [.strong, .emphasis]
                case "_": kinds = [.strongUnderscore, .emphasisUnderscore]
                default: kinds = [.strikethrough]
                }
                let isDelimiter = !delimiters(ofRunAt: index, length: run, in: scalars).isEmpty
                if !isDelimiter || kinds.contains(where: unpaired.contains) {
                    out.append(contentsOf: scalars[index..<(index + run)])
                }
                index += run
            case "[":
                if case .link(let linkText, _, let end) = link(in: scalars, from: index, pairs) {
                    out.append(contentsOf: (linkText.unicodeScalars.contains("[") ? linkText : rendered(linkText)).unicodeScalars)
                    index = end
                } else {
                    out.append(scalar)
                    index += 1
                }
            default:
                out.append(scalar)
                index += 1
            }
        }
        return String(out)
    }

    /// What a run of `*`, `_` or `~` at `index` counts as: none when spaces stand on both sides
    /// of it (`5 * 3`), for `_` inside a word (`snake_case`), or for `~` other than `~~`.
    static func delimiters(ofRunAt index: Int, length run: Int, in scalars: [Unicode.Scalar]) -> [Delimiter: Int] {
        let scalar = scalars[index]
        let before = index > 0 ? scalars[index - 1] : " "
        let after = index + run < scalars.count ? scalars[index + run] : " "
        guard !(before.properties.isWhitespace && after.properties.isWhitespace) else { return [:] }
        var found: [Delimiter: Int] = [:]
        switch scalar {
        case "~":
            if run == 2 { found[.strikethrough] = 1 }
        case "*":
            if run >= 2 { found[.strong] = run / 2 }
            if run % 2 == 1 { found[.emphasis] = 1 }
        default:
            if isWord(before), isWord(after) { return [:] }
            if run >= 2 { found[.strongUnderscore] = run / 2 }
            if run % 2 == 1 { found[.emphasisUnderscore] = 1 }
        }
        return found
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func isEscapable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && scalar.properties.isPatternSyntax
    }

    static func run(of scalar: Unicode.Scalar, in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, scalars[end] == scalar { end += 1 }
        return end - start
    }

    /// How far a code span may reach (in scalars) to close.
    static let reach = 2_000

    /// The start of the next run of exactly `length` backticks after `start`, within `reach`.
    static func closingRun(of length: Int, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < min(scalars.count, start + reach) {
            guard scalars[index] == "`" else {
                index += 1
                continue
            }
            let run = run(of: "`", in: scalars, from: index)
            if run == length { return index }
            index += run
        }
        return nil
    }

    enum LinkParse {
        case link(text: String, target: String, end: Int)
        case broken(end: Int)
    }

    /// Where each `[` and `(` of a text closes, found in one pass with a stack: brackets do not
    /// pair across a blank line, parentheses not across a line break, and an escaped one is text.
    struct Pairs {
        var brackets: [Int: Int] = [:]
        var parens: [Int: Int] = [:]

        init(_ scalars: [Unicode.Scalar]) {
            guard scalars.contains("[") else { return }
            var openBrackets: [Int] = []
            var openParens: [Int] = []
            var index = 0
            while index < scalars.count {
                switch scalars[index] {
                case "\\": index += 1
                case "[": openBrackets.append(index)
                case "]": if let open = openBrackets.popLast() { brackets[open] = index }
                case "(": openParens.append(index)
                case ")": if let open = openParens.popLast() { parens[open] = index }
                case "\n":
                    openParens.removeAll()
                    if index + 1 < scalars.count, scalars[index + 1] == "\n" { openBrackets.removeAll() }
                default: break
                }
                index += 1
            }
        }
    }

    /// `[text](target)` from the `[` at `start`; `.broken` for a `[text](` that never closes.
    static func link(in scalars: [Unicode.Scalar], from start: Int, _ pairs: Pairs) -> LinkParse? {
        guard let close = pairs.brackets[start], close + 1 < scalars.count, scalars[close + 1] == "(" else { return nil }
        guard let end = pairs.parens[close + 1] else { return .broken(end: close + 2) }
        let text = String(String.UnicodeScalarView(scalars[(start + 1)..<close]))
        var target = Substring(String(String.UnicodeScalarView(scalars[(close + 2)..<end])))
        // A title after the target: `[x](url "title")`.
        if let space = target.firstIndex(where: { $0 == " " }) { target = target[..<space] }
        if target.hasPrefix("<"), target.hasSuffix(">") { target = target.dropFirst().dropLast() }
        return .link(text: text, target: String(target), end: end + 1)
    }

    /// Past a printf specifier as CoreFoundation reads one (`%@`, `%1$lld`, `%-5.2f`, `%*d`,
    /// `%%`): an argument number, flags, a width, a precision, a length and a conversion. A `%`
    /// that starts none (`50 %**`) is passed alone.
    public static func pastSpecifier(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        func skip(_ set: String) {
            while index < scalars.count, scalars[index].isASCII, set.unicodeScalars.contains(scalars[index]) { index += 1 }
        }
        // An argument number: digits and '$'.
        let digitsStart = index
        skip("0123456789")
        if index < scalars.count, scalars[index] == "$", index > digitsStart { index += 1 } else { index = digitsStart }
        skip("-+ #0'")
        skip("0123456789*")
        if index < scalars.count, scalars[index] == "." {
            index += 1
            skip("0123456789*")
        }
        skip("hlqLzjt")
        guard index < scalars.count, scalars[index].isASCII, "@dDiuUxXoOfFeEgGaAcCsSpn%".unicodeScalars.contains(scalars[index])
        else { return start + 1 }
        return index + 1
    }
}
