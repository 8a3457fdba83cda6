import LocalizationFormats
import LocalizationIndex
import StringsCheckRules

/// Computes a coverage report from the project index.
public enum CoverageBuilder {
    /// `tables` keeps to tables by the name the report shows, `tableIDs` by `ResourceFile.tableID`;
    /// an empty filter keeps all. `payloadFindings` are `check`'s findings of the payload rules:
    /// a payload is ready in a locale when its preview row there has none.
    public static func build(
        _ index: ProjectIndex, payloadFindings: [Finding], allowIdentical: [String] = [], locales only: Set<String> = [],
        tables onlyTables: Set<String> = [], tableIDs onlyIDs: Set<String> = []
    ) -> CoverageReport {
        let allowed = allowIdentical.map(Glob.init)
        func isAllowed(_ key: String, _ text: String) -> Bool {
            allowIdentical.contains(text) || allowed.contains { $0.matchesKey(key) }
        }
        let stale = staleKeys(index)
        let prefix = commonFolder(index.baseTableNames)
        // `App/Resources/Localizable` → `Localizable` when every table lives in one folder.
        func displayName(_ table: String) -> String { String(table.dropFirst(prefix.count)) }
        let tableNames = index.baseTableNames.filter {
            (onlyTables.isEmpty || onlyTables.contains(displayName($0))) && (onlyIDs.isEmpty || onlyIDs.contains($0))
        }
        let locales = index.translationLocales.filter { only.isEmpty || only.contains($0) }
        var result: [LocaleCoverage] = []
        var total = 0
        var baseKeys: [String: [String]] = [:]
        for table in tableNames {
            guard let base = index.baseTable(table) else { continue }
            let exempt = (index.doNotTranslate[table] ?? []).union(stale[table] ?? [])
            // Keys that are the text beside a stub development table: the keys the code asks
            // for are those the translations hold.
            if index.keysAreTextBesideAStub(table) {
                var keys = Set(base.strings.keys)
                for (_, localeTable) in index.tables[table] ?? [:] { keys.formUnion(localeTable.strings.keys) }
                baseKeys[table] = keys.filter { !$0.isEmpty && !exempt.contains($0) }.sorted()
                total += baseKeys[table]?.count ?? 0
                continue
            }
            baseKeys[table] = base.strings.keys.filter { !exempt.contains($0) }.sorted()
            total += baseKeys[table]?.count ?? 0
        }
        let plurals = index.parts([.pluralForms]).pluralForms
        let baseLanguage = index.baseLocale.map(LocaleName.language)
        for locale in locales {
            var coverage = LocaleCoverage(locale: locale)
            // en-GB beside en keeps most texts as they are; only other languages can be untranslated.
            let sameLanguage = LocaleName.language(of: locale) == baseLanguage
            for table in tableNames {
                guard let base = index.baseTable(table), let keys = baseKeys[table] else { continue }
                let strings = index.tables[table]?[locale]?.strings ?? [:]
                var tableCoverage = TableCoverage(table: displayName(table), total: keys.count, translated: 0, missing: 0, extra: 0)
                for key in keys {
                    guard let string = strings[key], string.loaded else {
                        tableCoverage.missing += 1
                        coverage.missingKeys.append(CoverageKey(table: displayName(table), key: key))
                        continue
                    }
                    let text = string.value ?? ""
                    // Where the keys are the text, the key is the development text.
                    let baseText = base.strings[key]?.value ?? (index.keysAreTextBesideAStub(table) ? key : "")
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
                tableCoverage.extra =
                    index.keysAreTextBesideAStub(table)
                    ? 0 : strings.keys.filter { base.strings[$0] == nil && strings[$0]?.origin != .catalog }.count
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
            baseLocale: index.baseLocale, total: total, locales: result.sorted { $0.locale < $1.locale },
            payloads: payloadReadiness(index, findings: payloadFindings, locales: Set(locales)))
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

    static func staleKeys(_ index: ProjectIndex) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for file in index.project.files {
            guard case .catalog(let catalog) = file.content else { continue }
            for entry in catalog.entries where entry.extractionState == "stale" { result[file.tableID, default: []].insert(entry.key) }
        }
        return result
    }

    /// Each payload with localized parts, ready or broken in the base and each of `locales` that
    /// has the payload table, by its preview rows. Payloads of one template without names share
    /// an entry.
    static func payloadReadiness(_ index: ProjectIndex, findings: [Finding], locales: Set<String>) -> [PayloadReadiness] {
        var wanted = locales
        if let base = index.baseLocale { wanted.insert(base) }
        let groups = PreviewBuilder.payloadRowGroups(index, findings: findings, locales: wanted)
        struct Readiness {
            var payload: PushPayload
            var name: String
            var locales: [String] = []
            var reasons: [String: [String]] = [:]
        }
        var items: [Readiness] = []
        var position: [String: Int] = [:]
        for (payload, rows) in zip(index.payloads, groups) {
            guard !payload.keys.isEmpty, index.payloadTable(of: payload) != nil else { continue }
            let id = payload.path + "\u{1F}" + (payload.name ?? "") + (payload.code.map { ":\($0.line)" } ?? "")
            let at =
                position[id]
                ?? {
                    items.append(Readiness(payload: payload, name: rows.first?.payload ?? payload.displayName))
                    position[id] = items.count - 1
                    return items.count - 1
                }()
            // A locale without the table shows the development text: it is the base's row.
            for row in rows where row.resolvedLocale == row.locale {
                if items[at].reasons[row.locale] == nil { items[at].locales.append(row.locale) }
                // Errors break a payload; a warning (a legacy key, extra arguments) is advice.
                items[at].reasons[row.locale, default: []] += row.problems.filter { $0.severity == .error }.map(\.message)
            }
        }
        return items.map { item in
            PayloadReadiness(
                payload: item.name, path: item.payload.path,
                readyLocales: item.locales.filter { item.reasons[$0]?.isEmpty ?? true }.sorted(),
                brokenLocales: item.locales.compactMap { locale in
                    guard let reasons = item.reasons[locale], !reasons.isEmpty else { return nil }
                    return (locale, reasons)
                }.sorted { $0.0 < $1.0 })
        }
    }
}
