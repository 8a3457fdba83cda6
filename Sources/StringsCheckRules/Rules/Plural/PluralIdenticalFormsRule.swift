import LocalizationFormats
import LocalizationIndex

/// A translation's plural forms all written alike where its development forms differ.
struct PluralIdenticalFormsRule: Rule {
    static let description = RuleDescription(
        id: "plural-identical-forms", name: "Plural forms all alike", area: .stringsdict,
        summary:
            "a translation whose plural forms are all the same text where its development forms differ, in a language whose words change with the number",
        rationale:
            "Foundation picks a plural form by the count; when a translator copies one form into every category, each count but those of the form copied shows the wrong grammar: a German 'one' and 'other' both '%d Dateien' shows '1 Dateien', a Russian set of four '%d файлов' shows '1 файлов' and '2 файлов'. Only the categories the language's CLDR rules use are compared (a Japanese 'one' is never shown), and only where the development forms differ and the forms hold letters. Not reported in languages whose nouns stay singular after a numeral, where alike forms are right (Turkish '1 dosya', '5 dosya'): Turkish, Azerbaijani, Kazakh, Kyrgyz, Uzbek, Turkmen, Tatar, Hungarian, Persian, Kurdish, Georgian, Armenian, Bengali, Mongolian and Basque (WALS, feature 34A 'Occurrence of Nominal Plurality', and each language's grammar of numerals). Development forms that differ only in writing '1' where the others read the count ('1 media', '%ld media') are alike. Opt-in, and a note: judged on real apps, half the findings were words that are the same for every count in their language (German 'Tracker', Swedish and Norwegian neuter nouns such as 'lösenord' and 'passord', Italian loanwords such as 'password'), which no list of languages can tell apart; the other half were real ('%lld полів' for one field in Ukrainian).",
        fix: "Write each category's form as the language says it ('1 Datei', '%d Dateien').",
        defaultSeverity: .note, isOptIn: true,
        triggering: [
            pluralExample(
                locale: "de", forms: [("one", "%d Dateien"), ("other", "%d Dateien")], marker: "variable", besides: Self.english),
            pluralExample(
                locale: "ru", forms: [("one", "%d файлов"), ("few", "%d файлов"), ("many", "%d файлов"), ("other", "%d файлов")],
                marker: "variable", besides: Self.english),
            pluralExample(
                locale: "ar",
                forms: [
                    ("zero", "%d ملفات"), ("one", "%d ملفات"), ("two", "%d ملفات"), ("few", "%d ملفات"), ("many", "%d ملفات"),
                    ("other", "%d ملفات"),
                ], marker: "variable", besides: Self.english),
        ],
        nonTriggering: [
            pluralExample(locale: "de", forms: [("one", "%d Datei"), ("other", "%d Dateien")], besides: Self.english),
            // Turkish nouns stay singular after a numeral.
            pluralExample(locale: "tr", forms: [("one", "%d dosya"), ("other", "%d dosya")], besides: Self.english),
            // Japanese uses 'other' alone: its 'one' is never shown.
            pluralExample(locale: "ja", forms: [("one", "%d 件のファイル"), ("other", "%d 件のファイル")], besides: Self.english),
        ])

    static let reads: Set<IndexPart> = [.stringsdictEntries]

    /// The development forms of the examples.
    static let english = [("one", "%d file"), ("other", "%d files")]

    /// Languages whose nouns stay singular after a numeral.
    static let invariantLanguages: Set = ["tr", "az", "kk", "ky", "uz", "tk", "tt", "hu", "fa", "ka", "hy", "bn", "mn", "eu", "ckb", "ku"]

    func check(_ context: RuleContext) -> [Finding] {
        typealias Forms = [(name: String, text: String, location: SourcePosition?)]
        // The development sets whose forms differ, by table, key and set.
        var differing: Set<String> = []
        var translated: [(Forms, key: String, set: String, locale: String, file: ResourceFile, at: SourcePosition?)] = []
        func visit(_ forms: Forms, key: String, set: String, locale: String, file: ResourceFile, at: SourcePosition?) {
            let id = "\(file.tableID)\u{0}\(key)\u{0}\(set)"
            if locale == context.baseLocale || file.locale == "Base" {
                // Forms that differ in words, not only in '1' against '%ld' ('1 media', '%ld media').
                if Set(forms.map { Self.words(of: $0.text) }).count > 1 { differing.insert(id) }
                return
            }
            guard !Self.invariantLanguages.contains(LocaleName.language(of: locale)), PluralRules.cldrLocale(for: locale) != nil else {
                return
            }
            let used = Set(PluralRules.cardinal(for: locale).categories.map(\.rawValue))
            let shown = forms.filter { used.contains($0.name) }
            guard shown.count > 1, let first = shown.first, shown.allSatisfy({ $0.text == first.text }),
                Self.holdsWords(first.text)
            else { return }
            translated.append((shown, key, set, locale, file, at))
        }
        context.forEachStringsdictEntry { file, locale, entry in
            let locale = PluralForms.pluralLocale(locale, baseLocale: context.baseLocale)
            for variable in entry.pointee.variables where variable.specType == "NSStringPluralRuleType" {
                visit(
                    variable.variants.map { ($0.name, $0.value, $0.location) }, key: entry.pointee.key, set: variable.name, locale: locale,
                    file: file, at: variable.location)
            }
        }
        for (file, catalog) in context.catalogs {
            catalog.forEachLocalization(where: \.hasForms) { entry, written, value in
                let locale = LocaleName.normalize(written)
                for (number, set) in value.pluralSets.enumerated() {
                    visit(set, key: entry.key, set: String(number), locale: locale, file: file, at: set.first?.location)
                }
            }
        }
        return translated.compactMap { forms, key, set, locale, file, at in
            guard differing.contains("\(file.tableID)\u{0}\(key)\u{0}\(set)") else { return nil }
            return finding(
                .identicalForms(key: key, locale: locale, forms: forms.map(\.name), text: forms[0].text), path: file.path, at: at,
                key: key, locale: locale, table: file.tableID)
        }
    }
}

extension PluralIdenticalFormsRule {
    /// A form with its specifiers and numbers as one mark: what its words are.
    static func words(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%" {
                index = InlineMarkdown.pastSpecifier(scalars, from: index)
                out.append("#")
            } else if scalars[index].properties.numericType == .decimal {
                while index < scalars.count, scalars[index].properties.numericType == .decimal { index += 1 }
                out.append("#")
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// Whether a form holds letters besides its specifiers (`%arg`, `%lld`, `%1$@`).
    static func holdsWords(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%" {
                index = InlineMarkdown.pastSpecifier(scalars, from: index)
                // `%arg` reads on past the 'a'.
                while index < scalars.count, scalars[index].properties.isAlphabetic, scalars[index].isASCII { index += 1 }
                continue
            }
            if scalars[index].properties.isAlphabetic { return true }
            index += 1
        }
        return false
    }
}

extension Finding.Message {
    fileprivate static func identicalForms(key: String, locale: String, forms: [String], text: String) -> Finding.Message {
        "the plural forms of '\(key)' in '\(locale)' (\(listing(forms))) are all '\(text.excerpt)', where its development forms differ: users of '\(locale)' read the same words for every count, right for one category at most"
    }
}
