import LocalizationFormats

/// Which base keys each translation of a table has, worked out once (one hash per key of every
/// locale) for the rules and reports that compare key sets.
public struct KeyPresence: Sendable {
    /// The base table's entries, sorted by key.
    public let base: [LocalizedString]
    /// Translation locale → for each entry of `base`, whether that locale's table has the key.
    /// Locales without the table are absent.
    public let has: [String: [Bool]]
    /// Translation locale → its entries whose key the base lacks, sorted by key.
    public let extra: [String: [LocalizedString]]

    static func compute(_ tables: [String: [String: LocaleTable]], baseLocale: String?, locales: [String]) -> [String: KeyPresence] {
        guard let baseLocale else { return [:] }
        let names = tables.keys.filter { tables[$0]?[baseLocale] != nil }.sorted()
        let bases = names.map { name in (tables[name]?[baseLocale]?.strings.values.sorted { $0.key < $1.key }) ?? [] }
        var jobs: [(table: Int, locale: String)] = []
        for (position, name) in names.enumerated() {
            for locale in locales where tables[name]?[locale] != nil { jobs.append((position, locale)) }
        }
        // The locales of a table share its key numbers: each base key is hashed once, and
        // presence is then read by number (a hash only for keys outside the numbering).
        let baseNumbers = names.indices.concurrentMap { position in
            let numbering = tables[names[position]]?[baseLocale]?.strings.numbering ?? .empty
            return bases[position].map { numbering.number(of: $0.key) }
        }
        let rows = jobs.concurrentMap { job -> (has: [Bool], extra: [LocalizedString]) in
            let base = bases[job.table]
            guard let baseStrings = tables[names[job.table]]?[baseLocale]?.strings,
                let strings = tables[names[job.table]]?[job.locale]?.strings
            else { return ([Bool](repeating: false, count: base.count), []) }
            let numbers = baseNumbers[job.table]
            let has = base.indices.map { position in
                strings.contains(key: base[position].key, number: numbers[position], numberedBy: baseStrings.numbering)
            }
            return (has, strings.strings(missingFrom: baseStrings).sorted { $0.key < $1.key })
        }
        var has: [[String: [Bool]]] = Array(repeating: [:], count: names.count)
        var extra: [[String: [LocalizedString]]] = Array(repeating: [:], count: names.count)
        for (job, row) in zip(jobs, rows) {
            has[job.table][job.locale] = row.has
            extra[job.table][job.locale] = row.extra
        }
        var result: [String: KeyPresence] = [:]
        for (position, name) in names.enumerated() {
            result[name] = KeyPresence(base: bases[position], has: has[position], extra: extra[position])
        }
        return result
    }
}
