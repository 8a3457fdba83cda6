import LocalizationFormats
import LocalizationIndex

/// A locale that has far fewer of the base keys than the others.
struct IncompleteLocaleRule: Rule {
    static let description = RuleDescription(
        id: "incomplete-locale", name: "Incomplete locale", area: .crossLocale,
        summary: "a locale that has less than a threshold share (default 50%) of the base keys",
        rationale:
            "One summary finding per locale that is far behind, so a half-finished language is visible at a glance instead of drowning in hundreds of missing-translation findings. A regional variant of the development language (en-GB beside en) is measured by what its users miss: a key it lacks whose lookup shows the development text (the key is that text, or the table is not read by code) loses only spelling and counts as present, as in missing-translation. Set the share with `threshold` (percent) under `rules: incomplete-locale:`.",
        fix:
            "Finish the translation, or stop shipping the locale until it is done (remove it from the project, or list it under `ignore_locales` while it is in progress).",
        defaultSeverity: .warning, isBacklog: true,
        triggering: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "↓\"a\" = \"A\";\n"),
            ]),
            // Identifier keys: a British English user sees 'settings.share' where the text is missing.
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    "\"settings.color\" = \"Color\";\n\"settings.delete\" = \"Delete\";\n\"settings.share\" = \"Share\";\n"),
                ExampleFile("en-GB.lproj/Localizable.strings", "↓\"settings.color\" = \"Colour\";\n"),
            ]),
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ]),
            // British English changes the spelling of one text; the rest show the development text.
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    "\"Color\" = \"Color\";\n\"Delete\" = \"Delete\";\n\"Share\" = \"Share\";\n\"Cancel\" = \"Cancel\";\n"),
                ExampleFile("en-GB.lproj/Localizable.strings", "\"Color\" = \"Colour\";\n"),
            ]),
        ])

    static let reads: Set<IndexPart> = [.keyPresence]

    func check(_ context: RuleContext) -> [Finding] {
        // Each locale is measured on the bundles (targets) it is shipped in.
        let bundleLocales = context.localesByBundle(includingCatalogs: true)
        let bundleOfTable = Dictionary(context.project.files.map { ($0.tableID, $0.bundle) }, uniquingKeysWith: { first, _ in first })
        var totals: [String: Int] = [:]
        var present: [String: Int] = [:]
        let locales = context.translationLocales(for: Self.description.id)
        let baseLanguage = context.baseLocale.map(LocaleName.language(of:))
        for table in context.baseTableNames {
            guard let presence = context.keyPresence[table], let bundle = bundleOfTable[table] else { continue }
            // A development table that is a stub beside keys that are the text (genstrings) is
            // no measure of what the code asks for.
            if context.keysAreTextBesideAStub(table) { continue }
            let exempt = context.doNotTranslate[table] ?? []
            let shipped = locales.filter { bundleLocales[bundle]?.contains($0) == true }
            let counted = presence.base.map { !exempt.contains($0.key) }
            let total = counted.count { $0 }
            // What a lookup of a key the table lacks shows: in a table the code reads, the key,
            // which is the development text when the key is that text (as missing-translation says).
            let usage = context.usage(of: table)
            let readByCode = usage == .format || usage == .text
            let showsDevelopmentText = presence.base.map { !readByCode || $0.value == $0.key }
            for locale in shipped {
                totals[locale, default: 0] += total
                guard let has = presence.has[locale] else { continue }
                // A regional variant of the development language loses only spelling where the
                // development text shows.
                let variant = LocaleName.language(of: locale) == baseLanguage
                present[locale, default: 0] += counted.indices.count { counted[$0] && (has[$0] || (variant && showsDevelopmentText[$0])) }
            }
        }
        let threshold = context.settings.incompleteLocaleThreshold
        return locales.compactMap { locale in
            guard let total = totals[locale], total > 0 else { return nil }
            let count = present[locale] ?? 0
            let share = Double(count) / Double(total)
            guard share < threshold, let file = context.project.files.first(where: { $0.locale == locale }) ?? catalogFile(context, locale)
            else { return nil }
            return finding(
                .belowThreshold(locale: locale, count: count, total: total, share: share, threshold: threshold),
                path: file.path, at: SourcePosition(line: 1, column: 1), locale: locale, table: file.tableID)
        }
    }

    private func catalogFile(_ context: RuleContext, _ locale: String) -> ResourceFile? {
        context.project.files.first { file in
            if case .catalog(let catalog) = file.content { return catalog.locales.map(LocaleName.normalize).contains(locale) }
            return false
        }
    }
}

extension Finding.Message {
    fileprivate static func belowThreshold(locale: String, count: Int, total: Int, share: Double, threshold: Double)
        -> Finding.Message
    {
        "'\(locale)' has \(count) of the \(total) base keys (\(Int((share * 100).rounded(.down)))%), below the \(Int((threshold * 100).rounded()))% threshold"
    }
}
