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
    public var locales: PayloadLocales
    /// What the locales hold, worked out once per key while it is resolved, so the rules skip
    /// the locales of the many lookups with nothing to report. Leaving out a rule's ignored
    /// locales can only narrow it, so each "may" is a maybe and each "not" is sure.
    public var summary = Summary()

    /// False when every locale has the key and its entry loads.
    public var mayLackLocales: Bool { summary.mayLack }
    /// False when no locale's text reads a printed argument as something other than an object.
    public var mayReadNonObject: Bool { summary.mayReadNonObject }
    /// False when no locale's entry comes from a `.stringsdict` file.
    public var mayBeStringsdict: Bool { summary.mayBeStringsdict }
    /// False when every locale whose entry loads takes exactly `count` arguments.
    public func mayTakeOtherThan(_ count: Int) -> Bool {
        summary.argumentCounts.map { $0 != count...count } ?? false
    }

    /// See `summary`.
    public struct Summary: Sendable {
        var mayLack = true
        var mayReadNonObject = true
        var mayBeStringsdict = true
        /// The fewest and most arguments a locale's text takes, over the locales with a format.
        var argumentCounts: ClosedRange<Int>?

        /// Nothing is known: every "may" is true.
        init() {}

        /// Nothing found (no locale): what `add` widens, locale by locale.
        static let none = Summary(mayLack: false, mayReadNonObject: false, mayBeStringsdict: false)

        private init(mayLack: Bool, mayReadNonObject: Bool, mayBeStringsdict: Bool, argumentCounts: ClosedRange<Int>? = nil) {
            self.mayLack = mayLack
            self.mayReadNonObject = mayReadNonObject
            self.mayBeStringsdict = mayBeStringsdict
            self.argumentCounts = argumentCounts
        }

        /// One locale's: whether it lacks the key (or its entry does not load), whether the entry
        /// is a `.stringsdict` one, and what its format reads (nil for none).
        init(lacking: Bool, isStringsdict: Bool, facts: (argumentCount: Int, readsNonObject: Bool)?) {
            self.init(
                mayLack: lacking, mayReadNonObject: facts?.readsNonObject ?? false, mayBeStringsdict: isStringsdict,
                argumentCounts: facts.map { $0.argumentCount...$0.argumentCount })
        }

        /// Widens this summary by another locale's.
        mutating func add(_ other: Summary) {
            mayLack = mayLack || other.mayLack
            mayReadNonObject = mayReadNonObject || other.mayReadNonObject
            mayBeStringsdict = mayBeStringsdict || other.mayBeStringsdict
            if let counts = other.argumentCounts {
                argumentCounts =
                    argumentCounts.map { min($0.lowerBound, counts.lowerBound)...max($0.upperBound, counts.upperBound) } ?? counts
            }
        }
    }

    /// The number of loc-args the payload gives.
    public var givenArguments: Int { argumentsField?.value.array?.count ?? 0 }

    /// Where argument findings go: the loc-args when present, else the key.
    public var argumentsLocation: SourcePosition { argumentsField?.value.location ?? keyField.value.location }
}

extension ProjectIndex {
    /// Every payload of every template, then every key found in code, in file order.
    public var payloads: [PushPayload] { project.payloadFiles.flatMap(\.payloads) + project.codeFiles.flatMap(\.payloads) }

    /// The payloads of templates only: what the rules about a payload's JSON look at.
    public var templatePayloads: [PushPayload] { project.payloadFiles.flatMap(\.payloads) }

    /// The Localizable table `payload`'s keys are looked up in (see `payloadTable(keys:)`),
    /// chosen once for every payload and asked here by the lookups, the preview and the
    /// coverage report alike.
    public func payloadTable(of payload: PushPayload) -> String? {
        // By the keys: the choice depends on nothing else.
        let chosen = payloadTablesPart.get {
            let candidates = tableIDs(named: options.payloadTable)
            var result: [[String]: String] = [:]
            for payload in payloads {
                let keys = payload.keys.map(\.key)
                if result[keys] == nil, let table = payloadTable(keys: keys, among: candidates) { result[keys] = table }
            }
            return result
        }
        let keys = payload.keys.map(\.key)
        // A payload the index does not hold (or one with no table) is asked again.
        return chosen[keys] ?? payloadTable(keys: keys)
    }

    /// The Localizable table a payload's keys are looked up in: among bundles with a table named
    /// like `IndexOptions.payloadTable`, the one whose base table has most of the keys (ties: the
    /// shortest bundle path).
    public func payloadTable(keys: [String]) -> String? {
        payloadTable(keys: keys, among: tableIDs(named: options.payloadTable))
    }

    private func payloadTable(keys: [String], among candidates: [String]) -> String? {
        guard candidates.count > 1 else { return candidates.first }
        return candidates.max { a, b in
            let scoreA = keys.filter { baseTable(a)?.strings[$0] != nil }.count
            let scoreB = keys.filter { baseTable(b)?.strings[$0] != nil }.count
            return scoreA != scoreB ? scoreA < scoreB : a.count > b.count
        }
    }

    func computePayloadLookups(formats: [String: [String: TableFormats]]) -> [PayloadKeyLookup] {
        // Each table's per-locale views are gathered once, not once per payload; payloads are
        // then resolved on all cores.
        // Each payload's keys are listed once (a computed list of the alert's fields).
        let payloads = payloads.compactMap {
            payload -> (payload: PushPayload, table: String, keys: [(part: PushAlertPart, field: PayloadField, key: String)])? in
            let keys = payload.keys
            guard !keys.isEmpty, let table = payloadTable(of: payload) else { return nil }
            return (payload, table, keys)
        }
        var views: [String: [(locale: String, strings: LocaleStrings?, formats: TableFormats?)]] = [:]
        for table in Set(payloads.lazy.map(\.table)) {
            views[table] = localesBaseFirst.filter { $0 == baseLocale || tables[table]?[$0] != nil }.map {
                (locale: $0, strings: tables[table]?[$0]?.strings, formats: formats[table]?[$0])
            }
        }
        // Templates share keys: each (table, key) is resolved once and the lookups share the
        // result. Each key is hashed once for all locales (they share the key numbers), then
        // each locale resolves every key on its own core, in key-number order: going locale by
        // locale reads each table's arrays front to back instead of jumping between them for
        // every key.
        var wanted: [String: Set<String>] = [:]
        for (_, table, keys) in payloads {
            for (_, _, key) in keys { wanted[table, default: []].insert(key) }
        }
        struct WantedKey {
            var key: String
            var stringNumber: Int?
            var formatNumber: Int?
        }
        var keysByTable: [String: [WantedKey]] = [:]
        var columnJobs: [(table: String, view: Int)] = []
        for (table, keys) in wanted.sorted(by: { $0.key < $1.key }) {
            let localeTables = views[table] ?? []
            let numbering = localeTables.first { $0.strings != nil }?.strings?.numbering
            let formatKeys = localeTables.first { $0.formats != nil }?.formats?.keys
            // In key-number order; keys outside the numbering last, by name.
            keysByTable[table] = keys.map { key in
                WantedKey(key: key, stringNumber: numbering?.number(of: key), formatNumber: formatKeys?.number(of: key))
            }.sorted { ($0.stringNumber ?? Int.max, $0.key) < ($1.stringNumber ?? Int.max, $1.key) }
            for view in localeTables.indices { columnJobs.append((table, view)) }
        }
        typealias Cell = PayloadLocales.Cell
        // Each column's summaries are kept apart from its cells, which the lookups keep: they are
        // read once, to sum up each key's row.
        let columns = columnJobs.concurrentMap { job -> (cells: [Cell], summaries: [PayloadKeyLookup.Summary]) in
            guard let view = views[job.table]?[job.view], let keys = keysByTable[job.table] else { return ([], []) }
            let strings = view.strings
            // Unwrapped once: binding the optional for each key copied the table's references.
            let formats = view.formats ?? .empty
            let hasFormats = view.formats != nil
            let numbering = strings?.numbering
            var summaries: [PayloadKeyLookup.Summary] = []
            summaries.reserveCapacity(keys.count)
            let cells = keys.map { wanted -> Cell in
                let found = strings?.loadedString(forKey: wanted.key, number: wanted.stringNumber, numberedBy: numbering)
                // An entry that does not load shows the raw key: it has no arguments to judge
                // (the development texts' formats include such entries, as the reference).
                // What the format reads is read in place: the format itself is made when a rule asks.
                var facts: (argumentCount: Int, readsNonObject: Bool)?
                var formatNumber = Cell.noFormat
                if let found, hasFormats, found.loaded {
                    // Not through a closure, which copied the table's formats (three retains) per key.
                    if let number = wanted.formatNumber {
                        facts = formats.argumentFacts(number: number)
                        formatNumber = Int32(number)
                    } else if let number = formats.extraNumber(wanted.key) {
                        facts = formats.argumentFacts(number: number)
                        formatNumber = Cell.formatByName
                    }
                }
                summaries.append(
                    PayloadKeyLookup.Summary(
                        lacking: !(found?.loaded ?? false), isStringsdict: found?.string.origin == .stringsdict, facts: facts))
                return Cell(string: found?.string, format: facts == nil ? Cell.noFormat : formatNumber)
            }
            return (cells, summaries)
        }
        typealias Resolved = (locales: PayloadLocales, summary: PayloadKeyLookup.Summary)
        var byKey: [String: [String: Resolved]] = [:]
        var column = 0
        for (table, keys) in keysByTable.sorted(by: { $0.key < $1.key }) {
            let localeTables = views[table] ?? []
            let first = column
            column += localeTables.count
            let cells = PayloadLocales.Cells(
                locales: localeTables.map(\.locale), columns: columns[first..<column].map(\.cells),
                formats: localeTables.map { $0.formats ?? .empty }, keys: keys.map(\.key))
            var resolvedKeys: [String: Resolved] = [:]
            resolvedKeys.reserveCapacity(keys.count)
            // Each column's summaries taken out once: reading them through the columns copied
            // (retained) a column for every key and locale.
            let summaries = columns[first..<column].map(\.summaries)
            for (position, wanted) in keys.enumerated() {
                var summary = PayloadKeyLookup.Summary.none
                for view in summaries.indices { summary.add(summaries[view][position]) }
                resolvedKeys[wanted.key] = (PayloadLocales(cells, row: position), summary)
            }
            byKey[table] = resolvedKeys
        }
        return payloads.flatMap { payload, table, keys in
            let resolved = byKey[table]
            return keys.map { part, field, key in
                let result = resolved?[key]
                var lookup = PayloadKeyLookup(
                    payload: payload, part: part, keyField: field, key: key, argumentsField: payload.alert.arguments(of: part),
                    table: table, locales: result?.locales ?? PayloadLocales([]))
                lookup.summary = result?.summary ?? .none
                return lookup
            }
        }
    }
}

/// A payload key's row of locales: each locale with its text (nil when the table lacks the key)
/// and the arguments the text reads. A view into the columns the index resolved locale by
/// locale, so the thousands of lookups share them instead of each holding a copy.
public struct PayloadLocales: RandomAccessCollection, Sendable {
    public typealias Element = (locale: String, string: LocalizedString?, format: KeyFormat?)

    /// A key in one locale: its entry, and its format by number in the locale's formats (24
    /// bytes; a key's format is made when it is read).
    struct Cell: Sendable {
        var string: LocalizedString?
        /// ≥ 0: the key's number in the locale's formats; `formatByName`: the locale's own key;
        /// `noFormat`: none.
        var format: Int32

        static let noFormat: Int32 = -1
        static let formatByName: Int32 = -2
    }

    /// Every resolved key of one table: locale names, and per locale a column by key.
    final class Cells: Sendable {
        let locales: [String]
        let columns: [[Cell]]
        /// Each locale's formats, which the cells' format numbers point into.
        let formats: [TableFormats]
        /// The keys, by row.
        let keys: [String]

        init(locales: [String], columns: [[Cell]], formats: [TableFormats], keys: [String]) {
            self.locales = locales
            self.columns = columns
            self.formats = formats
            self.keys = keys
        }

        func format(_ cell: Cell, column: Int, row: Int) -> KeyFormat? {
            switch cell.format {
            case Cell.noFormat: nil
            case Cell.formatByName: formats[column].extra(keys[row])
            default: formats[column][number: Int(cell.format)]
            }
        }
    }

    private let cells: Cells?
    private let row: Int
    private let elements: [Element]

    init(_ cells: Cells, row: Int) {
        self.cells = cells
        self.row = row
        elements = []
    }

    /// A row of its own (a rule's view without its ignored locales).
    public init(_ elements: [Element]) {
        cells = nil
        row = 0
        self.elements = elements
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { cells?.locales.count ?? elements.count }

    public subscript(position: Int) -> Element {
        guard let cells else { return elements[position] }
        let cell = cells.columns[position][row]
        return (cells.locales[position], cell.string, cells.format(cell, column: position, row: row))
    }
}
