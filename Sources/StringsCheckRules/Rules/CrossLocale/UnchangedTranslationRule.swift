import Foundation
import LocalizationFormats
import LocalizationIndex

/// A translation left as the development text, in a language where that is unlikely.
struct UnchangedTranslationRule: Rule {
    static let description = RuleDescription(
        id: "unchanged-translation", name: "Translation left as the development text", area: .crossLocale,
        summary:
            "a text that translations into other languages leave exactly as the development text, where it has words to translate, reported once at the development text with the locales",
        rationale:
            "A translation identical to its development text is usually one nobody translated: the table was filled with the development texts to be translated later, or a tool copied them over. Users of that language see the development language in the middle of their own. A text counts when it has at least two words of letters outside its format specifiers, addresses and the configuration's terms, so names, brands, numbers and single words that many languages share ('Bluetooth', 'Mastodon', 'OK', 'Online') are not reported. Nor a text every translation leaves alike (three translations or more): that is a name, kept on purpose ('Ice Cubes', 'Apple Vision'). Not reported either: regional variants of the development language (en-GB beside en), catalog entries marked 'Don't translate' and units still 'new' or to review (catalog-untranslated and catalog-needs-review report those), and texts or key globs listed in `allow_identical`. Backlog: the run fails on it only with --strict-backlog.",
        fix: "Translate the text, or list it (or a glob over its keys) in `allow_identical` when it is the same in those languages.",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [
            .tables(
                ("en", "↓\"delete.confirm\" = \"Delete this conversation?\";\n\"ok\" = \"OK\";\n"),
                ("de", "\"delete.confirm\" = \"Delete this conversation?\";\n\"ok\" = \"OK\";\n"),
                ("ja", "\"delete.confirm\" = \"Delete this conversation?\";\n\"ok\" = \"OK\";\n"),
                ("ar", "\"delete.confirm\" = \"Delete this conversation?\";\n\"ok\" = \"OK\";\n"),
                ("fr", "\"delete.confirm\" = \"Supprimer cette conversation ?\";\n\"ok\" = \"OK\";\n")),
            // A locale without the table ('ar' has only InfoPlist.strings) is not counted.
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "↓\"delete.confirm\" = \"Delete this conversation?\";\n"),
                ExampleFile("ar.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"تطبيق\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"delete.confirm\" = \"Delete this conversation?\";\n"),
                ExampleFile("fr.lproj/Localizable.strings", "\"delete.confirm\" = \"Supprimer cette conversation ?\";\n"),
            ]),
        ],
        nonTriggering: [
            .tables(
                ("en", "\"delete.confirm\" = \"Delete this conversation?\";\n\"brand\" = \"Apple Watch\";\n"),
                ("de", "\"delete.confirm\" = \"Dieses Gespräch löschen?\";\n\"brand\" = \"Apple Watch\";\n"),
                ("ja", "\"delete.confirm\" = \"この会話を削除しますか？\";\n\"brand\" = \"Apple Watch\";\n"),
                ("ar", "\"delete.confirm\" = \"حذف هذه المحادثة؟\";\n\"brand\" = \"Apple Watch\";\n"),
                // The same language's regional variant.
                ("en-GB", "\"delete.confirm\" = \"Delete this conversation?\";\n\"brand\" = \"Apple Watch\";\n")),
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", "\"brand\" = \"Apple Watch\";\n"),
                    ExampleFile("de.lproj/Localizable.strings", "\"brand\" = \"Apple Watch\";\n"),
                ], configuration: "terms: [Apple Watch]\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let baseLanguage = context.baseLocale.map(LocaleName.language(of:))
        let locales = context.translationLocales(for: Self.description.id).filter { LocaleName.language(of: $0) != baseLanguage }
        let allowed = context.settings.allowIdentical
        let globs = allowed.map(Glob.init)
        let terms = context.settings.terms
        let sources = context.developmentTexts { table, key, text -> Bool? in
            guard !(context.doNotTranslate[table]?.contains(key) ?? false), !allowed.contains(text),
                !globs.contains(where: { $0.matchesKey(key) }), Self.wordsToTranslate(in: text, terms: terms) >= 2
            else { return nil }
            return true
        }
        let needles = sources.mapValues(Needles.init)
        // Per table and locale, for each development text: whether the locale has a text for it
        // (1) and whether that is the development text (2), compared as bytes in place.
        let jobs = sources.keys.sorted().flatMap { table in locales.map { (table, $0) } }
        let marks = jobs.concurrentMap { table, locale -> [UInt8] in
            guard let needles = needles[table], let strings = context.tables[table]?[locale]?.strings else { return [] }
            return needles.marks(in: strings)
        }
        var result: [Finding] = []
        for table in sources.keys.sorted() {
            guard let texts = sources[table]?.texts, let base = context.baseTable(table) else { continue }
            // Per text: how many translations have it, and which leave it as it is (counted in
            // arrays of the table's own, not through a dictionary per text).
            var having = [Int](repeating: 0, count: texts.count)
            var unchangedIn: [Int: [String]] = [:]
            for ((jobTable, locale), flags) in zip(jobs, marks) where jobTable == table {
                // A locale without the table marks nothing.
                for (index, flag) in flags.enumerated() where flag > 0 {
                    having[index] += 1
                    if flag == 2 { unchangedIn[index, default: []].append(locale) }
                }
            }
            for (index, found) in unchangedIn.sorted(by: { $0.key < $1.key }) {
                // Left alone by every translation that has it (three or more): a name ('Ice Cubes').
                let source = texts[index]
                let translations = having[index]
                guard let string = base.strings[source.key], found.count < translations || translations < 3 else { continue }
                let group = found.sorted()
                result.append(
                    finding(
                        .unchanged(key: source.key, text: source.text, locales: group, translations: translations), path: string.path,
                        at: string.location, key: source.key, table: table, locales: group))
            }
        }
        return result
    }

    /// The words of two letters or more outside format specifiers, addresses and `terms`, counted
    /// up to two.
    static func wordsToTranslate(in text: String, terms: [String]) -> Int {
        // The configuration's terms are names, not words to translate: blanked out.
        // (Found in the text with its no-break spaces and hyphens as spaces, one for one.)
        var scalars = Array(text.unicodeScalars)
        let searched = terms.isEmpty ? [] : Array(TermMismatchRule.spaced(text).unicodeScalars)
        for term in terms {
            let needle = Array(TermMismatchRule.spaced(term).unicodeScalars)
            for range in TermMismatchRule.occurrences(of: needle, in: searched, wholeWord: true) {
                for index in range { scalars[index] = " " }
            }
        }
        let (hasAt, mayLink) = Placeables.addressHints(text)
        var words = 0
        var letters = 0
        var index = 0
        func endWord() {
            if letters >= 2 { words += 1 }
            letters = 0
        }
        // Two words decide: the rest of a long text is not read.
        while index < scalars.count, words < 2 {
            let scalar = scalars[index]
            if scalar == "%" {
                endWord()
                index = InlineMarkdown.pastSpecifier(scalars, from: index)
                continue
            }
            // Addresses from the start of a word only: every text is read once.
            let wordStart = (hasAt || mayLink) && (index == 0 || !Placeables.isLocal(scalars[index - 1]))
            if wordStart,
                let end = (mayLink ? Placeables.urlEnd(scalars, from: index) : nil)
                    ?? (hasAt && Placeables.isLocal(scalar) ? Placeables.emailEnd(scalars, from: index) : nil)
            {
                endWord()
                index = end
                continue
            }
            let isLetter = scalar.isASCII ? (scalar.value | 0x20 >= 0x61 && scalar.value | 0x20 <= 0x7A) : scalar.properties.isAlphabetic
            if isLetter { letters += 1 } else if scalar != "'" && scalar != "’" { endWord() }
            index += 1
        }
        endWord()
        return words
    }
}

extension Finding.Message {
    fileprivate static func unchanged(key: String, text: String, locales: [String], translations: Int) -> Finding.Message {
        let share = locales.count == translations ? "every translation" : "\(locales.count) of \(translations) translations"
        return
            "'\(key)' is left as the development text '\(text.excerpt)' in \(listing(locales)) (\(share)): users of \(locales.count == 1 ? "that locale" : "those locales") read it untranslated"
    }
}

/// A table's development texts that `unchanged-translation` compares, laid out for the pass over
/// every translation: their UTF-8 end to end, and which text each key number has.
private struct Needles {
    let texts: [SourceText<Bool>]
    let numbering: TableKeyNumbers
    let bytes: [UInt8]
    /// Text `i` is `bytes[ends[i]..<ends[i + 1]]`.
    let ends: [Int]
    /// By key number: the text's index, or -1.
    let textOfNumber: [Int32]

    init(_ sources: SourceTexts<Bool>) {
        texts = sources.texts
        numbering = sources.numbering
        var bytes: [UInt8] = []
        var ends = [0]
        var textOfNumber = [Int32](repeating: -1, count: sources.numbering.keys.count)
        for (index, text) in sources.texts.enumerated() {
            bytes += text.text.utf8
            ends.append(bytes.count)
            if let number = text.number, number < textOfNumber.count { textOfNumber[number] = Int32(index) }
        }
        self.bytes = bytes
        self.ends = ends
        self.textOfNumber = textOfNumber
    }

    /// For each text: 0 when `strings` lacks it (or has it as a `.stringsdict` form), 1 when it
    /// has another text, 2 when it has the development text as it is (a catalog unit only when
    /// 'translated': one still 'new' is catalog-untranslated's, one to review
    /// catalog-needs-review's).
    func marks(in strings: LocaleStrings) -> [UInt8] {
        var marks = [UInt8](repeating: 0, count: texts.count)
        let shared = strings.numbering === numbering
        // Keys numbered another way (a locale read alone) are found by name.
        var byKey: [String: Int] = [:]
        if !shared || texts.contains(where: { $0.number == nil }) {
            for (index, text) in texts.enumerated() where !shared || text.number == nil { byKey[text.key] = index }
        }
        func text(_ key: @autoclosure () -> String, _ number: Int?) -> Int? {
            if shared, let number, number < textOfNumber.count { return textOfNumber[number] < 0 ? nil : Int(textOfNumber[number]) }
            return byKey[key()]
        }
        bytes.withUnsafeBufferPointer { kept in
            strings.forEachText(
                texts: { number, value, kind in
                    guard let index = text(strings.numbering.keys[number], number) else { return }
                    guard kind.isSettled else {
                        marks[index] = 1
                        return
                    }
                    let start = ends[index]
                    let count = ends[index + 1] - start
                    var same = value.count == count
                    if same, count > 0, let left = value.baseAddress, let right = kept.baseAddress {
                        same = memcmp(left, right + start, count) == 0
                    }
                    // A catalog unit is compared as a string (canonically equivalent texts are
                    // equal), which bytes that differ outside ASCII may still be.
                    if !same, kind.isCatalog,
                        WordScan.mayBeCanonicallyEquivalent(value, UnsafeBufferPointer(rebasing: kept[start..<start + count]))
                    {
                        same = String(decoding: value, as: UTF8.self) == texts[index].text
                    }
                    marks[index] = same ? 2 : 1
                },
                others: { key, number, string in
                    guard string.origin != .stringsdict, let index = text(key, number) else { return }
                    let same = string.value == texts[index].text && (string.state.map { $0 == "translated" } ?? true)
                    marks[index] = same ? 2 : 1
                })
        }
        return marks
    }
}
