import Foundation
import LocalizationFormats
import LocalizationIndex

/// A translation that translates, transliterates or drops a do-not-translate term (`terms`).
struct TermMismatchRule: Rule {
    static let description = RuleDescription(
        id: "term-mismatch", name: "Do-not-translate terms a translation loses", area: .text,
        summary:
            "a translation that lacks a do-not-translate term (a brand or product name listed in the configuration's `terms`) that its development text has",
        rationale:
            "Brand and product names are written the same in every language: 'Firefox', 'iCloud', 'Focus'. A translation that translates one ('Fokus'), transliterates it into another script ('فايرفوكس') or leaves it out names something users cannot find in the App Store, in Settings or in the help pages. Runs only when the configuration lists the terms: `terms: [Firefox, \"Firefox Focus\", iCloud]`. A term counts where the development text has it as a whole word (case as written); the translation keeps it when it has the term at the start of a word, so an inflected form ('Firefoxu', 'Firefoxin'), a name declined by replacing its last vowel ('Mozilly', 'Mozillino' for 'Mozilla') and a name after a prefix of another script ('የFirefox') are the term kept. A term written in other case or misspelt ('Matodon'), or one word of a term of several kept alone ('… Pro'), is a warning that quotes what the translation writes; a no-break space or a hyphen between its words is the term's ('Privacy-Pro-Support'). A term left out is a note: judged on real apps, the sentence often says it another way ('Adium Preferences' → 'Inställningar'), while a translated or transliterated name ('Fokus', 'ماستودون') is the same note, since no list tells it apart from a word that replaced the name.",
        fix: "Write the term in the translation exactly as listed (inflecting it where the language must is fine).",
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                [
                    ExampleFile(
                        "en.lproj/Localizable.strings",
                        "\"about\" = \"About Focus\";\n\"default\" = \"Make Firefox your default browser\";\n"),
                    ExampleFile(
                        "de.lproj/Localizable.strings",
                        "\"about\" = ↓\"Über Fokus\";\n\"default\" = \"Firefox als Standardbrowser festlegen\";\n"),
                    ExampleFile(
                        "ar.lproj/Localizable.strings", "\"about\" = \"حول Focus\";\n\"default\" = ↓\"اجعل فايرفوكس متصفحك الافتراضي\";\n"),
                    ExampleFile("ja.lproj/Localizable.strings", "\"about\" = ↓\"フォーカスについて\";\n\"default\" = \"Firefox をデフォルトブラウザーにする\";\n"),
                ], configuration: "terms: [Firefox, Focus]\n")
        ],
        nonTriggering: [
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", "\"default\" = \"Make Firefox your default browser\";\n"),
                    // Czech inflects the name: the term is kept.
                    ExampleFile("cs.lproj/Localizable.strings", "\"default\" = \"Nastavit Firefox jako výchozí prohlížeč\";\n"),
                    ExampleFile("zh-Hans.lproj/Localizable.strings", "\"default\" = \"将 Firefox 设为默认浏览器\";\n"),
                    ExampleFile("ar.lproj/Localizable.strings", "\"default\" = \"اجعل Firefox متصفحك الافتراضي\";\n"),
                ], configuration: "terms: [Firefox]\n"),
            // A name declined by its last vowel (Czech genitive), and one after a prefix of another script.
            RuleExample(
                [
                    ExampleFile(
                        "en.lproj/Localizable.strings", "\"about\" = \"A product of Mozilla\";\n\"terms\" = \"Firefox Terms of Use\";\n"),
                    ExampleFile(
                        "cs.lproj/Localizable.strings", "\"about\" = \"Produkt společnosti Mozilly\";\n\"terms\" = \"Podmínky Firefoxu\";\n"
                    ),
                    ExampleFile("am.lproj/Localizable.strings", "\"about\" = \"የMozilla ምርት\";\n\"terms\" = \"የFirefox የአጠቃቀም ውል\";\n"),
                ], configuration: "terms: [Firefox, Mozilla]\n"),
            // No terms listed: nothing is compared.
            .tables(("en", "\"about\" = \"About Focus\";\n"), ("de", "\"about\" = \"Über Fokus\";\n")),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let terms = context.settings.terms
        guard !terms.isEmpty else { return [] }
        let sources = context.developmentTexts { _, _, text -> [String]? in
            let found = terms.filter { Self.has($0, in: text, wholeWord: true) }
            return found.isEmpty ? nil : found
        }
        return context.compareTranslations(of: sources, by: self) { source, text, locale in
            guard let term = source.info.first(where: { !Self.has($0, in: text, wholeWord: false) && !Self.hasDeclined($0, in: text) })
            else { return nil }
            if let written = Self.occurrence(of: term, in: text, ignoringCase: true) ?? Self.nearMiss(of: term, in: text) {
                return (
                    .termWritten(key: source.key, locale: locale, term: term, written: written, source: source.text, translation: text), nil
                )
            }
            // Left out: often the sentence says it another way ('Adium Preferences' → 'Inställningar').
            return (
                .termLacking(key: source.key, locale: locale, term: term, source: source.text, translation: text),
                .note
            )
        }
    }

    /// A spelling of `term` within a few edits ('Matodon', 'Fokus') or a part of a term of
    /// several words ('… Pro' for 'Privacy Pro'), as written in `text`.
    static func nearMiss(of term: String, in text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let termWords = term.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
        guard !termWords.isEmpty, words.count >= termWords.count else { return nil }
        // A misspelling: a few edits of a name of five letters or more, starting with its letter.
        let allowed = term.count / 5
        for start in 0...(words.count - termWords.count) {
            let candidate = words[start..<(start + termWords.count)].joined(separator: " ")
            let target = termWords.joined(separator: " ")
            let written = candidate.lowercased()
            if allowed > 0, written.first == target.first, abs(written.count - target.count) <= allowed,
                editDistance(written, target) <= allowed
            {
                return candidate
            }
        }
        if termWords.count > 1, let part = words.first(where: { word in termWords.contains(word.lowercased()) && word.count >= 3 }) {
            return part
        }
        return nil
    }

    /// Whether `text` has `term` declined the way Slavic and Baltic languages decline a name
    /// ending in a vowel: the vowel replaced by an ending ('Mozilly', 'Mozillino' for 'Mozilla'),
    /// for a one-word term of five letters or more.
    static func hasDeclined(_ term: String, in text: String) -> Bool {
        guard term.count >= 5, !term.contains(" "), let last = term.last, "aeiouy".contains(last) else { return false }
        let stem = Array(spaced(String(term.dropLast())).unicodeScalars)
        let scalars = Array(spaced(text).unicodeScalars)
        return occurrences(of: stem, in: scalars, wholeWord: false).contains { range in
            range.upperBound < scalars.count && scalars[range.upperBound].properties.isAlphabetic
        }
    }

    /// No-break spaces and hyphens as plain spaces: how a name's words are joined does not matter.
    static func spaced(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { spaces.contains($0) || $0 == "-" ? " " : $0 }))
    }

    static let spaces: Set<Unicode.Scalar> = ["\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}"]

    /// Whether `text` has `term` at the start of a word (and, with `wholeWord`, ending one).
    static func has(_ term: String, in text: String, wholeWord: Bool) -> Bool {
        occurrence(of: term, in: text, ignoringCase: false, wholeWord: wholeWord) != nil
    }

    /// The first occurrence of `term` at the start of a word of `text`, as written there.
    static func occurrence(of term: String, in text: String, ignoringCase: Bool, wholeWord: Bool = false) -> String? {
        let written = Array(spaced(text).unicodeScalars)
        let searched = ignoringCase ? Array(spaced(text).lowercased().unicodeScalars) : written
        let needle = Array((ignoringCase ? spaced(term).lowercased() : spaced(term)).unicodeScalars)
        guard let range = occurrences(of: needle, in: searched, wholeWord: wholeWord, first: true).first else { return nil }
        // Lower-casing may change a text's length ('İ'): then it is quoted lower-cased.
        let source = searched.count == written.count ? written : searched
        return String(String.UnicodeScalarView(source[range]))
    }

    /// Where `needle` stands at the start of a word of `scalars` (and, with `wholeWord`, ends
    /// one), in one pass: each place is compared once.
    static func occurrences(of needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], wholeWord: Bool, first: Bool = false)
        -> [Range<Int>]
    {
        guard let head = needle.first, scalars.count >= needle.count else { return [] }
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        var result: [Range<Int>] = []
        var index = 0
        while index + needle.count <= scalars.count {
            defer { index += 1 }
            // A word starts after a space or mark, or where a Latin name follows a letter of
            // another script that a language attaches to names (Amharic 'የFirefox', Hebrew 'בSafari').
            guard scalars[index] == head,
                index == 0 || !isWord(scalars[index - 1]) || (head.isASCII && !scalars[index - 1].isASCII),
                scalars[index..<(index + needle.count)].elementsEqual(needle)
            else { continue }
            let end = index + needle.count
            if wholeWord, end < scalars.count, isWord(scalars[end]) { continue }
            result.append(index..<end)
            if first { break }
            index = end - 1
        }
        return result
    }
}

extension Finding.Message {
    fileprivate static func termWritten(key: String, locale: String, term: String, written: String, source: String, translation: String)
        -> Finding.Message
    {
        "the '\(locale)' text of '\(key)' writes the term '\(term)' as '\(written)' ('\(source.excerpt)' → '\(translation.excerpt)'): users of '\(locale)' read another name than the one they find in the app and its pages"
    }

    fileprivate static func termLacking(key: String, locale: String, term: String, source: String, translation: String) -> Finding.Message {
        "the '\(locale)' text of '\(key)' lacks the term '\(term)' of its development text ('\(source.excerpt)' → '\(translation.excerpt)'): unless the sentence needs no name, users of '\(locale)' read another name or none"
    }
}
