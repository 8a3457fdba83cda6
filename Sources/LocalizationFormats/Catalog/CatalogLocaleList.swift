import Foundation

/// A catalog entry's text in one locale: its unit, or none for the source language's own key.
public typealias CatalogLocaleString = (key: String, unit: CatalogStringUnit?, location: SourcePosition)

/// One locale's texts in a catalog, in entry order (see `StringCatalog.strings(for:)`): where
/// each stands in the catalog's entries rather than a copy of it. Copying each key and unit
/// retained their strings, by every locale's list at once (contended counts on shared keys), and
/// took ten times the memory.
public struct CatalogLocaleList: RandomAccessCollection, Sendable {
    /// An entry and its localization; `localization` -1 for the source language's own key (an
    /// entry with no localization in it). A catalog's entries and an entry's localizations
    /// number fewer than 2³¹: each takes several bytes of a file read whole into memory.
    @usableFromInline struct Place: Sendable {
        let entry: Int32
        let localization: Int32
    }

    public let entries: [CatalogEntry]
    @usableFromInline let places: [Place]
    /// The stores the texts lie in, and where each text stands in them (see `Layout`).
    let stores: [CatalogTextStore]
    let spans: [LocalizedString.CatalogSpan]

    public static let empty = CatalogLocaleList(entries: [], places: [], layout: Layout())

    init(entries: [CatalogEntry], places: [Place], layout: Layout) {
        self.entries = entries
        self.places = places
        (stores, spans) = (layout.stores, layout.spans)
    }

    /// Where each of a list's texts lies as it is listed (a unit's value, else the key), with
    /// whether its unit is `translated` or states nothing: the text rules read catalog texts as
    /// bytes in place, as `.strings` values. A unit's text is where the parser wrote it; a key
    /// standing for its own text is written into a store of the list's own. Made as the list
    /// is, from the entry being read (a pass of its own read every entry's localizations again,
    /// a contended retain apiece).
    struct Layout {
        private(set) var stores: [CatalogTextStore] = []
        var spans: [LocalizedString.CatalogSpan] = []
        /// The store named last, by its number: a run's texts mostly lie in one store.
        private var lastStore: (store: ObjectIdentifier?, number: UInt32) = (nil, 0)
        /// Where the keys standing for their own text are written.
        private var keys: CatalogTextWriter?

        init() {}

        init(capacity: Int) { spans.reserveCapacity(capacity) }

        /// Room for `texts` more texts.
        mutating func reserve(texts: Int) { spans.reserveCapacity(spans.count + texts) }

        /// Adds the texts of `other` after these, as if appended one by one.
        mutating func append(contentsOf other: Layout) {
            let numbers = other.stores.map { number(of: $0) }
            spans.reserveCapacity(spans.count + other.spans.count)
            for span in other.spans {
                spans.append(
                    LocalizedString.CatalogSpan(start: span.start, countAndFlag: span.countAndFlag, store: numbers[Int(span.store)]))
            }
        }

        /// Adds the text of `unit`.
        mutating func append(_ unit: borrowing CatalogStringUnit) { append(unit.text, settled: unit.isSettled) }

        /// Adds a key standing for its own text.
        mutating func append(key: String) {
            var writer = keys ?? CatalogTextWriter()
            let text = writer.append(key)
            keys = writer
            append(text, settled: true)
        }

        private mutating func append(_ text: borrowing CatalogText, settled: Bool) {
            let store = number(of: text.store)
            spans.append(
                LocalizedString.CatalogSpan(
                    start: text.start, countAndFlag: text.count | (settled ? LocalizedString.CatalogSpan.settled : 0), store: store))
        }

        /// The number of `store` among the list's stores, given one the first time.
        private mutating func number(of store: CatalogTextStore) -> UInt32 {
            let id = ObjectIdentifier(store)
            if lastStore.store == id { return lastStore.number }
            let number = UInt32(stores.firstIndex { $0 === store } ?? stores.count)
            if number == stores.count { stores.append(store) }
            lastStore = (id, number)
            return number
        }

        /// Gives back the room the keys' store did not take.
        func finish() { keys?.finish() }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { places.count }

    public subscript(position: Int) -> CatalogLocaleString {
        (key(at: position), unit(at: position), location(at: position))
    }

    /// The key of text `position`.
    public func key(at position: Int) -> String {
        let place = places[position]
        return entries.withUnsafeBufferPointer { $0[Int(place.entry)].key }
    }

    /// The unit text `position` shows (`CatalogValue.representativeUnit`); nil for a key that
    /// stands for its own text.
    public func unit(at position: Int) -> CatalogStringUnit? {
        var unit: CatalogStringUnit?
        withUnit(at: position) { unit = copy $0 }
        return unit
    }

    /// The text of `unit(at:)` alone: the value read where it lies, without copying the value
    /// whole (a retain of its text's store and of its forms' box, contended when rules on both
    /// cores read the same catalog).
    public func value(at position: Int) -> String? {
        var value: String?
        withUnit(at: position) { value = $0.value }
        return value
    }

    /// The state of `unit(at:)` alone, read where it lies.
    public func state(at position: Int) -> String? {
        var state: String?
        withUnit(at: position) { state = $0.state }
        return state
    }

    /// Calls `body` with the unit text `position` shows, read in place; not at all for a key that
    /// stands for its own text (or a value without a unit to show).
    private func withUnit(at position: Int, _ body: (borrowing CatalogStringUnit) -> Void) {
        let place = places[position]
        guard place.localization >= 0 else { return }
        entries.withUnsafeBufferPointer { entries in
            entries[Int(place.entry)].localizations.withUnsafeBufferPointer { localizations in
                guard let first = localizations.baseAddress else { return }
                _ = CatalogValue.withRepresentativeUnit(at: CatalogLocalization.value(at: first + Int(place.localization)), body)
            }
        }
    }

    /// Where text `position` is written: its unit's value, else its value, else (a key standing
    /// for its own text) the key.
    public func location(at position: Int) -> SourcePosition {
        let place = places[position]
        return entries.withUnsafeBufferPointer { entries in
            guard place.localization >= 0 else { return entries[Int(place.entry)].keyLocation }
            return entries[Int(place.entry)].localizations.withUnsafeBufferPointer { localizations in
                guard let first = localizations.baseAddress else { preconditionFailure("a place of a localization the entry has") }
                let value = CatalogLocalization.value(at: first + Int(place.localization))
                var location: SourcePosition?
                _ = CatalogValue.withRepresentativeUnit(at: value) { location = $0.location }
                return location ?? CatalogValue.location(at: value)
            }
        }
    }

    /// The text laid out for `position` (see `Layout`), as a string.
    func laidOutText(at position: Int) -> String {
        let span = spans[position]
        return String(decoding: stores[Int(span.store)].bytes(start: span.start, count: UInt32(span.count)), as: UTF8.self)
    }

    /// Calls `body` with each text's position and the index of its entry in `entries`.
    func forEachEntry(_ body: (_ position: Int, _ entry: Int) throws -> Void) rethrows {
        try places.withUnsafeBufferPointer { places in
            for position in places.indices { try body(position, Int(places[position].entry)) }
        }
    }

    /// Calls `body` with each text's key, read in place (binding one to a name retained it).
    func forEachKey(_ body: (_ position: Int, _ key: borrowing String) throws -> Void) rethrows {
        try entries.withUnsafeBufferPointer { entries in try forEachEntry { position, entry in try body(position, entries[entry].key) } }
    }
}

extension StringCatalog {
    /// Every locale's entries (see `strings(for:)`): a large catalog's entries shared out among
    /// the cores in consecutive runs, each run making every locale's lists for its entries, and
    /// each locale's lists then joined in entry order.
    public func stringsByLocale() -> [String: CatalogLocaleList] { stringsByLocale(runs: nil) }

    /// `stringsByLocale()` made in `runs` runs of entries (nil: as many as pay, see below).
    func stringsByLocale(runs count: Int?) -> [String: CatalogLocaleList] {
        let source = sourceLanguage.map(LocaleName.normalize)
        // Runs of 50,000 localizations or more, at most one per core (and eight): a small catalog
        // is one run. A run of entries, not a share of the locales: a share of the locales read
        // every value's neighbours too (a value lies beside the next locale's), so every
        // core brought the whole catalog into its cache, where a run brings in its own part.
        let localizations = entries.count * Swift.max(1, entries.first?.localizations.count ?? 1)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let runCount = Swift.max(1, count ?? Swift.min(8, cores, localizations / 50_000))
        let size = (entries.count + runCount - 1) / runCount
        let runs = stride(from: 0, to: Swift.max(entries.count, 1), by: Swift.max(size, 1)).map { $0..<Swift.min($0 + size, entries.count) }
        let parts = runs.concurrentMap { run in localeLists(entries: run, source: source) }
        guard parts.count > 1 else { return parts.first.map { lists(of: $0, source: source) } ?? [:] }
        // Each locale's parts joined, in the order the entries first name the locales.
        var order: [String] = []
        var seen: Set<String> = []
        for part in parts {
            for locale in part.locales where seen.insert(locale).inserted { order.append(locale) }
        }
        let joined = order.concurrentMap { locale -> (String, CatalogLocaleList)? in
            var places: [CatalogLocaleList.Place] = []
            var layout = CatalogLocaleList.Layout()
            let held = parts.compactMap { part in part.ids[locale].map { (part, $0) } }
            let texts = held.reduce(0) { count, item in count + item.0.places[item.1].count }
            places.reserveCapacity(texts)
            layout.reserve(texts: texts)
            for (part, id) in held {
                places += part.places[id]
                layout.append(contentsOf: part.layouts[id])
            }
            guard !places.isEmpty || locale == source else { return nil }
            return (locale, CatalogLocaleList(entries: entries, places: places, layout: layout))
        }
        var result: [String: CatalogLocaleList] = [:]
        result.reserveCapacity(joined.count)
        for item in joined {
            if let (locale, list) = item { result[locale] = list }
        }
        return result
    }

    /// The lists of `stringsByLocale` of one run of its entries, by locale number.
    private func localeLists(entries range: Range<Int>, source: String?) -> RunLists {
        typealias Place = CatalogLocaleList.Place
        var lists = RunLists(entries: range.count)
        let sourceID = source.map { lists.id(of: $0) }
        var written: [String: Int] = [:]
        // The locale each place held in the previous entry is compared first.
        var places = LocalePlaceCache<Int>()
        entries.withUnsafeBufferPointer { entries in
            for index in range {
                var hasSource = false
                entries[index].localizations.withUnsafeBufferPointer { localizations in
                    guard let first = localizations.baseAddress else { return }
                    for item in localizations.indices {
                        let name = localizations[item].locale
                        let locale = places.value(at: item, written: name) {
                            if let known = written[name] { return known }
                            let made = lists.id(of: LocaleName.normalize(name))
                            written[name] = made
                            return made
                        }
                        // The first localization of a locale wins, as in `strings(for:)`.
                        guard lists.lastEntry[locale] != index else { continue }
                        lists.lastEntry[locale] = index
                        if locale == sourceID { hasSource = true }
                        lists.places[locale].append(Place(entry: Int32(index), localization: Int32(item)))
                        // The unit the text shows, the key only when there is none. The value is
                        // read where it lies, not copied whole (its forms' box retained besides
                        // its unit's store, contended with the other runs reading their
                        // neighbours).
                        let value = CatalogLocalization.value(at: first + item)
                        let shown = CatalogValue.withRepresentativeUnit(at: value) { unit in
                            lists.layouts[locale].append(unit)
                        }
                        if !shown { lists.layouts[locale].append(key: entries[index].key) }
                    }
                }
                if let sourceID, !hasSource {
                    lists.places[sourceID].append(Place(entry: Int32(index), localization: -1))
                    lists.layouts[sourceID].append(key: entries[index].key)
                }
            }
        }
        for layout in lists.layouts { layout.finish() }
        return lists
    }

    /// The lists of a catalog read in one run, by normalized locale: every locale that has a
    /// text, and the source language.
    private func lists(of run: RunLists, source: String?) -> [String: CatalogLocaleList] {
        var run = run
        var result: [String: CatalogLocaleList] = [:]
        result.reserveCapacity(run.locales.count)
        for (id, locale) in run.locales.enumerated() where !run.places[id].isEmpty || locale == source {
            // Merged tables keep these lists (their strings point into them): a list with much
            // more room than items is copied to its size.
            if run.places[id].capacity > run.places[id].count + run.places[id].count / 8 {
                run.places[id] = Self.fitted(run.places[id])
                run.layouts[id].spans = Self.fitted(run.layouts[id].spans)
            }
            result[locale] = CatalogLocaleList(entries: entries, places: run.places[id], layout: run.layouts[id])
        }
        return result
    }

    /// A copy of `array` with no room to spare.
    private static func fitted<Element>(_ array: [Element]) -> [Element] {
        var exact: [Element] = []
        exact.reserveCapacity(array.count)
        exact.append(contentsOf: array)
        return exact
    }

    /// The lists one run of `stringsByLocale` makes, by locale number. Locales get small
    /// numbers, so "first localization of a locale wins" is an array stamp instead of a set per
    /// entry. A structure with methods, not local variables a nested function captures: such
    /// variables are boxed, and every access to them is checked for exclusivity at run time.
    private struct RunLists {
        let entries: Int
        var ids: [String: Int] = [:]
        var locales: [String] = []
        var places: [[CatalogLocaleList.Place]] = []
        var layouts: [CatalogLocaleList.Layout] = []
        /// Per locale, the entry that last gave it a text.
        var lastEntry: [Int] = []

        init(entries: Int) { self.entries = entries }

        /// The number of normalized locale `locale`, given one the first time.
        mutating func id(of locale: String) -> Int {
            if let id = ids[locale] { return id }
            let id = locales.count
            ids[locale] = id
            locales.append(locale)
            // A locale's list holds at most one item per entry: room for all at once.
            places.append([])
            places[id].reserveCapacity(entries)
            layouts.append(CatalogLocaleList.Layout(capacity: entries))
            lastEntry.append(-1)
            return id
        }
    }

    /// The entries a locale has in this catalog: its own localization, or for the source language
    /// the key itself when it has none (Xcode uses the key as the source text).
    public func strings(for locale: String) -> CatalogLocaleList {
        stringsByLocale()[locale] ?? .empty
    }
}
