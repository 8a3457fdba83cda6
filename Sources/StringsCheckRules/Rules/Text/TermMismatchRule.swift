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
            "Brand and product names are written the same in every language: 'Firefox', 'iCloud', 'Focus'. A translation that translates one ('Fokus'), transliterates it into another script ('فايرفوكس') or leaves it out names something users cannot find in the App Store, in Settings or in the help pages. Runs only when the configuration lists the terms: `terms: [Firefox, \"Firefox Focus\", iCloud]`. A term counts where the development text has it as a whole word (case as written); the translation keeps it when it has the term at the start of a word, so an inflected form ('Firefoxu', 'Firefoxin') is the term kept. A term written in other case is reported with the case found; a no-break space between its words is the term's space.",
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
            guard let term = source.info.first(where: { !Self.has($0, in: text, wholeWord: false) }) else { return nil }
            let texts = "('\(source.text.excerpt)' → '\(text.excerpt)')"
            if let written = Self.occurrence(of: term, in: text, ignoringCase: true) {
                return (
                    "the '\(locale)' text of '\(source.key)' writes the term '\(term)' as '\(written)' \(texts): the configuration's terms are kept as written",
                    nil
                )
            }
            return (
                "the '\(locale)' text of '\(source.key)' lacks the term '\(term)' of its development text \(texts): users of '\(locale)' read another name than the one they find in the app and its pages",
                nil
            )
        }
    }

    static let spaces: Set<Unicode.Scalar> = ["\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}"]

    /// Whether `text` has `term` at the start of a word (and, with `wholeWord`, ending one).
    static func has(_ term: String, in text: String, wholeWord: Bool) -> Bool {
        occurrence(of: term, in: text, ignoringCase: false, wholeWord: wholeWord) != nil
    }

    /// The first occurrence of `term` at the start of a word of `text`, as written there.
    static func occurrence(of term: String, in text: String, ignoringCase: Bool, wholeWord: Bool = false) -> String? {
        // A no-break space keeps a name's words together ('Privacy Pro'): it is the name's space.
        let text = String(String.UnicodeScalarView(text.unicodeScalars.map { Self.spaces.contains($0) ? " " : $0 }))
        var searched = text[...]
        let options: String.CompareOptions = ignoringCase ? [.caseInsensitive] : []
        while let range = searched.range(of: term, options: options) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !before.isLetter, !before.isNumber, !wholeWord || (!after.isLetter && !after.isNumber) {
                return String(text[range])
            }
            searched = text[range.upperBound...]
        }
        return nil
    }
}
