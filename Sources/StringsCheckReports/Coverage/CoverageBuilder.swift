import LocalizationFormats
import StringsCheckRules

/// Computes a coverage report from a rule context.
public enum CoverageBuilder {
    /// `tables` keeps to tables by the name the report shows, `tableIDs` by `ResourceFile.tableID`;
    /// an empty filter keeps all.
    public static func build(
        _ context: RuleContext, allowIdentical: [String] = [], locales only: Set<String> = [], tables onlyTables: Set<String> = [],
        tableIDs onlyIDs: Set<String> = []
    ) -> CoverageReport {
        let allowed = allowIdentical.map(Glob.init)
        func isAllowed(_ key: String, _ text: String) -> Bool {
            allowIdentical.contains(text) || allowed.contains { $0.matchesKey(key) }
        }
        let stale = staleKeys(context)
        let prefix = commonFolder(context.baseTableNames)
        // `App/Resources/Localizable` → `Localizable` when every table lives in one folder.
        func displayName(_ table: String) -> String { String(table.dropFirst(prefix.count)) }
        let tableNames = context.baseTableNames.filter {
            (onlyTables.isEmpty || onlyTables.contains(displayName($0))) && (onlyIDs.isEmpty || onlyIDs.contains($0))
        }
        let locales = context.translationLocales.filter { only.isEmpty || only.contains($0) }
        var result: [LocaleCoverage] = []
        var total = 0
        var baseKeys: [String: [String]] = [:]
        for table in tableNames {
            guard let base = context.baseTable(table) else { continue }
            let exempt = (context.doNotTranslate[table] ?? []).union(stale[table] ?? [])
            baseKeys[table] = base.strings.keys.filter { !exempt.contains($0) }.sorted()
            total += baseKeys[table]?.count ?? 0
        }
        let plurals = context.pluralForms
        let baseLanguage = context.baseLocale.map(LocaleName.language)
        for locale in locales {
            var coverage = LocaleCoverage(locale: locale)
            // en-GB beside en keeps most texts as they are; only other languages can be untranslated.
            let sameLanguage = LocaleName.language(of: locale) == baseLanguage
            for table in tableNames {
                guard let base = context.baseTable(table), let keys = baseKeys[table] else { continue }
                let strings = context.tables[table]?[locale]?.strings ?? [:]
                var tableCoverage = TableCoverage(table: displayName(table), total: keys.count, translated: 0, missing: 0, extra: 0)
                for key in keys {
                    guard let string = strings[key], string.loaded else {
                        tableCoverage.missing += 1
                        coverage.missingKeys.append(CoverageKey(table: displayName(table), key: key))
                        continue
                    }
                    let text = string.value ?? ""
                    let baseText = base.strings[key]?.value ?? ""
                    if string.state == "new" {
                        coverage.untranslated += 1
                    } else if text.isEmpty {
                        coverage.empty += 1
                    } else if text == baseText, !sameLanguage, string.origin != .stringsdict, baseText.contains(where: \.isLetter),
                        !isAllowed(key, text)
                    {
                        // A .stringsdict format ('%#@files@') is the same in every language; its forms differ.
                        coverage.identical += 1
                        coverage.identicalKeys.append(CoverageKey(table: displayName(table), key: key))
                    } else {
                        tableCoverage.translated += 1
                        if string.state == "needs_review" { coverage.needsReview += 1 }
                    }
                }
                tableCoverage.extra = strings.keys.filter { base.strings[$0] == nil && strings[$0]?.origin != .catalog }.count
                coverage.total += tableCoverage.total
                coverage.translated += tableCoverage.translated
                coverage.missing += tableCoverage.missing
                coverage.extra += tableCoverage.extra
                coverage.tables.append(tableCoverage)
            }
            coverage.pluralIncomplete =
                plurals.filter { $0.locale == locale && !($0.missingCategories ?? []).isEmpty }.count
            coverage.missingKeys.sort()
            coverage.identicalKeys.sort()
            coverage.tables.sort { $0.table < $1.table }
            result.append(coverage)
        }
        return CoverageReport(
            baseLocale: context.baseLocale, total: total, locales: result.sorted { $0.locale < $1.locale },
            payloads: payloadReadiness(context, locales: Set(locales)))
    }

    /// The folder (with its trailing `/`) every table ID starts with.
    static func commonFolder(_ tables: [String]) -> String {
        guard var prefix = tables.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init) })
        else { return "" }
        for table in tables.dropFirst() {
            let parts = table.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
            while !prefix.isEmpty, Array(parts.prefix(prefix.count)) != prefix { prefix.removeLast() }
        }
        return prefix.isEmpty ? "" : prefix.joined(separator: "/") + "/"
    }

    static func staleKeys(_ context: RuleContext) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for file in context.project.files {
            guard case .catalog(let catalog) = file.content else { continue }
            for entry in catalog.entries where entry.extractionState == "stale" { result[file.tableID, default: []].insert(entry.key) }
        }
        return result
    }

    static func payloadReadiness(_ context: RuleContext, locales: Set<String>) -> [PayloadReadiness] {
        // One accumulator per payload, found with one hash per lookup rather than per locale.
        struct Readiness {
            let payload: PushPayload
            /// Locale → why the payload breaks there (empty when it does not); its keys are the
            /// locales seen, which `locales` lists in first-seen order.
            var reasons: [String: [String]] = [:]
            var locales: [String] = []
        }
        var items: [Readiness] = []
        var positions: [String: Int] = [:]
        for lookup in context.payloadLookups(ruleID: "payload-missing-key") {
            let id = lookup.payload.path + "\u{1F}" + (lookup.payload.name ?? "")
            let position =
                positions[id]
                ?? {
                    items.append(Readiness(payload: lookup.payload))
                    positions[id] = items.count - 1
                    return items.count - 1
                }()
            for (locale, string, format) in lookup.locales where locale == context.baseLocale || locales.contains(locale) {
                if items[position].reasons[locale] == nil { items[position].locales.append(locale) }
                var reasons: [String] = []
                if let string, string.loaded, let format {
                    let needed = format.argumentCount
                    if needed != lookup.givenArguments, lookup.part != .action {
                        reasons.append("'\(lookup.key)' takes \(needed) argument\(needed == 1 ? "" : "s"), \(lookup.givenArguments) given")
                    }
                    if format.readsNonObject {
                        reasons.append("'\(lookup.key)' reads a string as a number")
                    }
                } else {
                    reasons.append("raw key '\(lookup.key)'")
                }
                items[position].reasons[locale, default: []] += reasons
            }
        }
        return items.map { item in
            let broken = item.locales.compactMap { locale -> (String, [String])? in
                guard let reasons = item.reasons[locale], !reasons.isEmpty else { return nil }
                return (locale, reasons)
            }
            return PayloadReadiness(
                payload: item.payload.displayName, path: item.payload.path,
                readyLocales: item.locales.filter { item.reasons[$0]?.isEmpty ?? true }.sorted(),
                brokenLocales: broken.sorted { $0.0 < $1.0 })
        }
    }
}
