import LocalizationFormats
import LocalizationIndex

/// A locale that has far fewer of the base keys than the others.
struct IncompleteLocaleRule: Rule {
    static let description = RuleDescription(
        id: "incomplete-locale", name: "Incomplete locale", area: .crossLocale,
        summary: "a locale that has less than a threshold share (default 50%) of the base keys",
        rationale:
            "One summary finding per locale that is far behind, so a half-finished language is visible at a glance instead of drowning in hundreds of missing-translation findings. Set the share with `threshold` (percent) under `rules: incomplete-locale:`.",
        fix:
            "Finish the translation, or stop shipping the locale until it is done (remove it from the project, or list it under `ignore_locales` while it is in progress).",
        defaultSeverity: .warning,
        triggering: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "↓\"a\" = \"A\";\n"),
            ])
        ],
        nonTriggering: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
                ExampleFile("de.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ])
        ])

    static let reads: Set<IndexPart> = [.keyPresence]

    func check(_ context: RuleContext) -> [Finding] {
        // Each locale is measured on the bundles (targets) it is shipped in.
        let bundleLocales = context.localesByBundle(includingCatalogs: true)
        let bundleOfTable = Dictionary(context.project.files.map { ($0.tableID, $0.bundle) }, uniquingKeysWith: { first, _ in first })
        var totals: [String: Int] = [:]
        var present: [String: Int] = [:]
        let locales = context.translationLocales(for: Self.description.id)
        for table in context.baseTableNames {
            guard let presence = context.keyPresence[table], let bundle = bundleOfTable[table] else { continue }
            let exempt = context.doNotTranslate[table] ?? []
            let shipped = locales.filter { bundleLocales[bundle]?.contains($0) == true }
            let counted = presence.base.map { !exempt.contains($0.key) }
            let total = counted.count { $0 }
            for locale in shipped {
                totals[locale, default: 0] += total
                guard let has = presence.has[locale] else { continue }
                present[locale, default: 0] += zip(counted, has).count { $0 && $1 }
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
                path: file.path, at: SourcePosition(line: 1, column: 1), locale: locale)
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
