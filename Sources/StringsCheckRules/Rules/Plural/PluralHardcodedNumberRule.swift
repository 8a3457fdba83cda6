import LocalizationFormats
import LocalizationIndex

/// A plural form that writes a number where its set reads the count, in a category that more
/// than one number selects.
struct PluralHardcodedNumberRule: Rule {
    static let description = RuleDescription(
        id: "plural-hardcoded-number", name: "Plural form with a written number", area: .stringsdict,
        summary:
            "a plural form that writes a number ('… ja 1 muun') instead of reading the count, in a category the locale uses for several numbers",
        rationale:
            "Foundation picks the form by the count and shows it as written. When the other forms read the count ('%d') and one writes a number instead, every count that selects that form shows the written number: a Finnish 'other' of '… ja 1 muun' says '1' for 2, 5 and 100. Translators do this when they copy the English 'one' text or misread a placeholder. A category that selects one number only ('one' in English and German, 'zero' and 'two' where they are a single number) may write it, and a written 'zero' form takes 0 from every other category (Foundation shows it for 0 in every locale). It is an error when a count above 1 shows the written number (21 in Russian, 11 in Scottish Gaelic) and a warning when only 0 does (French and Portuguese 'one'), as many texts never show a count of 0.",
        fix: "Read the count with the specifier the other forms use (`%d`, `%1$d`, `%arg` in a catalog substitution).",
        defaultSeverity: .error,
        triggering: [
            pluralExample(locale: "fi", forms: [("one", "%d muu"), ("other", "ja 1 muuta")], marker: "other"),
            pluralExample(
                locale: "ru", forms: [("one", "1 файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")], marker: "one"),
            // French 'one' is 0 and 1: only a count of 0 shows the '1', a warning.
            pluralExample(locale: "fr", forms: [("one", "1 fichier"), ("other", "%d fichiers")], marker: "one"),
        ],
        nonTriggering: [
            pluralExample(locale: "de", forms: [("one", "1 Datei"), ("other", "%d Dateien")]),
            // French 'one' is 0 and 1, but a written 'zero' form takes 0.
            pluralExample(locale: "fr", forms: [("zero", "Aucun fichier"), ("one", "1 fichier"), ("other", "%d fichiers")]),
            pluralExample(
                locale: "ar",
                forms: [
                    ("zero", "لا ملفات"), ("one", "ملف واحد"), ("two", "ملفان"), ("few", "%d ملفات"), ("many", "%d ملفًا"),
                    ("other", "%d ملف"),
                ]),
            pluralExample(locale: "en", forms: [("one", "One file"), ("other", "%d files")]),
        ])

    static let reads: Set<IndexPart> = [.stringsdictEntries]

    func check(_ context: RuleContext) -> [Finding] {
        var result: [Finding] = []
        var numbers = CategoryNumbers()
        /// The forms of one plural set, `count` of them, read by position.
        func check(
            count: Int, name: (Int) -> String, text: (Int) -> String, location: (Int) -> SourcePosition?, key: String, locale: String,
            path: String, table: String
        ) {
            // Only a form that writes a number and reads nothing can be reported: the others are
            // scanned only when one is found (most forms write no digit, and scanning is most of
            // the rule's time).
            var candidates: [(index: Int, written: String)] = []
            for index in 0..<count {
                let form = text(index)
                if let written = writtenNumber(form), readsNothing(form) { candidates.append((index, written)) }
            }
            guard !candidates.isEmpty, candidates.count < count,
                (0..<count).contains(where: { index in !candidates.contains { $0.index == index } && !readsNothing(text(index)) })
            else { return }
            // Foundation shows a 'zero' form for 0 whenever one is written, whatever the locale's rules.
            let hasZero = (0..<count).contains { name($0) == PluralCategory.zero.rawValue }
            for (index, written) in candidates {
                let formName = name(index)
                guard let category = PluralCategory(rawValue: formName), var selected = numbers.selected(by: category, locale: locale)
                else { continue }
                if hasZero && category != .zero { selected.removeAll { $0 == 0 } }
                guard selected.count > 1 else { continue }
                // When the only other count is 0, the bug shows only where the app shows a count of 0
                // (many never do: "1 minute ago"); counts like 21 or 102 come up in any list.
                let onlyZero = selected.allSatisfy { $0 == 0 || String($0) == written }
                var made = finding(
                    .showsWrittenNumber(form: formName, key: key, locale: locale, written: written, numbers: selected),
                    path: path, at: location(index), key: key, locale: locale, table: table)
                if onlyZero { made.diagnostic.severity = .warning }
                result.append(made)
            }
        }
        context.forEachStringsdictEntry { file, locale, entry in
            let locale = PluralForms.pluralLocale(locale, baseLocale: context.baseLocale)
            // Read in place: a copy of a variable or a form retained its strings.
            entry.pointee.variables.withUnsafeBufferPointer { variables in
                for variable in variables.indices where variables[variable].specType == "NSStringPluralRuleType" {
                    variables[variable].variants.withUnsafeBufferPointer { forms in
                        // Nearly every form writes no number: nothing more to read.
                        guard forms.indices.contains(where: { writtenNumber(forms[$0].value) != nil }) else { return }
                        check(
                            count: forms.count, name: { forms[$0].name }, text: { forms[$0].value }, location: { forms[$0].location },
                            key: entry.pointee.key, locale: locale, path: file.path, table: file.tableID)
                    }
                }
            }
        }
        for (file, catalog) in context.catalogs {
            // The file's path and table taken once: the closures below captured the whole file,
            // copied for every set they checked.
            let path = file.path
            let table = file.tableID
            // Read in place, a set built only when one of its forms writes a number (as for
            // `.stringsdict` files above): the entries' buffer is what the closures capture to
            // read a key, where capturing the entry copied it for every localization.
            catalog.entries.withUnsafeBufferPointer { entries in
                catalog.forEachLocalizationWithPosition(where: \.hasForms) { position, _, written, value in
                    var locale: String?
                    value.forEachPluralVariation { cases in
                        var writesNumber = false
                        for item in cases.indices where !writesNumber {
                            cases[item].value.withStringUnit { unit in writesNumber = writtenNumber(unit.text) != nil }
                        }
                        guard writesNumber else { return }
                        let set = CatalogValue.pluralSet(of: cases)
                        let normalized = locale ?? LocaleName.normalize(written)
                        locale = normalized
                        check(
                            count: set.count, name: { set[$0].name }, text: { set[$0].text }, location: { set[$0].location },
                            key: entries[position.entry].key, locale: normalized, path: path, table: table)
                    }
                }
            }
        }
        return result
    }

    /// Whether a form reads no argument (`%arg` in a catalog substitution reads its count).
    private func readsNothing(_ text: String) -> Bool {
        // Most forms either have no '%' at all or read the count: scanned only when needed.
        guard text.utf8Contains(byte: UInt8(ascii: "%")) else { return true }
        return !text.utf8Contains("%arg") && FormatScanner.analyze(text).specifiers.isEmpty
    }

    /// The first run of ASCII digits when one comes before any byte outside ASCII ("" when the
    /// text has neither); nil when a byte outside ASCII comes first (it may start a digit of
    /// another script).
    private static func asciiDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var index = 0
        // Eight bytes at a time while none is a digit or outside ASCII (most forms write no
        // number): with no high bit set, a byte is a digit when adding 0x50 sets its high bit
        // (it is 0x30 or more) and adding 0x46 does not (it is under 0x3A); no carry leaves a
        // byte.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index &+ 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                guard word & highs == 0, (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646) & highs == 0 else { break }
                index &+= 8
            }
        }
        while index < bytes.count, bytes[index] < 0x80, bytes[index] < 0x30 || bytes[index] > 0x39 { index += 1 }
        guard index < bytes.count else { return .some(nil) }
        guard bytes[index] < 0x80 else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
        return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
    }

    /// The first number written in digits of any script ('1', '١', '१'), if any.
    /// `writtenNumber` of a unit's text, read in place when it is ASCII digits (nearly always).
    private func writtenNumber(_ text: borrowing CatalogText) -> String? {
        text.withUTF8(Self.asciiDigits) ?? writtenNumber(text.string)
    }

    private func writtenNumber(_ text: String) -> String? {
        // ASCII digits before any other script: read as bytes (Unicode properties are slow),
        // in place (the string's view, index by index, was most of the rule's time).
        let ascii =
            text.utf8.withContiguousStorageIfAvailable(Self.asciiDigits) ?? Array(text.utf8).withUnsafeBufferPointer(Self.asciiDigits)
        if let ascii { return ascii }
        var digits = ""
        for scalar in text.unicodeScalars {
            // No decimal digit lies between ASCII's and U+0660 (ARABIC-INDIC DIGIT ZERO): the
            // letters of Latin, Greek, Cyrillic, Hebrew and most of Arabic are answered without
            // looking up their properties (a table lookup apiece, most of the rule's time on a
            // catalog in those scripts).
            let isDecimal =
                scalar.value < 0x660 ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType == .decimal
            if isDecimal {
                digits.unicodeScalars.append(scalar)
            } else if !digits.isEmpty {
                break
            }
        }
        return digits.isEmpty ? nil : digits
    }
}

/// The integers (0–199) each category selects in a locale, worked out once per locale.
private struct CategoryNumbers {
    private var cache: [String: [PluralCategory: [Int]]?] = [:]

    /// The numbers `category` selects in `locale`; nil for a language CLDR does not list.
    mutating func selected(by category: PluralCategory, locale: String) -> [Int]? {
        if let known = cache[locale] { return known?[category] ?? [] }
        var table: [PluralCategory: [Int]]?
        if PluralRules.cldrLocale(for: locale) != nil {
            let rules = PluralRules.cardinal(for: locale)
            var made: [PluralCategory: [Int]] = [:]
            for number in 0..<200 { made[rules.category(for: number), default: []].append(number) }
            // Foundation shows a 'zero' form for 0 in every locale that has one written.
            if !rules.categories.contains(.zero) { made[.zero] = [0] }
            table = made
        }
        cache[locale] = .some(table)
        return table?[category] ?? (table == nil ? nil : [])
    }
}

extension Finding.Message {
    /// A form that writes a number, shown for every count its category selects.
    fileprivate static func showsWrittenNumber(form: String, key: String, locale: String, written: String, numbers: [Int])
        -> Finding.Message
    {
        // The sample covers 0–199: a category that reaches past 99 goes on.
        let more = (numbers.last ?? 0) > 99 ? ", …" : ""
        let sample = numbers.prefix(4).map(String.init).joined(separator: ", ") + more
        let other = numbers.first { $0 != 0 && String($0) != written } ?? numbers.first { String($0) != written } ?? numbers[0]
        let when = other == 0 ? " wherever the app shows a count of 0" : ""
        return
            "the '\(form)' form of '\(key)' in '\(locale)' writes '\(written)' where the other forms read the count: '\(locale)' uses this form for \(sample) (CLDR), so a count of \(other) shows '\(written)'\(when)"
    }
}
