import LocalizationFormats

/// A payload key looked up in every locale as iOS would: the locale's `Localizable` table, where
/// a key that is missing shows raw.
public struct PayloadKeyLookup: Sendable {
    public var payload: PushPayload
    public var part: PushAlertPart
    public var keyField: PayloadField
    public var key: String
    public var argumentsField: PayloadField?
    public var table: String
    /// Locale → its text (nil when the table lacks the key) and the arguments the text reads.
    public var locales: [(locale: String, string: LocalizedString?, format: KeyFormat?)]
    /// False when every locale has the key and its entry loads; worked out once per key while it
    /// is resolved, so the rules skip the locales of the many lookups with nothing to report.
    /// (Leaving out a rule's ignored locales can only turn a true into a false, so a true is a
    /// "maybe" and a false is sure.)
    public var mayLackLocales = true
    /// False when no locale's text reads a printed argument as something other than an object.
    public var mayReadNonObject = true

    /// The number of loc-args the payload gives.
    public var givenArguments: Int { argumentsField?.value.array?.count ?? 0 }

    /// Where argument findings go: the loc-args when present, else the key.
    public var argumentsLocation: SourcePosition { argumentsField?.value.location ?? keyField.value.location }

    public func note(_ locale: String, _ string: LocalizedString) -> DiagnosticNote {
        DiagnosticNote(
            message: "the '\(locale)' text of '\(key)' is '\((string.value ?? "").excerpt)'", path: string.path, location: string.location)
    }
}

extension ProjectIndex {
    /// Every payload of every template, then every key found in code, in file order.
    public var payloads: [PushPayload] { project.payloadFiles.flatMap(\.payloads) + project.codeFiles.flatMap(\.payloads) }

    /// The payloads of templates only: what the rules about a payload's JSON look at.
    public var templatePayloads: [PushPayload] { project.payloadFiles.flatMap(\.payloads) }

    /// The Localizable table a payload's keys are looked up in: among bundles with a table named
    /// like `IndexOptions.payloadTable`, the one whose base table has most of the keys (ties: the
    /// shortest bundle path).
    public func payloadTable(keys: [String]) -> String? {
        tableIDs(named: options.payloadTable).max { a, b in
            let scoreA = keys.filter { baseTable(a)?.strings[$0] != nil }.count
            let scoreB = keys.filter { baseTable(b)?.strings[$0] != nil }.count
            return scoreA != scoreB ? scoreA < scoreB : a.count > b.count
        }
    }

    func computePayloadLookups(formats: [String: [String: TableFormats]]) -> [PayloadKeyLookup] {
        // Each table's per-locale views are gathered once, not once per payload; payloads are
        // then resolved on all cores.
        let payloads = payloads.compactMap { payload -> (payload: PushPayload, table: String)? in
            let keys = payload.keys
            guard !keys.isEmpty, let table = payloadTable(keys: keys.map(\.key)) else { return nil }
            return (payload, table)
        }
        var views: [String: [(locale: String, strings: LocaleStrings?, formats: TableFormats?)]] = [:]
        for table in Set(payloads.map(\.table)) {
            views[table] = localesBaseFirst.filter { $0 == baseLocale || tables[table]?[$0] != nil }.map {
                (locale: $0, strings: tables[table]?[$0]?.strings, formats: formats[table]?[$0])
            }
        }
        // Templates share keys: each (table, key) is resolved once, on all cores, and the lookups
        // share the result.
        var wanted: [String: Set<String>] = [:]
        for (payload, table) in payloads {
            for (_, _, key) in payload.keys { wanted[table, default: []].insert(key) }
        }
        let jobs = wanted.flatMap { table, keys in keys.map { (table: table, key: $0) } }
        typealias Resolved = (locales: [(locale: String, string: LocalizedString?, format: KeyFormat?)], lacks: Bool, nonObject: Bool)
        let resolved = jobs.concurrentMap { job -> Resolved in
            (views[job.table] ?? []).withUnsafeBufferPointer { localeTables in
                // The locales of a table share its key numbers: the key is hashed once for all.
                let number = localeTables.first { $0.formats != nil }?.formats?.keys.number(of: job.key)
                let numbering = localeTables.first { $0.strings != nil }?.strings?.numbering
                let stringNumber = numbering?.number(of: job.key)
                var lacks = false
                var nonObject = false
                let locales = localeTables.map { view in
                    let string = view.strings?.string(forKey: job.key, number: stringNumber, numberedBy: numbering)
                    // An entry that does not load shows the raw key: it has no arguments to judge
                    // (the development texts' formats include such entries, as the reference).
                    let format =
                        string?.loaded == true
                        ? view.formats.flatMap { formats in number.map { formats[number: $0] } ?? formats[job.key] } : nil
                    if let string {
                        if !string.loaded { lacks = true }
                        if !nonObject, format?.readsNonObject == true { nonObject = true }
                    } else {
                        lacks = true
                    }
                    return (view.locale, string, format)
                }
                return (locales, lacks, nonObject)
            }
        }
        var byKey: [String: [String: Resolved]] = [:]
        for (job, result) in zip(jobs, resolved) { byKey[job.table, default: [:]][job.key] = result }
        return payloads.flatMap { payload, table in
            payload.keys.map { part, field, key in
                let result = byKey[table]?[key]
                var lookup = PayloadKeyLookup(
                    payload: payload, part: part, keyField: field, key: key,
                    argumentsField: payload.alert.localizedParts.first { $0.part == part }?.arguments, table: table,
                    locales: result?.locales ?? [])
                lookup.mayLackLocales = result?.lacks ?? false
                lookup.mayReadNonObject = result?.nonObject ?? false
                return lookup
            }
        }
    }
}
