import LocalizationFormats
import LocalizationIndex

/// A translation that ends in other punctuation than its development text: a question turned
/// into a statement, a label's colon lost, a period added to a button.
struct PunctuationMismatchRule: Rule {
    static let description = RuleDescription(
        id: "punctuation-mismatch", name: "End punctuation that differs from the development text", area: .text,
        summary:
            "a translation that loses the colon that ends a label, the question mark of a question, or the ellipsis of a menu item, in the language's own forms",
        rationale:
            "The end of a text carries its meaning and its place in the interface: a colon introduces the value after a label, an ellipsis on a menu item says a dialog follows, a question mark asks, a button has no full stop. Each language writes these its own way, and those forms are the same punctuation: Chinese and Japanese full-width marks (。：？！), Arabic, Persian and Urdu ؟ and ۔, the Greek question mark ; (U+037E or a semicolon), Devanagari । and ॥, Armenian ։, Ethiopic ። and its colons ፥ ፦, Burmese ။, Khmer ។, Tibetan །, and '...' for '…' (Unicode's Sentence_Terminal and Terminal_Punctuation properties; CLDR's exemplar punctuation). Closing quotes and brackets after the mark, and trailing whitespace, are read past. Compared: a colon ending a label of up to 60 characters (at the end of a paragraph a colon introduces what the layout puts below, which a translation may say another way), the question mark of a question of one sentence ('Failed. Perhaps the account is gone?' may become a statement), and the ellipsis of a command of up to four words. Opt-in, and notes: judged on real apps, a lost colon is mostly on a label beside its control, where nothing runs together, and half the findings were the translator's good choice. Not reported, judged on real apps as the translator's style nearly every time: a full stop or exclamation mark added, dropped or swapped. Nor Armenian questions and exclamations (marked on a word, not at the end) and an Armenian label ending in its mijaket (.), a Burmese question ending in ။ (Burmese has no question mark), an Amharic colon written ፡-, an ellipsis the word order moves elsewhere in the text (Punjabi, Hindi), Chinese and Japanese titles without a question mark, or texts without letters.",
        fix: "End the translation with the same punctuation as its development text, in the language's own form.",
        defaultSeverity: .note, isOptIn: true,
        triggering: [
            .tables(
                ("en", "\"delete.confirm\" = \"Delete this post?\";\n"), ("de", "\"delete.confirm\" = ↓\"Diesen Beitrag löschen.\";\n")),
            .tables(("en", "\"label.name\" = \"Name:\";\n"), ("ja", "\"label.name\" = ↓\"名前\";\n")),
            .tables(("en", "\"menu.export\" = \"Export…\";\n"), ("ar", "\"menu.export\" = ↓\"تصدير\";\n")),
        ],
        nonTriggering: [
            .tables(
                ("en", "\"delete.confirm\" = \"Delete this post?\";\n"), ("es", "\"delete.confirm\" = \"¿Eliminar esta publicación?\";\n")),
            .tables(("en", "\"label.name\" = \"Name:\";\n"), ("ja", "\"label.name\" = \"名前：\";\n")),
            .tables(("en", "\"delete.confirm\" = \"Delete this post?\";\n"), ("ar", "\"delete.confirm\" = \"حذف هذا المنشور؟\";\n")),
            .tables(
                ("en", "\"delete.confirm\" = \"Delete this post?\";\n"), ("el", "\"delete.confirm\" = \"Διαγραφή αυτής της ανάρτησης;\";\n")
            ),
            .tables(("en", "\"saved\" = \"Saved.\";\n"), ("th", "\"saved\" = \"บันทึกแล้ว\";\n")),
            // A full stop dropped or added is style, not reported.
            .tables(("en", "\"saved\" = \"Saved.\";\n"), ("de", "\"saved\" = \"Gespeichert\";\n")),
            .tables(("en", "\"delete.confirm\" = \"Delete this post?\";\n"), ("hy", "\"delete.confirm\" = \"Ջնջե՞լ այս գրառումը։\";\n")),
            .tables(("en", "\"menu.export\" = \"Export…\";\n"), ("fr", "\"menu.export\" = \"Exporter...\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        // Only a development text ending in a colon, a question mark or an ellipsis can lose it:
        // those are found once per table, and only their translations are read.
        let baseEnds = context.perBaseTable { Self.ends(of: $0, context) }
        return context.forEachLocaleTable { table, locale, strings in
            guard let sources = baseEnds[table], !sources.ends.isEmpty else { return [] }
            let language = LocaleName.language(of: locale)
            var result: [Finding] = []
            for source in sources.ends {
                guard
                    let string = strings.string(
                        forKey: source.key, number: source.number, numberedBy: source.number == nil ? nil : sources.numbering),
                    string.origin != .stringsdict
                else { continue }
                let end = EndPunctuation(string, language: language)
                guard end != source.end, EndPunctuation.reported(source: source.end, translation: end, language: language),
                    let text = string.value, text != source.text, text.contains(where: \.isLetter),
                    // An ellipsis the word order moves to the front ('…ਨਾਲ ਸਫ਼ਾ ਸਾਂਝਾ ਕਰੋ') is kept.
                    source.end != .ellipsis || !(text.contains("\u{2026}") || text.contains("..."))
                else { continue }
                result.append(
                    finding(
                        .punctuation(
                            key: source.key, locale: locale, source: source.text, sourceEnd: source.end, translation: text, end: end),
                        path: string.path, at: string.textLocation, key: source.key, locale: locale, table: table))
            }
            return result
        }
    }

    /// A development text that ends in a mark a translation may lose.
    struct SourceEnd {
        var key: String
        var number: Int?
        var text: String
        var end: EndPunctuation
    }

    /// The development texts of a table that end in a colon (a label of up to 60 characters: at
    /// the end of a paragraph a colon introduces what the layout puts below, which a translation
    /// may say another way), a question mark or an ellipsis.
    static func ends(of table: String, _ context: RuleContext) -> (numbering: TableKeyNumbers, ends: [SourceEnd]) {
        guard let base = context.baseTable(table), let baseLocale = context.baseLocale else { return (.empty, []) }
        let language = LocaleName.language(of: baseLocale)
        var result: [SourceEnd] = []
        let keysAreText = context.developmentTextInKeys(of: table) != nil
        base.strings.forEach { key, number, string in
            guard string.origin != .stringsdict else { return }
            let end =
                string.value == nil && keysAreText
                ? EndPunctuation(text: key, language: language) : EndPunctuation(string, language: language)
            guard end == .colon || end == .question || end == .ellipsis, let text = string.value ?? (keysAreText ? key : nil),
                text.contains(where: \.isLetter), end != .colon || text.count <= 60,
                // A question of one sentence (a translation may turn 'Failed. Perhaps…?' into a
                // statement); an ellipsis on a command of a few words, not on a trailing phrase.
                end != .question || !Self.hasSentenceBreak(text), end != .ellipsis || Self.words(text) <= 4
            else { return }
            result.append(SourceEnd(key: key, number: number, text: text, end: end))
        }
        return (base.strings.numbering, result)
    }
}

extension PunctuationMismatchRule {
    /// Whether a text holds a sentence end before its last: '. ', '! ', '? ' followed by more.
    static func hasSentenceBreak(_ text: String) -> Bool {
        // Without the closing mark and the whitespace after it.
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        scalars = Array(scalars.dropLast())
        for index in scalars.indices.dropLast() where ".!?".unicodeScalars.contains(scalars[index]) {
            if scalars[index + 1].properties.isWhitespace { return true }
        }
        return false
    }

    /// The number of space-separated words.
    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }
}

/// The punctuation a text ends with, whatever the script writes it as.
enum EndPunctuation: UInt8, Equatable {
    case none, fullStop, colon, question, exclamation, ellipsis

    /// A `.strings` text's last scalars read from its bytes in place; another's from its string.
    init(_ string: LocalizedString, language: String) {
        if let end = string.withValueBytes({ EndPunctuation(bytes: $0, language: language) }) {
            self = end
        } else {
            self = EndPunctuation(text: string.value ?? "", language: language)
        }
    }

    init(text: String, language: String) {
        var text = text
        self = text.withUTF8 { EndPunctuation(bytes: $0, language: language) }
    }

    /// From the end: past whitespace and closing quotes and brackets, the last scalar.
    init(bytes: UnsafeBufferPointer<UInt8>, language: String) {
        var end = bytes.count
        while end > 0 {
            // The scalar that ends at `end`: back over continuation bytes to its lead byte.
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let scalar = Self.decode(bytes, start..<end)
            if let scalar, Self.isSkipped(scalar) {
                end = start
                continue
            }
            guard let scalar else {
                self = .none
                return
            }
            self = Self.classify(scalar, before: start > 0 ? Self.previousScalar(bytes, before: start) : nil, language: language)
            return
        }
        self = .none
    }

    static func classify(_ scalar: Unicode.Scalar, before: Unicode.Scalar?, language: String) -> EndPunctuation {
        switch scalar {
        case ".":
            // "..." is an ellipsis; "%@." and "etc." are full stops.
            return before == "." ? .ellipsis : .fullStop
        case "\u{3002}", "\u{FF0E}", "\u{FF61}", "\u{0964}", "\u{0965}", "\u{06D4}", "\u{0589}", "\u{1362}", "\u{104B}", "\u{17D4}",
            "\u{0F0D}", "\u{0DF4}":
            return .fullStop
        // The full-width colon, and the look-alikes Traditional Chinese texts use for it
        // (U+FE30 two dot leader, U+FE13 vertical colon, U+2236 ratio).
        // Ethiopic writes a colon as ፥ or ፦, and Amharic texts also as ፡- (wordspace and hyphen).
        case ":", "\u{FF1A}", "\u{FE30}", "\u{FE13}", "\u{2236}", "\u{1365}", "\u{1366}": return .colon
        case "-": return before == "\u{1361}" ? .colon : .none
        case "?", "\u{FF1F}", "\u{061F}", "\u{037E}", "\u{055E}", "\u{1367}": return .question
        // A semicolon ends a Greek question.
        case ";": return language == "el" ? .question : .none
        case "!", "\u{FF01}", "\u{055C}", "\u{1368}": return .exclamation
        case "\u{2026}", "\u{22EF}", "\u{FE19}": return .ellipsis
        default: return .none
        }
    }

    /// Whitespace, closing quotes and brackets, and format-control marks: read past.
    static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\n", "\t", "\r", "\u{00A0}", "\u{202F}", "\u{200F}", "\u{200E}", "\u{061C}", "\"", "'", ")", "]", "}", "\u{201D}",
            "\u{2019}", "\u{00BB}", "\u{203A}", "\u{300D}", "\u{300F}", "\u{FF09}", "\u{3011}", "\u{201C}", "\u{00AB}":
            return true
        default: return false
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Unicode.Scalar? {
        var iterator = bytes[range].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    static func previousScalar(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Unicode.Scalar? {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(bytes, start..<end)
    }

    /// The differences worth a word (judged by hand on the corpus apps): a label's colon lost or
    /// changed, a question that no longer ends as one, an ellipsis lost. A full stop or an
    /// exclamation mark added, dropped or swapped is the translator's style nearly every time,
    /// and is not reported. A language's own writing is respected: Armenian marks questions and
    /// exclamations on a word, and Chinese and Japanese titles often drop the question mark.
    static func reported(source: EndPunctuation, translation: EndPunctuation, language: String) -> Bool {
        switch source {
        // Armenian's mijaket (.) does a colon's work, its verjaket (։) a full stop's.
        case .colon: return !(language == "hy" && translation == .fullStop)
        // Burmese has no question mark: a question ends in a particle and ။.
        case .question:
            return language != "hy" && !(translation == .none && ["zh", "ja", "yue"].contains(language))
                && !(language == "my" && translation == .fullStop)
        case .ellipsis: return translation == .none
        case .none, .fullStop, .exclamation: return false
        }
    }

    /// The mark without its article: "colon", "question mark".
    var noun: String {
        switch self {
        case .none: "punctuation"
        case .fullStop: "full stop"
        case .colon: "colon"
        case .question: "question mark"
        case .exclamation: "exclamation mark"
        case .ellipsis: "ellipsis"
        }
    }

    var described: String {
        switch self {
        case .none: "no punctuation"
        case .fullStop: "a full stop"
        case .colon: "a colon"
        case .question: "a question mark"
        case .exclamation: "an exclamation mark"
        case .ellipsis: "an ellipsis"
        }
    }
}

extension Finding.Message {
    fileprivate static func punctuation(
        key: String, locale: String, source: String, sourceEnd: EndPunctuation, translation: String, end: EndPunctuation
    ) -> Finding.Message {
        let effect: String
        switch (sourceEnd, end) {
        case (.colon, _): effect = ": the value that follows the label no longer reads as its value"
        case (.question, _): effect = ": a question reads as a statement"
        case (.ellipsis, .none): effect = ": the item no longer says that more follows (a dialog, a choice)"
        case (.none, .fullStop): effect = ": a label or button gains a full stop"
        default: effect = ""
        }
        let texts = "('\(source.excerpt)' → '\(translation.excerpt)')"
        if end == .none {
            return "the '\(locale)' text of '\(key)' loses the \(sourceEnd.noun) its development text ends with \(texts)\(effect)"
        }
        return
            "the '\(locale)' text of '\(key)' ends with \(end.described) where its development text ends with \(sourceEnd.described) \(texts)\(effect)"
    }
}
