import Foundation
import LocalizationFormats
import LocalizationIndex

/// A translation that adds a soft hyphen or a kashida its development text does not have.
struct MarkMismatchRule: Rule {
    static let description = RuleDescription(
        id: "mark-mismatch", name: "Soft hyphens and kashidas a translation adds", area: .text,
        summary: "a translation that holds a soft hyphen (U+00AD) or an Arabic kashida (U+0640) its development text does not",
        rationale:
            "These marks change how a text breaks and stretches, not what it says, and arrive from word processors and translation tools more often than by choice. A soft hyphen shows as a hyphen wherever a line breaks at it, and is part of the text users copy and search; a kashida stretches an Arabic word with a visible line that text layout does not expect. Not reported: a soft hyphen between the letters of a long word (ten letters or more, 'skrivebords\u{AD}versjon'), a hyphenation hint for a narrow label; no-break spaces (judged on real apps, translators put them where their language's typography wants them: French and Swiss ones before : ; ! ? and », Czech and Slovak ones after one-letter words, German ones before an ellipsis or a dash, and around brand names), LRM, RLM, ZWJ and ZWNJ, which scripts need (invisible-character reports the characters that have no place in a text), and digits of another script (placeable-mismatch compares numbers by value). Notes: a mark seldom changes what users see.",
        fix: "Delete the soft hyphen or kashida (retype the word if the editor does not show it).",
        defaultSeverity: .note,
        triggering: [
            // A soft hyphen in a short word, and one beside a hyphen, hint no useful break.
            .tables(("en", "\"account\" = \"Account\";\n"), ("de", "\"account\" = ↓\"Kon\u{AD}to\";\n")),
            .tables(("en", "\"safari\" = \"Safari\";\n"), ("hy", "\"safari\" = ↓\"Safari\u{AD}-ից\";\n")),
            .tables(("en", "\"welcome\" = \"Welcome\";\n"), ("ar", "\"welcome\" = ↓\"أهـــلاً\";\n")),
            .tables(("en", "\"settings\" = \"Notification settings\";\n"), ("ja", "\"settings\" = ↓\"通知\u{AD}設定\";\n")),
        ],
        nonTriggering: [
            // French puts a no-break space before a colon and inside guillemets.
            .tables(("en", "\"name\" = \"Name: “%@”\";\n"), ("fr", "\"name\" = \"Nom\u{A0}: «\u{A0}%@\u{A0}»\";\n")),
            .tables(("en", "\"welcome\" = \"Welcome\";\n"), ("ar", "\"welcome\" = \"أهلاً\";\n")),
            .tables(("en", "\"settings\" = \"Notification settings\";\n"), ("ja", "\"settings\" = \"通知設定\";\n")),
            // A hyphenation hint inside a long compound.
            .tables(("en", "\"desktop\" = \"Desktop version\";\n"), ("nb", "\"desktop\" = \"Skrivebords\u{AD}versjon\";\n")),
            // Persian needs its zero-width non-joiner.
            .tables(("en", "\"files\" = \"Files\";\n"), ("fa", "\"files\" = \"فایل\u{200C}ها\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.forEachLocaleTable { table, locale, strings in
            guard let base = context.baseTable(table) else { return [] }
            var result: [Finding] = []
            func compare(_ key: String, _ number: Int?, _ string: LocalizedString?) {
                guard let string = string ?? strings.string(forKey: key, number: number, numberedBy: strings.numbering),
                    let text = string.value,
                    let source = base.strings.string(forKey: key, number: number, numberedBy: strings.numbering)?.value,
                    source != text,
                    let difference = Self.difference(source: source, translation: text)
                else { return }
                result.append(
                    finding(
                        .marks(key: key, locale: locale, difference: difference, source: source, translation: text), path: string.path,
                        at: string.textLocation, key: key, locale: locale, table: table))
            }
            // Most texts hold none of the marks: found from the bytes in place first.
            strings.forEachText(
                texts: { number, bytes, _ in
                    if Marks(bytes).any { compare(strings.numbering.keys[number], number, nil) }
                },
                others: { key, number, string in
                    guard string.origin != .stringsdict, Marks(string.value ?? "").any else { return }
                    compare(key, number, string)
                })
            return result
        }
    }

    /// Whether a kashida stands between two Arabic letters: one that joins a one-letter prefix
    /// to a quote or a placeholder ('لِـ"عام"', 'لِـ%@') or a suffix to one ('%@ـە') is how the
    /// script writes them.
    static func stretchesAWord(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            return scalar.properties.isAlphabetic && scalar != "\u{640}"
                && ((0x0620...0x06FF).contains(value) || (0x0750...0x077F).contains(value) || (0x08A0...0x08FF).contains(value))
        }
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{640}" else {
                index += 1
                continue
            }
            var before = index - 1
            while before >= 0, scalars[before].properties.generalCategory == .nonspacingMark { before -= 1 }
            var after = index
            while after < scalars.count, scalars[after] == "\u{640}" { after += 1 }
            if before >= 0, after < scalars.count, isArabicLetter(scalars[before]), isArabicLetter(scalars[after]) { return true }
            index = after
        }
        return false
    }

    /// Whether a soft hyphen stands where it hints no line break: beside a space, a hyphen or an
    /// edge, or inside a word of fewer than ten letters. One inside a long compound
    /// ('skrivebords\u{AD}versjon') is the typography of a narrow label, not a mistake.
    static func hasStraySoftHyphen(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices where scalars[index] == "\u{AD}" {
            var start = index
            while start > 0, scalars[start - 1].properties.isAlphabetic || scalars[start - 1] == "\u{AD}" { start -= 1 }
            var end = index + 1
            while end < scalars.count, scalars[end].properties.isAlphabetic || scalars[end] == "\u{AD}" { end += 1 }
            let letters = scalars[start..<end].filter { $0 != "\u{AD}" }.count
            let between =
                index > 0 && index + 1 < scalars.count && scalars[index - 1].properties.isAlphabetic
                && scalars[index + 1].properties.isAlphabetic
            if !between || letters < 10 { return true }
        }
        return false
    }

    /// What the translation does with the marks that its development text does not, in words.
    static func difference(source: String, translation: String) -> String? {
        let sourceScalars = source.unicodeScalars
        if hasStraySoftHyphen(translation), !sourceScalars.contains("\u{AD}") {
            return
                "holds a soft hyphen (U+00AD) its development text does not: a hyphen shows wherever a line breaks there, and users who copy or search the text get it too"
        }
        if stretchesAWord(translation), !sourceScalars.contains("\u{640}") {
            return
                "stretches a word with a kashida (U+0640) its development text does not have: a visible line that text layout does not expect"
        }
        return nil
    }
}

/// Whether a text holds a soft hyphen or a kashida, read from its UTF-8.
struct Marks {
    var any = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // U+00AD is C2 AD, U+0640 is D9 80: each lead byte found with memchr, its next byte read.
        any = Self.holds(0xC2, 0xAD, in: bytes) || Self.holds(0xD9, 0x80, in: bytes)
    }

    /// Whether `bytes` hold `lead` followed by `trail`.
    private static func holds(_ lead: UInt8, _ trail: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
        var offset = 0
        while offset < bytes.count - 1, let found = memchr(base + offset, Int32(lead), bytes.count - 1 - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index + 1] == trail { return true }
            offset = index + 1
        }
        return false
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { Marks($0) }
    }
}

extension Finding.Message {
    fileprivate static func marks(key: String, locale: String, difference: String, source: String, translation: String) -> Finding.Message {
        "the '\(locale)' text of '\(key)' \(difference) ('\(source.excerpt)' → '\(translation.excerpt)')"
    }
}
