import LocalizationFormats
import LocalizationIndex

/// A base key that a translation's table lacks, reported once at the base entry.
struct MissingTranslationRule: Rule {
    static let description = RuleDescription(
        id: "missing-translation", name: "Missing translation", area: .crossLocale,
        summary: "a key of the base locale that a translation's table lacks",
        rationale:
            "Foundation does not fall back to another language for a single key (`_copyStringFromTable`, CFBundle_Strings.c): in a table the code reads, users of that locale see the key itself, the raw identifier ('settings.title') or, where the key is the development text (String Catalogs extracted from code, English keys), that text untranslated; a push that names it shows the same. In an Interface Builder table the nib's development text shows, in InfoPlist.strings the Info.plist value (see Docs/TableUsage.md). Reported at the base entry, naming every locale that lacks it, so a commit that adds a base key shows it at once. A regional variant of the development language (en-GB beside en) that shows the development text loses only spelling: one note per locale and table.",
        fix: "Add the key to the listed locales, or mark a catalog entry 'Don't translate' when it must stay as is.",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [
            .tables(("en", "\"a\" = \"A\";\n↓\"b\" = \"B\";\n"), ("de", "\"a\" = \"A\";\n"), ("fr", "\"a\" = \"A\";\n")),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    ↓\"hello\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hallo\" } }\n      }\n    },\n    \"bye\" : {\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Tschüss\" } },\n        \"fr\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Salut\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                )
            ]),
        ],
        nonTriggering: [.tables(("en", "\"a\" = \"A\";\n"), ("de", "\"a\" = \"A\";\n"))])

    static let reads: Set<IndexPart> = [.keyPresence]

    func check(_ context: RuleContext) -> [Finding] {
        let locales = context.translationLocales(for: Self.description.id)
        let baseLanguage = context.baseLocale.map(LocaleName.language(of:))
        var result: [Finding] = []
        for table in context.baseTableNames {
            guard let presence = context.keyPresence[table] else { continue }
            // A locale whose table is an XLIFF file's alone is judged by the xliff rules: a key the
            // file leaves out or untranslated is not the app's to miss (the import leaves it as
            // the project has it).
            let imported = context.standaloneXliffLocales[table] ?? []
            let present = locales.compactMap { locale in
                imported.contains(locale) ? nil : presence.has[locale].map { (locale: locale, has: $0) }
            }
            let exempt = context.doNotTranslate[table] ?? []
            let usage = context.usage(of: table)
            let readByCode = usage == .format || usage == .text
            let fallback = readByCode ? context.developmentFallback(of: table) : nil
            let keysAreText = readByCode && context.developmentTextInKeys(of: table) != nil
            // Regional variants of the development language (en-GB beside en) whose missing keys
            // show the development text lose nothing but spelling: one note per locale and table.
            var minorCounts: [String: Int] = [:]
            for (index, string) in presence.base.enumerated() where !exempt.contains(string.key) {
                let lacking = present.filter { !$0.has[index] }.map(\.locale)
                // A text with no letters ('%@', '%lld. ', '') reads the same in every language.
                guard !lacking.isEmpty, string.origin == .stringsdict || Self.hasWords(string.value ?? string.key) else { continue }
                let key = string.key
                // What a lookup that misses shows: in tables the code reads, the key itself, which
                // is the development text when the key is that text (catalogs extracted from code,
                // English keys), else the raw identifier.
                let showsDevelopmentText =
                    !readByCode || string.value == key || (keysAreText && !KeyStyle.text.readsAsIdentifier(key)) || fallback != nil
                let effect =
                    if let fallback {
                        Finding.Message.fallbackEffect(fallback)
                    } else if readByCode {
                        Finding.Message.codeLookupEffect(showsDevelopmentText: showsDevelopmentText)
                    } else {
                        usage.missingKeyEffect
                    }
                var group = lacking
                if showsDevelopmentText {
                    group = lacking.filter { LocaleName.language(of: $0) != baseLanguage }
                    for locale in lacking where LocaleName.language(of: locale) == baseLanguage { minorCounts[locale, default: 0] += 1 }
                }
                guard !group.isEmpty else { continue }
                result.append(
                    finding(
                        .missingFrom(key: key, locales: group, translations: present.count, effect: effect), path: string.path,
                        at: string.location, key: key, table: table, locales: group))
            }
            for (locale, count) in minorCounts.sorted(by: { $0.key < $1.key }) {
                guard let file = context.file(table: table, locale: locale) ?? context.file(table: table, locale: context.baseLocale ?? "")
                else { continue }
                var found = finding(
                    .lacksKeys(locale: locale, count: count, total: presence.base.count, table: file.table),
                    path: file.path, at: SourcePosition(line: 1, column: 1), locale: locale, table: table)
                found.diagnostic.severity = .note
                result.append(found)
            }
        }
        return result
    }

    /// Whether a text has a letter outside its format specifiers: something to translate.
    static func hasWords(_ text: String) -> Bool {
        let specifiers = FormatScanner.analyze(text).specifiers
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar.properties.isAlphabetic {
            if !specifiers.contains(where: { $0.start <= offset && offset < $0.end }) { return true }
        }
        return false
    }
}

extension Finding.Message {
    /// What users of a locale that lacks a key of a table the code reads see.
    fileprivate static func codeLookupEffect(showsDevelopmentText: Bool) -> String {
        showsDevelopmentText
            ? "see the key, which is the development language's text (their table lacks it and Foundation returns the key)"
            : "see the raw key (their table lacks it and Foundation returns the key), unless the code passes 'value:' or the app falls back itself ('fallback: development')"
    }

    /// What users see when the app's own fallback shows the development text.
    fileprivate static func fallbackEffect(_ evidence: String) -> String {
        "see the development language's text untranslated, through \(evidence)"
    }

    /// A key `locales` lack, out of `translations` translations; `effect` is what their users see.
    fileprivate static func missingFrom(key: String, locales: [String], translations: Int, effect: String) -> Finding.Message {
        let share = locales.count == translations ? "every translation" : "\(locales.count) of \(translations) translations"
        let users = locales.count == 1 ? "that locale" : "those locales"
        return "'\(key)' is missing from \(listing(locales)) (\(share)); users of \(users) \(effect)"
    }

    /// A regional variant of the development language that lacks keys, whose users see the development text.
    fileprivate static func lacksKeys(locale: String, count: Int, total: Int, table: String) -> Finding.Message {
        "'\(locale)' lacks \(count) of the \(total) keys of '\(table)'; its users see the development language's text for those"
    }
}
