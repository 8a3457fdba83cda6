import Foundation
import LocalizationFormats
import LocalizationIndex

/// A translation whose leading or trailing whitespace, line breaks or doubled spaces differ from
/// its development text's.
struct WhitespaceMismatchRule: Rule {
    static let description = RuleDescription(
        id: "whitespace-mismatch", name: "Whitespace that differs from the development text", area: .text,
        summary:
            "a translation that drops or adds the leading or trailing space or line break of its development text, breaks lines where it does not (or not where it does), or doubles a space",
        rationale:
            "Apps build text from pieces: 'Name: ' followed by the user's name, a value after a label, a sentence after another. The development text's edge spaces are there for the piece that follows or precedes it, so a translation that drops one runs the words together ('Name:Anna') and one that adds one leaves a gap. A line break the development text has is a layout decision (a two-line button, a title above a subtitle); a translation without it shows one long line that is cut or wraps elsewhere, and one that adds a break in a one-line label pushes text out of its view. A doubled space shows as a gap. Whitespace is compared as written in the file, after escapes are read. A space added at the end counts only for a fragment the app joins to something (a development text that ends in a placeholder or starts with a space), and line breaks between sentences may become a full stop and a space. A space added at the end, a space dropped after a finished sentence ('You’re protected! '), a line break left out (a multi-line label wraps the text anyway), and line breaks added to a paragraph (over 60 characters) or to Chinese or Japanese text are notes: judged on real apps, they seldom show. Not reported: a Chinese or Japanese text ending in a full-width mark (。：！？、) where the development text ends in a mark and a space (the full-width mark carries its own space); a text that is only whitespace; stringsdict plural forms.",
        fix: "Make the translation's edges and line breaks match its development text (for a doubled space, delete one).",
        defaultSeverity: .warning,
        triggering: [
            .tables(("en", "\"label.name\" = \"Name: \";\n"), ("de", "\"label.name\" = ↓\"Name:\";\n")),
            .tables(("en", "\"onboarding.title\" = \"Welcome to\\nthe app\";\n"), ("ja", "\"onboarding.title\" = ↓\"アプリへようこそ\";\n")),
            .tables(("en", "\"sent\" = \"Sent to %@\";\n"), ("ar", "\"sent\" = ↓\"أُرسلت  إلى %@\";\n")),
        ],
        nonTriggering: [
            .tables(("en", "\"label.name\" = \"Name: \";\n"), ("de", "\"label.name\" = \"Name: \";\n")),
            // The full-width colon carries its own space.
            .tables(("en", "\"label.name\" = \"Name: \";\n"), ("zh-Hans", "\"label.name\" = \"名字：\";\n")),
            .tables(("en", "\"sent\" = \"Sent to %@\";\n"), ("ar", "\"sent\" = \"أُرسلت إلى %@\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        // Each text's whitespace is read as a signature from its bytes in place; only a text
        // whose signature differs from its development text's is read as a string and compared.
        let baseSignatures = context.perBaseTable { Self.signatures(of: $0, context) }
        return context.forEachLocaleTable { table, locale, strings in
            guard let base = context.baseTable(table), let sources = baseSignatures[table] else { return [] }
            let keysAreText = context.developmentTextInKeys(of: table) != nil
            let shared = strings.numbering === sources.numbering
            var result: [Finding] = []
            func compare(_ key: String, _ number: Int?, _ signature: WhitespaceSignature, _ string: LocalizedString?) {
                let sourceSignature =
                    shared && number != nil ? sources.byNumber[number ?? 0] : sources.byKey[key]
                guard signature != sourceSignature,
                    let string = string ?? strings.string(forKey: key, number: number, numberedBy: strings.numbering),
                    let text = string.value,
                    let source = base.strings.string(forKey: key, number: number, numberedBy: strings.numbering)?.value
                        ?? (keysAreText || string.origin == .catalog ? key : nil)
                else { return }
                if let made = report(
                    source: source, translation: text, key: key, locale: locale, table: table, path: string.path,
                    string: string)
                {
                    result.append(made)
                }
            }
            strings.forEachText(
                texts: { number, bytes, _ in
                    let signature = WhitespaceSignature(bytes)
                    // The key is read only for a text whose signature differs.
                    if shared, signature == sources.byNumber[number] { return }
                    compare(strings.numbering.keys[number], number, signature, nil)
                },
                others: { key, number, string in
                    guard string.origin != .stringsdict else { return }
                    compare(key, number, WhitespaceSignature(string), string)
                })
            return result
        }
    }

    /// The signatures of a table's development texts, by key number (and by key for keys outside
    /// the numbering).
    struct SourceSignatures {
        var numbering: TableKeyNumbers
        var byNumber: [WhitespaceSignature?]
        var byKey: [String: WhitespaceSignature] = [:]
    }

    static func signatures(of table: String, _ context: RuleContext) -> SourceSignatures {
        guard let base = context.baseTable(table) else { return SourceSignatures(numbering: .empty, byNumber: []) }
        let numbering = base.strings.numbering
        var result = SourceSignatures(numbering: numbering, byNumber: Array(repeating: nil, count: numbering.keys.count))
        let keysAreText = context.developmentTextInKeys(of: table) != nil
        base.strings.forEach { key, number, string in
            guard string.origin != .stringsdict else { return }
            var signature = WhitespaceSignature(string)
            if string.value == nil, keysAreText { signature = WhitespaceSignature(key) }
            if let number, number < result.byNumber.count { result.byNumber[number] = signature } else { result.byKey[key] = signature }
        }
        return result
    }

    /// The finding for a text whose whitespace differs from its development text's, if it does.
    func report(
        source: String, translation: String, key: String, locale: String, table: String, path: String,
        string: LocalizedString
    ) -> Finding? {
        guard source != translation, !source.isEmpty, !translation.isEmpty,
            let difference = WhitespaceDifference.between(source: source, translation: translation, locale: locale)
        else { return nil }
        var made = finding(
            .whitespace(difference, key: key, locale: locale, source: source, translation: translation), path: path,
            at: string.textLocation, key: key, locale: locale, table: table)
        if difference.isMinor(source: source, locale: locale) { made.diagnostic.severity = .note }
        return made
    }
}

/// What decides whether two texts' whitespace may differ: edge whitespace at either end, a line
/// break inside, a doubled space; read in one pass over the bytes.
struct WhitespaceSignature: Equatable {
    var leading = false
    var trailing = false
    /// Any line break (one at an edge too: the texts are compared when anything differs).
    var innerBreak = false
    var doubleSpace = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first, let last = bytes.last else { return }
        leading = WhitespaceDifference.isSpace(first)
        trailing = WhitespaceDifference.isSpace(last)
        guard let base = bytes.baseAddress else { return }
        innerBreak = memchr(base, 0x0A, bytes.count) != nil
        // Two spaces in a row, eight bytes at a time: a byte that is a space becomes zero, an
        // exact zero-byte mask marks each, and a mark beside a mark is a pair.
        let raw = UnsafeRawPointer(base)
        let spaces: UInt64 = 0x2020_2020_2020_2020
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var index = 0
        var previous: UInt8 = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ spaces
            let zeros = ~(((word & lows) &+ lows) | word | lows)
            if zeros & (zeros >> 8) != 0 || (previous == 0x20 && zeros & 0x80 != 0) {
                doubleSpace = true
                return
            }
            previous = bytes[index + 7]
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == 0x20 && previous == 0x20 {
                doubleSpace = true
                return
            }
            previous = bytes[index]
            index += 1
        }
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { WhitespaceSignature($0) }
    }

    /// A `.strings` text's bytes in place; another's string.
    init(_ string: LocalizedString) {
        if let signature = string.withValueBytes({ WhitespaceSignature($0) }) {
            self = signature
        } else {
            self = WhitespaceSignature(string.value ?? "")
        }
    }
}

/// How a translation's whitespace differs from its development text's: the first difference,
/// edges first.
enum WhitespaceDifference: Equatable {
    case dropsLeading(String)
    case addsLeading(String)
    case dropsTrailing(String)
    case addsTrailing(String)
    case lineBreaks(source: Int, translation: Int)
    case doubledSpace

    static func between(source: String, translation: String, locale: String) -> WhitespaceDifference? {
        let sourceBytes = Array(source.utf8)
        let bytes = Array(translation.utf8)
        // A text of whitespace alone is a spacer, not a sentence.
        guard sourceBytes.contains(where: { !isSpace($0) }), bytes.contains(where: { !isSpace($0) }) else { return nil }
        let sourceLead = sourceBytes.prefix(while: isSpace)
        let lead = bytes.prefix(while: isSpace)
        if !sourceLead.isEmpty, lead.isEmpty { return .dropsLeading(describe(sourceLead)) }
        if sourceLead.isEmpty, !lead.isEmpty { return .addsLeading(describe(lead)) }
        let sourceTail = sourceBytes.reversed().prefix(while: isSpace)
        let tail = bytes.reversed().prefix(while: isSpace)
        if !sourceTail.isEmpty, tail.isEmpty, !endsInFullWidthMark(translation, locale: locale) {
            return .dropsTrailing(describe(Array(sourceTail.reversed())))
        }
        // A space added at the end shows only where the app puts something after the text: a
        // fragment, whose development text ends in a placeholder or starts with a space. A line
        // break added makes the view a line taller wherever it is.
        if sourceTail.isEmpty, !tail.isEmpty, tail.contains(0x0A) || isFragment(sourceBytes) {
            return .addsTrailing(describe(Array(tail.reversed())))
        }
        // Line breaks inside the text: one side has some and the other none.
        let sourceBreaks = sourceBytes.dropFirst(sourceLead.count).dropLast(sourceTail.count).filter { $0 == 0x0A }.count
        let breaks = bytes.dropFirst(lead.count).dropLast(tail.count).filter { $0 == 0x0A }.count
        // Line breaks between sentences may become a full stop and a space.
        if (sourceBreaks == 0) != (breaks == 0), breaks > 0 || !breaksOnlyBetweenSentences(sourceBytes) {
            return .lineBreaks(source: sourceBreaks, translation: breaks)
        }
        if hasDoubleSpace(bytes), !hasDoubleSpace(sourceBytes) { return .doubledSpace }
        return nil
    }

    /// Differences seldom seen (judged by hand on the corpus apps): a space added at the end (it
    /// shows only when the app appends text, which the development text does not expect), a line
    /// break left out (a multi-line label wraps the text anyway), and line breaks added in a
    /// paragraph (over 60 characters, where the text wraps anyway) or in Chinese and Japanese
    /// (which break lines anywhere).
    func isMinor(source: String, locale: String) -> Bool {
        switch self {
        case .addsTrailing(let what): return !what.contains("line break")
        // A space after a finished sentence ('You’re protected! ') joins nothing to a word: a
        // text that ends a sentence is shown alone, or before another sentence that brings its
        // own space.
        case .dropsTrailing(let what): return !what.contains("line break") && Self.endsSentence(source)
        case .lineBreaks(let sourceBreaks, _):
            let language = LocaleName.language(of: locale)
            return sourceBreaks > 0 || source.count > 60 || language == "zh" || language == "ja" || language == "yue"
        default: return false
        }
    }

    /// Whether a text is a sentence whose last mark before its trailing whitespace ends it (`.`,
    /// `!`, `?`, `…`, and the full-width and other scripts' forms): a list marker ('%lld. ') has
    /// no words, and its space separates it from the item.
    static func endsSentence(_ text: String) -> Bool {
        guard MissingTranslationRule.hasWords(text), let last = text.unicodeScalars.reversed().first(where: { !$0.properties.isWhitespace })
        else {
            return false
        }
        return ".!?…。！？։؟।။።".unicodeScalars.contains(last)
    }

    /// Whether a text is a piece the app joins to others: it ends in a placeholder (`%@`,
    /// `%1$@`, `%d`) or starts with whitespace.
    static func isFragment(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if isSpace(first) { return true }
        let trimmed = Array(bytes.reversed().drop(while: isSpace).reversed())
        // The last '%' of the text starts a specifier that runs to its end.
        guard let percent = trimmed.lastIndex(of: UInt8(ascii: "%")), trimmed.count - percent <= 8 else { return false }
        let scalars = Array(String(decoding: trimmed[percent...], as: UTF8.self).unicodeScalars)
        return scalars.count > 1 && scalars[1] != "%" && InlineMarkdown.pastSpecifier(scalars, from: 0) == scalars.count
    }

    /// Whether every line break inside a text (its edges' whitespace aside) follows the end of a
    /// sentence (`.`, `!`, `?`, `…`), so a translation may join the lines with a space.
    static func breaksOnlyBetweenSentences(_ bytes: [UInt8]) -> Bool {
        let inner = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        var sawBreak = false
        // The last byte before the current run of spaces and line breaks, and the two before it.
        var last: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in inner {
            if byte == 0x0A {
                sawBreak = true
                let endsSentence =
                    last.2 == UInt8(ascii: ".") || last.2 == UInt8(ascii: "!") || last.2 == UInt8(ascii: "?")
                    || (last.0 == 0xE2 && last.1 == 0x80 && last.2 == 0xA6)
                if !endsSentence { return false }
            } else if byte != 0x20 {
                last = (last.1, last.2, byte)
            }
        }
        return sawBreak
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    static func hasDoubleSpace(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
    }

    /// Chinese and Japanese end a label with a full-width mark that carries its own space.
    static func endsInFullWidthMark(_ text: String, locale: String) -> Bool {
        let language = LocaleName.language(of: locale)
        guard language == "zh" || language == "ja" || language == "yue", let last = text.unicodeScalars.last else { return false }
        return ["\u{3002}", "\u{FF1A}", "\u{FF01}", "\u{FF1F}", "\u{3001}", "\u{FF0C}", "\u{FF1B}"].contains(last)
    }

    /// "space" for "a space", "2 spaces" as it is: what follows "the".
    static func definite(_ what: String) -> String {
        what.replacingOccurrences(of: "a space", with: "space").replacingOccurrences(of: "a line break", with: "line break")
    }

    /// `a space`, `2 spaces`, `a line break`, `a space and a line break`.
    static func describe<S: Collection>(_ bytes: S) -> String where S.Element == UInt8 {
        let spaces = bytes.filter { $0 == 0x20 || $0 == 0x09 }.count
        let breaks = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count
        var parts: [String] = []
        if spaces > 0 { parts.append(spaces == 1 ? "a space" : "\(spaces) spaces") }
        if breaks > 0 { parts.append(breaks == 1 ? "a line break" : "\(breaks) line breaks") }
        return parts.joined(separator: " and ")
    }
}

extension Finding.Message {
    fileprivate static func whitespace(_ difference: WhitespaceDifference, key: String, locale: String, source: String, translation: String)
        -> Finding.Message
    {
        // Line breaks and tabs written as escapes: the message stays on one line and shows them.
        func shown(_ text: String) -> String {
            text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t").excerpt
        }
        let texts = "('\(shown(source))' → '\(shown(translation))')"
        switch difference {
        case .dropsLeading(let what):
            return
                "the '\(locale)' text of '\(key)' drops the \(WhitespaceDifference.definite(what)) its development text starts with \(texts): whatever the app puts before it runs into it"
        case .addsLeading(let what):
            return
                "the '\(locale)' text of '\(key)' starts with \(what) its development text does not \(texts): it shows indented or after a gap"
        case .dropsTrailing(let what):
            return
                "the '\(locale)' text of '\(key)' drops the \(WhitespaceDifference.definite(what)) its development text ends with \(texts): whatever the app puts after it runs into it"
        case .addsTrailing(let what):
            return "the '\(locale)' text of '\(key)' ends with \(what) its development text does not \(texts): a gap before what follows it"
        case .lineBreaks(let sourceBreaks, let breaks):
            return sourceBreaks > 0
                ? "the '\(locale)' text of '\(key)' has no line break where its development text has \(sourceBreaks) \(texts): one line where the layout expects \(sourceBreaks + 1)"
                : "the '\(locale)' text of '\(key)' breaks the line \(breaks) time\(breaks == 1 ? "" : "s") where its development text is one line \(texts)"
        case .doubledSpace:
            return "the '\(locale)' text of '\(key)' has two spaces in a row where its development text has none \(texts): a gap shows"
        }
    }
}
